// A time control, parsed once into the one type that the command lines, the
// wire (v1::TimeControlSpec through proto/convert/time_control.h), the
// scheduler, the referee's clock and the records share.
#ifndef JUDKINS_COMMON_TIME_CONTROL_H_
#define JUDKINS_COMMON_TIME_CONTROL_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace judkins {

struct TimeControl {
  enum class Kind { kFischer, kByoyomi, kMovetime, kNodes, kDepth };

  // What any time control may ask for, wherever it comes from.
  static constexpr double kMaxSeconds = 1e6;          // a main time, increment or byoyomi period
  static constexpr double kMaxMovetimeSeconds = 1e4;  // a fixed time per move
  static constexpr uint64_t kMaxNodes = 10'000'000'000ull;
  static constexpr int kMaxDepth = 100;

  Kind kind = Kind::kFischer;
  absl::Duration base;       // Fischer and byoyomi main time
  absl::Duration increment;  // Fischer
  absl::Duration byoyomi;    // per move once the main time is gone
  absl::Duration movetime;
  uint64_t nodes = 0;
  int depth = 0;

  // The command-line spelling of each kind: --tc, --byoyomi, --movetime,
  // --nodes, --depth (also the keys of a per-engine time control).
  static std::optional<Kind> KindNamed(absl::string_view name);
  static const char* NameOf(Kind kind);

  // Parses the text of one kind: "10+0.1" (BASE+INCREMENT seconds) for
  // Fischer, "30+1" (BASE+BYOYOMI) for byoyomi, seconds for movetime, a count
  // for nodes and depth. An error says what was expected.
  static absl::StatusOr<TimeControl> Parse(Kind kind, absl::string_view text);
  static absl::StatusOr<TimeControl> Fischer(absl::string_view text) { return Parse(Kind::kFischer, text); }
  static absl::StatusOr<TimeControl> Byoyomi(absl::string_view text) { return Parse(Kind::kByoyomi, text); }
  static absl::StatusOr<TimeControl> Movetime(absl::string_view seconds) { return Parse(Kind::kMovetime, seconds); }
  static absl::StatusOr<TimeControl> Nodes(absl::string_view count) { return Parse(Kind::kNodes, count); }
  static absl::StatusOr<TimeControl> Depth(absl::string_view plies) { return Parse(Kind::kDepth, plies); }

  bool timed() const { return kind == Kind::kFischer || kind == Kind::kByoyomi || kind == Kind::kMovetime; }
  // Every duration times `factor` (> 0), rounded to the millisecond; a node
  // or depth limit unchanged. How a slower machine gets more time.
  TimeControl ScaledBy(double factor) const;
  // The text Parse reads back ("10+0.1", "30+1", "0.5", "1000", "12").
  std::string Text() const;
  // The label of records and listings: "10+0.1", "0 byoyomi 1",
  // "movetime 0.5", "nodes 1000", "depth 12".
  std::string Label() const;

  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

}  // namespace judkins

#endif  // JUDKINS_COMMON_TIME_CONTROL_H_
