// The one shape of a validation error everywhere input is checked: "WHERE:
// WHY", WHERE naming what was wrong: an option (--tc), a message field
// (spec.time_control.fischer) or a parameter.
#ifndef JUDKINS_COMMON_INVALID_ARGUMENT_H_
#define JUDKINS_COMMON_INVALID_ARGUMENT_H_

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace judkins {

inline absl::Status InvalidArgument(absl::string_view where, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(where, ": ", why));
}

}  // namespace judkins

#endif  // JUDKINS_COMMON_INVALID_ARGUMENT_H_
