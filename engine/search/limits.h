// What a "go" command asks of the search.
#ifndef JUDKINS_ENGINE_SEARCH_LIMITS_H_
#define JUDKINS_ENGINE_SEARCH_LIMITS_H_

#include <cstdint>

#include "absl/time/time.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

struct SearchLimits {
  int depth = 0;            // 0: no depth limit
  uint64_t nodes = 0;       // 0: no node limit
  absl::Duration movetime;  // zero: not given
  absl::Duration time[2];   // remaining clock per colour (btime, wtime)
  absl::Duration increment[2];
  absl::Duration byoyomi;
  bool infinite = false;
  bool ponder = false;
  bool HasClock() const {
    return time[0] > absl::ZeroDuration() || time[1] > absl::ZeroDuration() || byoyomi > absl::ZeroDuration();
  }
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_LIMITS_H_
