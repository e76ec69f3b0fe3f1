// Whether an engine's program can be started, checked before a local match
// plays its first game: a mistyped path, or a command line given as one
// word, then fails the match at once with its reason instead of losing
// every game as a crash. The program is looked for as posix_spawnp looks
// for it in the child (engine_process.cc): a name with a slash from the
// engine's working directory, a bare name through this process's PATH.
#ifndef JUDKINS_WORKER_USI_CLIENT_PROGRAM_PATH_H_
#define JUDKINS_WORKER_USI_CLIENT_PROGRAM_PATH_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace judkins {

// OK when `program` names a regular file this process may execute; else an
// InvalidArgument error "'PROGRAM': WHY" (no such file, a directory, not
// executable, not found in PATH).
absl::Status CheckProgramRunnable(absl::string_view program, absl::string_view working_directory);

}  // namespace judkins

#endif  // JUDKINS_WORKER_USI_CLIENT_PROGRAM_PATH_H_
