#include "worker/usi_client/stderr_log.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

// Writes all of `data`, unless the disk refuses: a log is not worth a retry loop.
void WriteAll(int fd, absl::string_view data) {
  while (!data.empty()) {
    const ssize_t written = write(fd, data.data(), data.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    data.remove_prefix(size_t(written));
  }
}

off_t SizeOf(int fd) {
  struct stat status {};
  return fstat(fd, &status) == 0 ? status.st_size : 0;
}

}  // namespace

absl::StatusOr<std::unique_ptr<StderrLog>> StderrLog::Start(const std::string& path, int read_end,
                                                            StderrLimits limits) {
  absl::Cleanup close_read_end = [read_end] { close(read_end); };
  const int head_fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (head_fd < 0) return absl::UnavailableError(absl::StrCat("cannot open '", path, "': ", std::strerror(errno)));
  const int stop_fd = eventfd(0, EFD_CLOEXEC);
  if (stop_fd < 0) {
    close(head_fd);
    return absl::UnavailableError(absl::StrCat("eventfd: ", std::strerror(errno)));
  }
  std::move(close_read_end).Cancel();
  auto log = std::make_unique<StderrLog>(Passkey(), path, head_fd, read_end, stop_fd, limits);
  log->copier_ = std::thread([raw = log.get()] { raw->Copy(); });
  return log;
}

StderrLog::StderrLog(Passkey, std::string path, int head_fd, int read_end, int stop_fd, StderrLimits limits)
    : path_(std::move(path)), head_fd_(head_fd), read_end_(read_end), stop_fd_(stop_fd), limits_(limits) {}

StderrLog::~StderrLog() {
  const uint64_t one = 1;
  (void)write(stop_fd_, &one, sizeof one);
  if (copier_.joinable()) copier_.join();
  close(read_end_);
  close(stop_fd_);
  close(head_fd_);
}

void StderrLog::Copy() {
  char chunk[16 << 10];
  bool stopping = false;
  while (true) {
    if (!stopping) {
      pollfd watched[2] = {{.fd = read_end_, .events = POLLIN, .revents = 0},
                           {.fd = stop_fd_, .events = POLLIN, .revents = 0}};
      if (poll(watched, 2, -1) < 0) {
        if (errno == EINTR) continue;
        return;
      }
      if (watched[1].revents != 0) {
        // What the engine wrote before it was stopped is still copied; a
        // process that keeps the pipe open past that is not waited for.
        stopping = true;
        fcntl(read_end_, F_SETFL, fcntl(read_end_, F_GETFL) | O_NONBLOCK);
      }
    }
    const ssize_t got = read(read_end_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (got < 0 && errno == EAGAIN && !stopping) continue;
      return;  // the end of the output, or nothing more to copy while stopping
    }
    Append(absl::string_view(chunk, size_t(got)));
  }
}

void StderrLog::Append(absl::string_view data) {
  flock(head_fd_, LOCK_EX);
  absl::Cleanup unlock = [this] { flock(head_fd_, LOCK_UN); };
  const size_t head_size = size_t(SizeOf(head_fd_));
  // A head filled to exactly its bound has not yet said where the rest goes:
  // the note follows the first byte past it (and takes the head past it).
  if (head_size <= limits_.head_bytes) {
    const size_t into_head = std::min(data.size(), limits_.head_bytes - head_size);
    WriteAll(head_fd_, data.substr(0, into_head));
    data.remove_prefix(into_head);
    if (data.empty()) return;
    WriteAll(head_fd_, absl::StrCat("\n[judkins-worker: this log is full at ", limits_.head_bytes,
                                    " bytes; the latest output is in ", path_, ".tail and ", path_, ".tail.1]\n"));
  }
  const std::string tail_path = path_ + ".tail";
  const int tail_fd = open(tail_path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (tail_fd < 0) return;
  WriteAll(tail_fd, data);
  const size_t tail_size = size_t(SizeOf(tail_fd));
  close(tail_fd);
  if (tail_size >= limits_.tail_bytes) std::rename(tail_path.c_str(), (tail_path + ".1").c_str());
}

}  // namespace judkins
