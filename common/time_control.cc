#include "common/time_control.h"

#include <cassert>
#include <cmath>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/decimal.h"
#include "common/valid_text.h"

namespace judkins {
namespace {

struct KindName {
  TimeControl::Kind kind;
  const char* name;
};
constexpr KindName kKindNames[] = {{TimeControl::Kind::kFischer, "tc"},
                                   {TimeControl::Kind::kByoyomi, "byoyomi"},
                                   {TimeControl::Kind::kMovetime, "movetime"},
                                   {TimeControl::Kind::kNodes, "nodes"},
                                   {TimeControl::Kind::kDepth, "depth"}};

absl::StatusOr<absl::Duration> Seconds(absl::string_view text, absl::string_view what, double max) {
  double seconds = 0;
  if (!ParseDecimal(text, &seconds) || seconds < 0)
    return absl::InvalidArgumentError(absl::StrCat(what, ": ", Quoted(text), " is not a number of seconds"));
  if (seconds > max) return absl::InvalidArgumentError(absl::StrCat(what, ": at most ", max, " seconds"));
  return absl::Seconds(seconds);
}

// "BASE+EXTRA", both in seconds.
absl::StatusOr<std::pair<absl::Duration, absl::Duration>> TwoParts(absl::string_view text, absl::string_view what) {
  std::vector<absl::string_view> parts = absl::StrSplit(text, '+');
  if (parts.size() != 2)
    return absl::InvalidArgumentError(absl::StrCat(what, " must look like BASE+EXTRA, got ", Quoted(text)));
  absl::StatusOr<absl::Duration> first = Seconds(parts[0], what, TimeControl::kMaxSeconds);
  if (!first.ok()) return first.status();
  absl::StatusOr<absl::Duration> second = Seconds(parts[1], what, TimeControl::kMaxSeconds);
  if (!second.ok()) return second.status();
  return std::make_pair(*first, *second);
}

std::string SecondsText(absl::Duration d) { return absl::StrCat(absl::ToDoubleSeconds(d)); }

}  // namespace

std::optional<TimeControl::Kind> TimeControl::KindNamed(absl::string_view name) {
  for (const KindName& entry : kKindNames)
    if (name == entry.name) return entry.kind;
  return std::nullopt;
}

const char* TimeControl::NameOf(Kind kind) {
  for (const KindName& entry : kKindNames)
    if (kind == entry.kind) return entry.name;
  return "?";
}

absl::StatusOr<TimeControl> TimeControl::Parse(Kind kind, absl::string_view text) {
  TimeControl tc;
  tc.kind = kind;
  switch (kind) {
    case Kind::kFischer: {
      auto parts = TwoParts(text, "time control");
      if (!parts.ok()) return parts.status();
      if (parts->first <= absl::ZeroDuration())
        return absl::InvalidArgumentError("time control needs a positive base time");
      tc.base = parts->first;
      tc.increment = parts->second;
      return tc;
    }
    case Kind::kByoyomi: {
      auto parts = TwoParts(text, "byoyomi");
      if (!parts.ok()) return parts.status();
      if (parts->second <= absl::ZeroDuration()) return absl::InvalidArgumentError("byoyomi needs a positive period");
      tc.base = parts->first;
      tc.byoyomi = parts->second;
      return tc;
    }
    case Kind::kMovetime: {
      absl::StatusOr<absl::Duration> movetime = Seconds(text, "movetime", kMaxMovetimeSeconds);
      if (!movetime.ok()) return movetime.status();
      if (*movetime <= absl::ZeroDuration()) return absl::InvalidArgumentError("movetime must be positive");
      tc.movetime = *movetime;
      return tc;
    }
    case Kind::kNodes:
      if (!ParseDecimal(text, &tc.nodes) || tc.nodes == 0 || tc.nodes > kMaxNodes)
        return absl::InvalidArgumentError(
            absl::StrCat("nodes must be a positive integer up to ", kMaxNodes, ", got ", Quoted(text)));
      return tc;
    case Kind::kDepth:
      if (!ParseDecimal(text, &tc.depth) || tc.depth < 1 || tc.depth > kMaxDepth)
        return absl::InvalidArgumentError(absl::StrCat("depth must be 1 to ", kMaxDepth, ", got ", Quoted(text)));
      return tc;
  }
  return absl::InvalidArgumentError("unknown kind of time control");
}

TimeControl TimeControl::ScaledBy(double factor) const {
  assert(factor > 0);
  auto scale = [factor](absl::Duration duration) {
    return absl::Milliseconds(std::llround(absl::ToDoubleMilliseconds(duration) * factor));
  };
  TimeControl scaled = *this;
  scaled.base = scale(base);
  scaled.increment = scale(increment);
  scaled.byoyomi = scale(byoyomi);
  scaled.movetime = scale(movetime);
  return scaled;
}

std::string TimeControl::Text() const {
  switch (kind) {
    case Kind::kFischer:
      return absl::StrCat(SecondsText(base), "+", SecondsText(increment));
    case Kind::kByoyomi:
      return absl::StrCat(SecondsText(base), "+", SecondsText(byoyomi));
    case Kind::kMovetime:
      return SecondsText(movetime);
    case Kind::kNodes:
      return absl::StrCat(nodes);
    case Kind::kDepth:
      return absl::StrCat(depth);
  }
  return "?";
}

std::string TimeControl::Label() const {
  switch (kind) {
    case Kind::kFischer:
      return Text();
    case Kind::kByoyomi:
      return absl::StrCat(SecondsText(base), " byoyomi ", SecondsText(byoyomi));
    case Kind::kMovetime:
      return absl::StrCat("movetime ", Text());
    case Kind::kNodes:
      return absl::StrCat("nodes ", nodes);
    case Kind::kDepth:
      return absl::StrCat("depth ", depth);
  }
  return "?";
}

}  // namespace judkins
