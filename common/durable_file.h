// What makes a written file survive a power cut: its data synced, and the
// directory that names it synced after a create or a rename.
#ifndef JUDKINS_COMMON_DURABLE_FILE_H_
#define JUDKINS_COMMON_DURABLE_FILE_H_

#include <string>

#include "absl/status/status.h"

namespace judkins {

// fsync of the file's data (it must exist); Unavailable naming the path.
absl::Status SyncFile(const std::string& path);
// fsync of a directory, after a file in it was created, renamed or removed.
absl::Status SyncDirectory(const std::string& directory);

}  // namespace judkins

#endif  // JUDKINS_COMMON_DURABLE_FILE_H_
