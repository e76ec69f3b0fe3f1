#include "engine/search/time_manager.h"

#include <algorithm>
#include <iterator>

#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

namespace {

// The target's scale by how many iterations the best move has stood: a move
// just changed asks for more time, one that has stood for four for less.
constexpr double kStabilityScale[] = {1.6, 1.25, 1.0, 0.85, 0.7};
constexpr int kMostStableIterations = static_cast<int>(std::size(kStabilityScale)) - 1;
// A falling score earns time and a rising one saves it: the target scales by
// 1 + the fall / 200 cp, within [kLeastScoreFallScale, kMostScoreFallScale].
constexpr double kScoreFallPerCentipawn = 1.0 / 200;
constexpr double kLeastScoreFallScale = 0.8;
constexpr double kMostScoreFallScale = 1.5;

}  // namespace

TimeManager::TimeManager(const SearchLimits& limits, Color us, absl::Duration overhead) {
  const absl::Duration floor = absl::Milliseconds(1);
  if (limits.movetime > absl::ZeroDuration()) {
    limited_ = true;
    optimum_ = maximum_ = use_or_lose_ = std::max(floor, limits.movetime - overhead);
    return;
  }
  if (!limits.HasClock()) return;
  limited_ = true;
  // Expect about 30 more moves; the increment and byoyomi come back each move.
  const absl::Duration remaining = limits.time[us], increment = limits.increment[us];
  const absl::Duration usable = std::max(floor, remaining + limits.byoyomi - overhead);
  const absl::Duration byoyomi_share = limits.byoyomi * 9 / 10;
  optimum_ = std::min(usable, remaining / 30 + increment * 3 / 4 + byoyomi_share);
  maximum_ = std::min(usable, std::max(optimum_, remaining / 6 + increment + byoyomi_share));
  optimum_ = std::max(floor, optimum_ - overhead / 2);
  use_or_lose_ = std::min(optimum_, byoyomi_share);
}

absl::Duration TimeManager::Target(int stable_iterations, int score_fall) const {
  const double stability = kStabilityScale[std::clamp(stable_iterations, 0, kMostStableIterations)];
  const double fall = std::clamp(1 + score_fall * kScoreFallPerCentipawn, kLeastScoreFallScale, kMostScoreFallScale);
  return std::min(maximum_, std::max(use_or_lose_, optimum_ * (stability * fall)));
}

JUDKINS_EDITION_END
}  // namespace judkins
