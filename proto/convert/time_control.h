// The time control on the wire (v1::TimeControlSpec) and the one typed
// TimeControl: every reader of a spec converts here, never by hand.
#ifndef JUDKINS_PROTO_CONVERT_TIME_CONTROL_H_
#define JUDKINS_PROTO_CONVERT_TIME_CONTROL_H_

#include "absl/status/statusor.h"
#include "common/time_control.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// The spec's time control; an error names the field ("fischer: ...", or
// "missing" when no kind is set).
absl::StatusOr<TimeControl> TimeControlOf(const v1::TimeControlSpec& spec);

v1::TimeControlSpec SpecOf(const TimeControl& time_control);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_TIME_CONTROL_H_
