// How long to think: a soft target checked between iterations and a hard
// limit checked inside the search, both kept clear of the clock's end.
#ifndef JUDKINS_ENGINE_SEARCH_TIME_MANAGER_H_
#define JUDKINS_ENGINE_SEARCH_TIME_MANAGER_H_

#include "absl/time/time.h"
#include "engine/rules/edition.h"
#include "engine/rules/types.h"
#include "engine/search/limits.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

class TimeManager {
 public:
  // overhead: what the transport and the referee may cost per move.
  TimeManager(const SearchLimits& limits, Color us, absl::Duration overhead);
  bool limited() const { return limited_; }
  absl::Duration optimum() const { return optimum_; }
  absl::Duration maximum() const { return maximum_; }

 private:
  bool limited_ = false;
  absl::Duration optimum_ = absl::InfiniteDuration();
  absl::Duration maximum_ = absl::InfiniteDuration();
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_TIME_MANAGER_H_
