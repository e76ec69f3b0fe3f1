// A child process spoken to line by line: an engine's stdin and stdout.
// Reads take a deadline and never block past it; the destructor always
// kills and reaps the child (and anything it started in its process group).
#ifndef JUDKINS_WORKER_USI_CLIENT_ENGINE_PROCESS_H_
#define JUDKINS_WORKER_USI_CLIENT_ENGINE_PROCESS_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace judkins {

struct ProcessSpec {
  std::vector<std::string> argv = {};  // argv[0] is looked up in PATH if it has no '/'
  std::string working_directory = {};  // empty: inherit
  std::string stderr_path = {};        // empty: /dev/null; else appended to
};

class EngineProcess {
  struct Passkey {
    explicit Passkey() = default;
  };

 public:
  static absl::StatusOr<std::unique_ptr<EngineProcess>> Start(const ProcessSpec& spec);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  absl::Status WriteLine(absl::string_view line);
  // The next line of output without its newline. DeadlineExceeded if none came
  // in time, Unavailable once the process closed its output.
  absl::StatusOr<std::string> ReadLine(absl::Time deadline);
  // Closes stdin, waits up to grace for the process to exit, then kills it.
  // Returns the wait status (as waitpid reports it).
  int Stop(absl::Duration grace);
  bool Exited();  // reaps without blocking
  pid_t pid() const { return pid_; }

  // Only Start makes one (Passkey is private).
  EngineProcess(Passkey, pid_t pid, int input, int output) : pid_(pid), input_(input), output_(output) {}

 private:
  void Kill();

  pid_t pid_;
  int input_;   // our end of the child's stdin (a socket, so writes never raise SIGPIPE)
  int output_;  // our end of the child's stdout (a pipe)
  std::string buffer_;
  bool reaped_ = false;
  int wait_status_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_USI_CLIENT_ENGINE_PROCESS_H_
