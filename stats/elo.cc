#include "stats/elo.h"

#include <algorithm>
#include <numeric>

namespace judkins::stats {

double LogisticScore(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double EloFromScore(double score) {
  score = std::clamp(score, 1e-3, 1.0 - 1e-3);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double NormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

Distribution ResultsToDistribution(std::span<const double> counts, double* total) {
  constexpr double kPrior = 1e-3;
  std::vector<double> regularized(counts.begin(), counts.end());
  for (double& count : regularized)
    if (count == 0) count = kPrior;
  const double n = std::accumulate(regularized.begin(), regularized.end(), 0.0);
  if (total) *total = n;
  Distribution pdf;
  const size_t size = regularized.size();
  for (size_t i = 0; i < size; ++i) {
    pdf.values.push_back(double(i) / double(size - 1));
    pdf.probs.push_back(regularized[i] / n);
  }
  return pdf;
}

Moments ComputeMoments(const Distribution& pdf) {
  Moments m;
  for (size_t i = 0; i < pdf.values.size(); ++i) m.mean += pdf.probs[i] * pdf.values[i];
  double m3 = 0, m4 = 0;
  for (size_t i = 0; i < pdf.values.size(); ++i) {
    const double d = pdf.values[i] - m.mean;
    m.variance += pdf.probs[i] * d * d;
    m3 += pdf.probs[i] * d * d * d;
    m4 += pdf.probs[i] * d * d * d * d;
  }
  m.skewness = m3 / std::pow(m.variance, 1.5);
  m.excess_kurtosis = m4 / (m.variance * m.variance) - 3;
  return m;
}

}  // namespace judkins::stats
