// Elo estimates with 95% intervals: the fixed-games formula, normalized Elo,
// and fishtest's median-unbiased estimate for a sequential test.
#ifndef JUDKINS_STATS_ELO_ESTIMATE_H_
#define JUDKINS_STATS_ELO_ESTIMATE_H_

#include <span>

#include "stats/sprt.h"

namespace judkins::stats {

struct FixedGamesElo {
  double elo = 0;    // logistic
  double elo95 = 0;  // half-width of the 95% interval
  double los = 0;    // likelihood of superiority
};
FixedGamesElo EstimateFixedGamesElo(std::span<const double> counts);

struct NormalizedElo {
  double nelo = 0;
  double nelo95 = 0;
};
NormalizedElo EstimateNormalizedElo(std::span<const double> counts);

struct SprtElo {
  double elo = 0;  // logistic Elo, whatever the test's model
  double ci_lower = 0, ci_upper = 0;
  double los = 0;
  double llr = 0;  // the exact model LLR
  // The Brownian approximation's own LLR and time, and whether it was clamped.
  double internal_llr = 0, internal_time = 0;
  bool clamped = false;
};
SprtElo EstimateSprtElo(const SprtParameters& parameters, const TestResults& results);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_ELO_ESTIMATE_H_
