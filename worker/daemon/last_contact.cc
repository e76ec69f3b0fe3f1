#include "worker/daemon/last_contact.h"

#include <cstdio>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/log.h"
#include "common/read_file.h"

namespace judkins {

void LastContact::Mark() {
  const absl::Time now = absl::Now();
  absl::MutexLock lock(&mutex_);
  if (now - written_ < kResolution) return;
  written_ = now;
  // Written whole then renamed, so a reader never sees half a number.
  const std::string temporary = path_ + ".tmp";
  std::ofstream(temporary, std::ios::trunc) << absl::ToUnixSeconds(now) << "\n";
  if (std::rename(temporary.c_str(), path_.c_str()) != 0 && !failure_reported_) {
    failure_reported_ = true;
    Log("judkins-worker", absl::StrCat("WARNING: cannot write '", path_, "': health checks will fail"));
  }
}

absl::StatusOr<absl::Duration> LastContact::Age(const std::string& path, absl::Time now) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return absl::NotFoundError(absl::StrCat("no contact with the coordinator yet ('", path, "' absent)"));
  int64_t seconds = 0;
  if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(*text), &seconds))
    return absl::InvalidArgumentError(absl::StrCat("'", path, "' does not hold a time"));
  return now - absl::FromUnixSeconds(seconds);
}

}  // namespace judkins
