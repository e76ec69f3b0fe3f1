// The generalized log-likelihood ratio of a sequential test, exactly as
// fishtest computes it for each Elo model.
#ifndef JUDKINS_STATS_LLR_H_
#define JUDKINS_STATS_LLR_H_

#include <span>

#include "stats/elo.h"

namespace judkins::stats {

// The maximum-likelihood distribution with expected score s, given the
// observed one (fishtest's MLE_expected).
Distribution MaximumLikelihoodForScore(const Distribution& observed, double s);
// ... with t-value (mean - reference) / sigma equal to t (MLE_t_value).
Distribution MaximumLikelihoodForTValue(const Distribution& observed, double reference, double t);

// Bounds in logistic Elo.
double LlrLogistic(double elo0, double elo1, std::span<const double> counts);
// Bounds in normalized Elo; pentanomial t-values are scaled by sqrt(2).
double LlrNormalized(double nelo0, double nelo1, std::span<const double> counts);

// BayesElo: the draw Elo of trinomial [L, D, W] counts (regularized first) and
// the logistic Elo of a BayesElo difference under that draw Elo.
double DrawElo(std::span<const double> ldw);
double BayesEloToLogistic(double bayes_elo, double draw_elo);
// The legacy trinomial BayesElo likelihood ratio (OpenBench's trinomial LLR),
// on regularized [L, D, W] counts.
double LlrLegacyBayesElo(double belo0, double belo1, std::span<const double> ldw);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_LLR_H_
