#include "worker/match/game_clock.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

std::string Ms(absl::Duration d) { return absl::StrCat(absl::ToInt64Milliseconds(std::max(d, absl::ZeroDuration()))); }

}  // namespace

GameClock::GameClock(const std::array<TimeControl, 2>& controls, absl::Duration margin)
    : controls_(controls), margin_(margin), remaining_{controls[kBlack].base, controls[kWhite].base} {}

std::string GameClock::GoCommand(Color side, bool swap_clocks) const {
  const TimeControl& control = controls_[side];
  const Color b = swap_clocks ? kWhite : kBlack, w = ~b;
  switch (control.kind) {
    case TimeControl::Kind::kFischer:
      return absl::StrCat("go btime ", Ms(remaining_[b]), " wtime ", Ms(remaining_[w]), " binc ",
                          Ms(controls_[b].increment), " winc ", Ms(controls_[w].increment));
    case TimeControl::Kind::kByoyomi:
      return absl::StrCat("go btime ", Ms(remaining_[b]), " wtime ", Ms(remaining_[w]), " byoyomi ",
                          Ms(control.byoyomi));
    case TimeControl::Kind::kMovetime:
      return absl::StrCat("go movetime ", Ms(control.movetime));
    case TimeControl::Kind::kNodes:
      return absl::StrCat("go nodes ", control.nodes);
    case TimeControl::Kind::kDepth:
      return absl::StrCat("go depth ", control.depth);
  }
  return "go";
}

absl::Duration GameClock::Allowance(Color side) const {
  const TimeControl& control = controls_[side];
  switch (control.kind) {
    case TimeControl::Kind::kFischer:
      return remaining_[side] + margin_;
    case TimeControl::Kind::kByoyomi:
      return remaining_[side] + control.byoyomi + margin_;
    case TimeControl::Kind::kMovetime:
      return control.movetime + margin_;
    default:
      return absl::InfiniteDuration();
  }
}

bool GameClock::Charge(Color side, absl::Duration elapsed) {
  if (elapsed > Allowance(side)) return false;
  const TimeControl& control = controls_[side];
  if (control.kind == TimeControl::Kind::kFischer)
    remaining_[side] = std::max(absl::ZeroDuration(), remaining_[side] - elapsed + control.increment);
  if (control.kind == TimeControl::Kind::kByoyomi)
    remaining_[side] = std::max(absl::ZeroDuration(), remaining_[side] - elapsed);
  return true;
}

}  // namespace judkins
