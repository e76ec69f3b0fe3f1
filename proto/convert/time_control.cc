#include "proto/convert/time_control.h"

#include <cmath>

#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

absl::StatusOr<TimeControl> Named(absl::string_view field, absl::StatusOr<TimeControl> parsed) {
  if (!parsed.ok()) return absl::InvalidArgumentError(absl::StrCat(field, ": ", parsed.status().message()));
  return parsed;
}

}  // namespace

absl::StatusOr<TimeControl> TimeControlOf(const v1::TimeControlSpec& spec) {
  using Kind = TimeControl::Kind;
  TimeControl tc;
  switch (spec.kind_case()) {
    case v1::TimeControlSpec::kFischer:
      return Named("fischer", TimeControl::Parse(Kind::kFischer, spec.fischer()));
    case v1::TimeControlSpec::kByoyomi:
      return Named("byoyomi", TimeControl::Parse(Kind::kByoyomi, spec.byoyomi()));
    case v1::TimeControlSpec::kMovetime: {
      // A double on the wire: checked as a number, not printed and re-read.
      const double seconds = spec.movetime();
      if (!(std::isfinite(seconds) && seconds > 0 && seconds <= TimeControl::kMaxMovetimeSeconds))
        return absl::InvalidArgumentError(
            absl::StrCat("movetime: more than 0 and at most ", TimeControl::kMaxMovetimeSeconds, " seconds"));
      tc.kind = Kind::kMovetime;
      tc.movetime = absl::Seconds(seconds);
      return tc;
    }
    case v1::TimeControlSpec::kNodes:
      if (spec.nodes() == 0 || spec.nodes() > TimeControl::kMaxNodes)
        return absl::InvalidArgumentError(absl::StrCat("nodes: 1 to ", TimeControl::kMaxNodes));
      tc.kind = Kind::kNodes;
      tc.nodes = spec.nodes();
      return tc;
    case v1::TimeControlSpec::kDepth:
      if (spec.depth() == 0 || spec.depth() > uint32_t(TimeControl::kMaxDepth))
        return absl::InvalidArgumentError(absl::StrCat("depth: 1 to ", TimeControl::kMaxDepth));
      tc.kind = Kind::kDepth;
      tc.depth = int(spec.depth());
      return tc;
    case v1::TimeControlSpec::KIND_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError("missing");
}

v1::TimeControlSpec SpecOf(const TimeControl& time_control) {
  v1::TimeControlSpec spec;
  switch (time_control.kind) {
    case TimeControl::Kind::kFischer:
      spec.set_fischer(time_control.Text());
      break;
    case TimeControl::Kind::kByoyomi:
      spec.set_byoyomi(time_control.Text());
      break;
    case TimeControl::Kind::kMovetime:
      spec.set_movetime(absl::ToDoubleSeconds(time_control.movetime));
      break;
    case TimeControl::Kind::kNodes:
      spec.set_nodes(time_control.nodes);
      break;
    case TimeControl::Kind::kDepth:
      spec.set_depth(uint32_t(time_control.depth));
      break;
  }
  return spec;
}

}  // namespace judkins
