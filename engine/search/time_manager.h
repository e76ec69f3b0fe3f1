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
  // The soft target after an iteration: longer while the best move keeps
  // changing or the score falls, shorter once both have settled; never past the
  // maximum, and never below the time that is lost if not used (a fixed move
  // time whole, byoyomi's share).
  // stable_iterations: how many iterations in a row the best move has stood;
  // score_fall: the last iteration's score minus this one's, in centipawns.
  absl::Duration Target(int stable_iterations, int score_fall) const;

 private:
  bool limited_ = false;
  absl::Duration use_or_lose_ = absl::ZeroDuration();  // the target's floor
  absl::Duration optimum_ = absl::InfiniteDuration();
  absl::Duration maximum_ = absl::InfiniteDuration();
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_TIME_MANAGER_H_
