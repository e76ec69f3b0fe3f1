// Elo scales and the distributions of game results they are read from.
// Results are counts from the tested engine's view: trinomial [L, D, W]
// (games) or pentanomial [LL, LD, DD+WL, DW, WW] (game pairs).
#ifndef JUDKINS_STATS_ELO_H_
#define JUDKINS_STATS_ELO_H_

#include <cmath>
#include <span>
#include <vector>

namespace judkins::stats {

// Normalized Elo per unit of t-value: 800 / ln 10.
inline const double kNeloPerT = 800.0 / std::log(10.0);
// The 97.5% quantile of the standard normal distribution.
constexpr double kZ975 = 1.959963984540054;

double LogisticScore(double elo);   // expected score of a side that much stronger
double EloFromScore(double score);  // the inverse, with the score clamped to [0.001, 0.999]
double NormalCdf(double x);

// An outcome distribution: values a_i = i / (n - 1), probabilities p_i.
struct Distribution {
  std::vector<double> values;
  std::vector<double> probs;
};

// Zero counts become 1e-3 (a small prior) before anything else, so the total
// may be fractional; `total` receives it.
Distribution ResultsToDistribution(std::span<const double> counts, double* total = nullptr);

struct Moments {
  double mean = 0, variance = 0, skewness = 0, excess_kurtosis = 0;
};
Moments ComputeMoments(const Distribution& pdf);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_ELO_H_
