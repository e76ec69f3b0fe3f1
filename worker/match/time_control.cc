#include "worker/match/time_control.h"

#include <algorithm>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace judkins {
namespace {

absl::StatusOr<absl::Duration> Seconds(absl::string_view text, absl::string_view what) {
  double seconds = 0;
  if (!absl::SimpleAtod(text, &seconds) || !(seconds >= 0) || seconds > 1e6)
    return absl::InvalidArgumentError(absl::StrCat(what, ": '", text, "' is not a number of seconds"));
  return absl::Seconds(seconds);
}

absl::StatusOr<std::pair<absl::Duration, absl::Duration>> TwoParts(absl::string_view text, absl::string_view what) {
  std::vector<absl::string_view> parts = absl::StrSplit(text, '+');
  if (parts.size() != 2) return absl::InvalidArgumentError(absl::StrCat(what, " must look like BASE+EXTRA, got '", text, "'"));
  absl::StatusOr<absl::Duration> first = Seconds(parts[0], what), second = Seconds(parts[1], what);
  if (!first.ok()) return first.status();
  if (!second.ok()) return second.status();
  return std::make_pair(*first, *second);
}

std::string Ms(absl::Duration d) { return absl::StrCat(absl::ToInt64Milliseconds(std::max(d, absl::ZeroDuration()))); }

}  // namespace

absl::StatusOr<TimeControl> TimeControl::Fischer(absl::string_view text) {
  auto parts = TwoParts(text, "time control");
  if (!parts.ok()) return parts.status();
  if (parts->first <= absl::ZeroDuration()) return absl::InvalidArgumentError("time control needs a positive base time");
  TimeControl tc;
  tc.kind = Kind::kFischer;
  tc.base = parts->first;
  tc.increment = parts->second;
  return tc;
}

absl::StatusOr<TimeControl> TimeControl::Byoyomi(absl::string_view text) {
  auto parts = TwoParts(text, "byoyomi");
  if (!parts.ok()) return parts.status();
  if (parts->second <= absl::ZeroDuration()) return absl::InvalidArgumentError("byoyomi needs a positive period");
  TimeControl tc;
  tc.kind = Kind::kByoyomi;
  tc.base = parts->first;
  tc.byoyomi = parts->second;
  return tc;
}

absl::StatusOr<TimeControl> TimeControl::Movetime(absl::string_view seconds) {
  absl::StatusOr<absl::Duration> movetime = Seconds(seconds, "movetime");
  if (!movetime.ok()) return movetime.status();
  if (*movetime <= absl::ZeroDuration()) return absl::InvalidArgumentError("movetime must be positive");
  TimeControl tc;
  tc.kind = Kind::kMovetime;
  tc.movetime = *movetime;
  return tc;
}

absl::StatusOr<TimeControl> TimeControl::Nodes(absl::string_view count) {
  TimeControl tc;
  tc.kind = Kind::kNodes;
  if (!absl::SimpleAtoi(count, &tc.nodes) || tc.nodes == 0)
    return absl::InvalidArgumentError(absl::StrCat("nodes must be a positive integer, got '", count, "'"));
  return tc;
}

absl::StatusOr<TimeControl> TimeControl::Depth(absl::string_view plies) {
  TimeControl tc;
  tc.kind = Kind::kDepth;
  if (!absl::SimpleAtoi(plies, &tc.depth) || tc.depth < 1 || tc.depth > 100)
    return absl::InvalidArgumentError(absl::StrCat("depth must be 1 to 100, got '", plies, "'"));
  return tc;
}

std::string TimeControl::ToString() const {
  switch (kind) {
    case Kind::kFischer: return absl::StrCat(absl::ToDoubleSeconds(base), "+", absl::ToDoubleSeconds(increment));
    case Kind::kByoyomi: return absl::StrCat(absl::ToDoubleSeconds(base), " byoyomi ", absl::ToDoubleSeconds(byoyomi));
    case Kind::kMovetime: return absl::StrCat("movetime ", absl::ToDoubleSeconds(movetime));
    case Kind::kNodes: return absl::StrCat("nodes ", nodes);
    case Kind::kDepth: return absl::StrCat("depth ", depth);
  }
  return "?";
}

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
    case TimeControl::Kind::kMovetime: return absl::StrCat("go movetime ", Ms(control.movetime));
    case TimeControl::Kind::kNodes: return absl::StrCat("go nodes ", control.nodes);
    case TimeControl::Kind::kDepth: return absl::StrCat("go depth ", control.depth);
  }
  return "go";
}

absl::Duration GameClock::Allowance(Color side) const {
  const TimeControl& control = controls_[side];
  switch (control.kind) {
    case TimeControl::Kind::kFischer: return remaining_[side] + margin_;
    case TimeControl::Kind::kByoyomi: return remaining_[side] + control.byoyomi + margin_;
    case TimeControl::Kind::kMovetime: return control.movetime + margin_;
    default: return absl::InfiniteDuration();
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
