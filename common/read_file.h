// A whole file as a string, or an error naming the file.
#ifndef JUDKINS_COMMON_READ_FILE_H_
#define JUDKINS_COMMON_READ_FILE_H_

#include <string>

#include "absl/status/statusor.h"

namespace judkins {

absl::StatusOr<std::string> ReadFile(const std::string& path);

}  // namespace judkins

#endif  // JUDKINS_COMMON_READ_FILE_H_
