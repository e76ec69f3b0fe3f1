#include "engine/search/time_manager.h"

#include <algorithm>
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

TimeManager::TimeManager(const SearchLimits& limits, Color us, absl::Duration overhead) {
  const absl::Duration floor = absl::Milliseconds(1);
  if (limits.movetime > absl::ZeroDuration()) {
    limited_ = true;
    optimum_ = maximum_ = std::max(floor, limits.movetime - overhead);
    return;
  }
  if (!limits.HasClock()) return;
  limited_ = true;
  // Expect about 30 more moves; the increment and byoyomi come back each move.
  const absl::Duration remaining = limits.time[us], increment = limits.increment[us];
  const absl::Duration usable = std::max(floor, remaining + limits.byoyomi - overhead);
  optimum_ = std::min(usable, remaining / 30 + increment * 3 / 4 + limits.byoyomi * 9 / 10);
  maximum_ = std::min(usable, std::max(optimum_, remaining / 6 + increment + limits.byoyomi * 9 / 10));
  optimum_ = std::max(floor, optimum_ - overhead / 2);
}

JUDKINS_EDITION_END
}  // namespace judkins
