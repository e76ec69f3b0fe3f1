// The clock the referee keeps for a game; engines' own accounting is never
// trusted.
#ifndef JUDKINS_WORKER_MATCH_GAME_CLOCK_H_
#define JUDKINS_WORKER_MATCH_GAME_CLOCK_H_

#include <array>
#include <string>

#include "absl/time/time.h"
#include "common/time_control.h"
#include "engine/rules/types.h"

namespace judkins {

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

#endif  // JUDKINS_WORKER_MATCH_GAME_CLOCK_H_
