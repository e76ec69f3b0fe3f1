// The project's one way to log: a line on stderr with a UTC timestamp and the
// program's name. (Debian's Abseil has no absl/log.)
#ifndef JUDKINS_COMMON_LOG_H_
#define JUDKINS_COMMON_LOG_H_

#include <iostream>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace judkins {

inline void Log(absl::string_view program, absl::string_view message) {
  const std::string time = absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", absl::Now(), absl::UTCTimeZone());
  std::cerr << time << " " << program << ": " << message << std::endl;  // one flushed line per call
}

}  // namespace judkins

#endif  // JUDKINS_COMMON_LOG_H_
