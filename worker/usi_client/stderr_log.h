// An engine's standard error kept within bounds on the worker's disk, where
// the spool and the cache need the room: the first head_bytes in the log file
// itself, the latest output in PATH.tail, rotated to PATH.tail.1 each time it
// passes tail_bytes. However much an engine prints, the three files hold at
// most head_bytes + 2 * tail_bytes (and a line saying where the rest went),
// and what it printed first and last is there to read.
//
// The engine writes into a pipe; a thread of this object's own copies it to
// the files. Engines of one artifact on concurrent slots share one log: each
// copy takes an exclusive flock of the head file, so their bounds hold
// together.
#ifndef JUDKINS_WORKER_USI_CLIENT_STDERR_LOG_H_
#define JUDKINS_WORKER_USI_CLIENT_STDERR_LOG_H_

#include <cstddef>
#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace judkins {

struct StderrLimits {
  size_t head_bytes = 1 << 20;
  size_t tail_bytes = 1 << 20;
};

class StderrLog {
  struct Passkey {
    explicit Passkey() = default;
  };

 public:
  // Opens (appends to) `path` and starts copying from `read_end`, which it
  // owns from then on.
  static absl::StatusOr<std::unique_ptr<StderrLog>> Start(const std::string& path, int read_end, StderrLimits limits);
  // Copies what the pipe still holds, then stops, even if some process the
  // engine started still has the pipe open.
  ~StderrLog();
  StderrLog(const StderrLog&) = delete;
  StderrLog& operator=(const StderrLog&) = delete;

  StderrLog(Passkey, std::string path, int head_fd, int read_end, int stop_fd, StderrLimits limits);

 private:
  void Copy();
  void Append(absl::string_view data);

  const std::string path_;
  const int head_fd_;   // O_APPEND
  const int read_end_;  // the engine's stderr pipe
  const int stop_fd_;   // an eventfd: the destructor's word to stop
  const StderrLimits limits_;
  std::thread copier_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_USI_CLIENT_STDERR_LOG_H_
