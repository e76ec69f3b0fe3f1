#include "stats/llr.h"

#include <algorithm>
#include <cassert>

#include "stats/root_finding.h"

namespace judkins::stats {
namespace {

// Solves sum_i p_i a_i / (1 + x a_i) = 0 for x, inside the interval where
// every 1 + x a_i stays positive (the a_i must take both signs).
double SolveSecular(const std::vector<double>& a, const std::vector<double>& p) {
  constexpr double kEpsilon = 1e-9;
  const double lowest = *std::min_element(a.begin(), a.end());
  const double highest = *std::max_element(a.begin(), a.end());
  auto f = [&](double x) {
    double sum = 0;
    for (size_t i = 0; i < a.size(); ++i) sum += p[i] * a[i] / (1 + x * a[i]);
    return sum;
  };
  return FindRoot(f, -1 / highest + kEpsilon, -1 / lowest - kEpsilon).value_or(0.0);
}

double Llr(const Distribution& observed, const Distribution& h0, const Distribution& h1) {
  double sum = 0;
  for (size_t i = 0; i < observed.probs.size(); ++i)
    sum += observed.probs[i] * (std::log(h1.probs[i]) - std::log(h0.probs[i]));
  return sum;
}

// Win, loss and draw probabilities of a BayesElo difference.
struct BayesProbabilities {
  double win, loss, draw;
};
BayesProbabilities FromBayesElo(double bayes_elo, double draw_elo) {
  const double win = 1 / (1 + std::pow(10.0, (-bayes_elo + draw_elo) / 400));
  const double loss = 1 / (1 + std::pow(10.0, (bayes_elo + draw_elo) / 400));
  return {win, loss, 1 - win - loss};
}

}  // namespace

Distribution MaximumLikelihoodForScore(const Distribution& observed, double s) {
  std::vector<double> shifted;
  for (double a : observed.values) shifted.push_back(a - s);
  const double x = SolveSecular(shifted, observed.probs);
  Distribution result = observed;
  for (size_t i = 0; i < shifted.size(); ++i) result.probs[i] = observed.probs[i] / (1 + x * shifted[i]);
  return result;
}

Distribution MaximumLikelihoodForTValue(const Distribution& observed, double reference, double t) {
  const size_t n = observed.values.size();
  Distribution estimate = observed;
  std::fill(estimate.probs.begin(), estimate.probs.end(), 1.0 / double(n));
  for (int iteration = 0; iteration < 10; ++iteration) {
    const Distribution previous = estimate;
    const Moments m = ComputeMoments(estimate);
    const double sigma = std::sqrt(m.variance);
    std::vector<double> phi(n);
    for (size_t i = 0; i < n; ++i) {
      const double z = (m.mean - observed.values[i]) / sigma;
      phi[i] = observed.values[i] - reference - t * sigma * (1 + z * z) / 2;
    }
    const double x = SolveSecular(phi, observed.probs);
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      estimate.probs[i] = observed.probs[i] / (1 + x * phi[i]);
      change = std::max(change, std::fabs(previous.probs[i] - estimate.probs[i]));
    }
    if (change < 1e-9) break;
  }
  return estimate;
}

double LlrLogistic(double elo0, double elo1, std::span<const double> counts) {
  double n = 0;
  const Distribution observed = ResultsToDistribution(counts, &n);
  return n * Llr(observed, MaximumLikelihoodForScore(observed, LogisticScore(elo0)),
                 MaximumLikelihoodForScore(observed, LogisticScore(elo1)));
}

double LlrNormalized(double nelo0, double nelo1, std::span<const double> counts) {
  const double scale = counts.size() == 5 ? std::sqrt(2.0) : 1.0;
  const double t0 = nelo0 / kNeloPerT * scale, t1 = nelo1 / kNeloPerT * scale;
  double n = 0;
  const Distribution observed = ResultsToDistribution(counts, &n);
  return n *
         Llr(observed, MaximumLikelihoodForTValue(observed, 0.5, t0), MaximumLikelihoodForTValue(observed, 0.5, t1));
}

double DrawElo(std::span<const double> ldw) {
  double n = 0;
  const Distribution pdf = ResultsToDistribution(ldw, &n);
  const double loss = pdf.probs[0], win = pdf.probs[2];
  return 200 * std::log10((1 - loss) / loss * (1 - win) / win);
}

double BayesEloToLogistic(double bayes_elo, double draw_elo) {
  const BayesProbabilities p = FromBayesElo(bayes_elo, draw_elo);
  return EloFromScore(p.win + 0.5 * p.draw);
}

double LlrLegacyBayesElo(double belo0, double belo1, std::span<const double> ldw) {
  double n = 0;
  const Distribution pdf = ResultsToDistribution(ldw, &n);
  const double draw_elo = DrawElo(ldw);
  const BayesProbabilities p0 = FromBayesElo(belo0, draw_elo), p1 = FromBayesElo(belo1, draw_elo);
  return n * (pdf.probs[0] * std::log(p1.loss / p0.loss) + pdf.probs[1] * std::log(p1.draw / p0.draw) +
              pdf.probs[2] * std::log(p1.win / p0.win));
}

}  // namespace judkins::stats
