// A child process spoken to line by line: an engine's stdin and stdout.
// Reads take a deadline and never block past it, and a line is at most
// kMaxLineBytes long, so a process that prints without end costs a bounded
// buffer; the destructor always kills and reaps the child (and anything it
// started in its process group). The child gets a minimal environment unless
// told otherwise: an uploaded engine must not read the worker's tokens.
#ifndef JUDKINS_WORKER_USI_CLIENT_ENGINE_PROCESS_H_
#define JUDKINS_WORKER_USI_CLIENT_ENGINE_PROCESS_H_

#include <sys/types.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "worker/usi_client/stderr_log.h"

namespace judkins {

// A USI line is short (a long principal variation is a few kilobytes); a
// longer one is an engine gone wrong.
inline constexpr size_t kMaxLineBytes = 64 << 10;

// What a child sees of the environment when it does not inherit ours: a
// search path for the tools a wrapper script needs, a locale, nothing else.
inline constexpr const char* kMinimalEnvironment[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C.UTF-8"};

struct ProcessSpec {
  std::vector<std::string> argv = {};  // argv[0] is looked up in PATH if it has no '/'
  std::string working_directory = {};  // empty: inherit; else also the child's HOME
  std::string stderr_path = {};        // empty: /dev/null; else appended to, within stderr_limits
  StderrLimits stderr_limits = {};
  // Engines never do (the worker's environment may hold tokens); the
  // project's own programs, started by tests and tools, do.
  bool inherit_environment = false;
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

  // Each line followed by a newline, all in one system call and without
  // joining them first: a position command is kilobytes long.
  absl::Status WriteLines(absl::Span<const absl::string_view> lines);
  absl::Status WriteLine(absl::string_view line) { return WriteLines({line}); }
  // The next line of output without its newline, valid until the next read:
  // a referee reads several lines a move and keeps none of them whole.
  // DeadlineExceeded if none came in time, Unavailable once the process
  // closed its output, DataLoss once it printed more than kMaxLineBytes
  // without a newline.
  absl::StatusOr<absl::string_view> NextLine(absl::Time deadline);
  // NextLine, kept.
  absl::StatusOr<std::string> ReadLine(absl::Time deadline);
  // Closes stdin, waits up to grace for the process to exit, then kills it;
  // what it wrote to stderr is in its log on return. Returns the wait status
  // (as waitpid reports it).
  int Stop(absl::Duration grace);
  bool Exited();  // reaps without blocking
  pid_t pid() const { return pid_; }

  // Only Start makes one (Passkey is private).
  EngineProcess(Passkey, pid_t pid, int input, int output, std::unique_ptr<StderrLog> stderr_log)
      : pid_(pid), input_(input), output_(output), stderr_log_(std::move(stderr_log)) {}

 private:
  // How far a read's timeout may miss the time left (either way) without
  // being set again: a kTimeoutSlackDivisor-th of it, and at least
  // kMinTimeoutSlack. A read that wakes that much late costs nothing: the
  // caller's clock, not the timeout, decides a time loss, and an answer read
  // after its deadline is still charged as late. Set anew before every read,
  // the timeout cost two system calls a move.
  static constexpr absl::Duration kMinTimeoutSlack = absl::Milliseconds(1);
  static constexpr int kTimeoutSlackDivisor = 32;
  // The longest timeout set at once (a read then wakes to check).
  static constexpr absl::Duration kLongestWait = absl::Hours(1);
  // How often Stop looks for the exit where the kernel cannot tell it (no pidfd).
  static constexpr absl::Duration kExitPollInterval = absl::Milliseconds(5);

  // Makes the next read wait at most `left` (and not much less).
  absl::Status WaitAtMost(absl::Duration left);
  // Returns once the child has exited (and Exited() has reaped it) or at the deadline.
  void WaitForExit(absl::Time deadline);
  void Kill();

  pid_t pid_;
  int input_;                              // our end of the child's stdin (a socket, so writes never raise SIGPIPE)
  int output_;                             // our end of the child's stdout (a socket, read with a timeout)
  std::unique_ptr<StderrLog> stderr_log_;  // copies the child's stderr, when it has a log
  // Output read but not yet returned is buffer_ from unread_ on; lines are
  // cut from the front without moving the rest, which moves only before
  // more is appended.
  std::string buffer_;
  size_t unread_ = 0;
  size_t scanned_ = 0;                                      // buffer_ up to here holds no newline
  absl::Duration read_timeout_ = absl::InfiniteDuration();  // as set on output_; infinite: none
  bool reaped_ = false;
  int wait_status_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_USI_CLIENT_ENGINE_PROCESS_H_
