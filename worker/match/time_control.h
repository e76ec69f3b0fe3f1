// Time controls and the clock the referee keeps; engines' own accounting is
// never trusted.
#ifndef JUDKINS_WORKER_MATCH_TIME_CONTROL_H_
#define JUDKINS_WORKER_MATCH_TIME_CONTROL_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "engine/rules/types.h"

namespace judkins {

struct TimeControl {
  enum class Kind { kFischer, kByoyomi, kMovetime, kNodes, kDepth };
  Kind kind = Kind::kFischer;
  absl::Duration base;       // Fischer and byoyomi main time
  absl::Duration increment;  // Fischer
  absl::Duration byoyomi;    // per move once the main time is gone
  absl::Duration movetime;
  uint64_t nodes = 0;
  int depth = 0;

  // "10+0.1" (seconds), for Fischer.
  static absl::StatusOr<TimeControl> Fischer(absl::string_view text);
  // "30+1": main time and byoyomi, seconds.
  static absl::StatusOr<TimeControl> Byoyomi(absl::string_view text);
  static absl::StatusOr<TimeControl> Movetime(absl::string_view seconds);
  static absl::StatusOr<TimeControl> Nodes(absl::string_view count);
  static absl::StatusOr<TimeControl> Depth(absl::string_view plies);
  bool timed() const { return kind == Kind::kFischer || kind == Kind::kByoyomi || kind == Kind::kMovetime; }
  std::string ToString() const;  // as the TimeControl tag of a record
};

// One time control per side: engines may be given different ones.
class GameClock {
 public:
  GameClock(const std::array<TimeControl, 2>& controls, absl::Duration margin);
  // The USI go command for the side to move (clocks carry both sides' times;
  // swapped for engines that read them the other way round).
  std::string GoCommand(Color side, bool swap_clocks = false) const;
  bool timed(Color side) const { return controls_[side].timed(); }
  // How long the side may take before it has lost on time (untimed: forever).
  absl::Duration Allowance(Color side) const;
  // Charges a move's time; false if it overstepped the allowance.
  bool Charge(Color side, absl::Duration elapsed);
  absl::Duration remaining(Color side) const { return remaining_[side]; }

 private:
  std::array<TimeControl, 2> controls_;
  absl::Duration margin_;
  std::array<absl::Duration, 2> remaining_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_TIME_CONTROL_H_
