#include "worker/usi_client/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/cleanup/cleanup.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

extern char** environ;

namespace judkins {
namespace {

absl::Status ErrnoError(absl::string_view what, int error) {
  return absl::InternalError(absl::StrCat(what, ": ", std::strerror(error)));
}

}  // namespace

absl::StatusOr<std::unique_ptr<EngineProcess>> EngineProcess::Start(const ProcessSpec& spec) {
  if (spec.argv.empty() || spec.argv[0].empty()) return absl::InvalidArgumentError("empty engine command");
  // Sockets both ways: writes to a closed one return EPIPE instead of raising
  // SIGPIPE, and a read waits with a timeout (SO_RCVTIMEO) in one system call
  // where a pipe needs poll and read.
  int stdin_pair[2], stdout_pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, stdin_pair) != 0) return ErrnoError("socketpair", errno);
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, stdout_pair) != 0) {
    const int error = errno;
    close(stdin_pair[0]);
    close(stdin_pair[1]);
    return ErrnoError("socketpair", error);
  }
  absl::Cleanup close_child_ends = [&] {
    close(stdin_pair[1]);
    close(stdout_pair[1]);
  };

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  absl::Cleanup destroy_actions = [&] { posix_spawn_file_actions_destroy(&actions); };
  posix_spawn_file_actions_adddup2(&actions, stdin_pair[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, stdout_pair[1], STDOUT_FILENO);
  // A log goes through a pipe to a StderrLog, which keeps it within bounds:
  // a chatty engine must not fill the disk the spool needs.
  int stderr_pipe[2] = {-1, -1};
  absl::Cleanup close_stderr_pipe = [&] {
    for (int fd : stderr_pipe)
      if (fd >= 0) close(fd);
  };
  if (spec.stderr_path.empty()) {
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  } else {
    if (pipe2(stderr_pipe, O_CLOEXEC) != 0) return ErrnoError("pipe", errno);
    posix_spawn_file_actions_adddup2(&actions, stderr_pipe[1], STDERR_FILENO);
  }
  if (!spec.working_directory.empty()) posix_spawn_file_actions_addchdir_np(&actions, spec.working_directory.c_str());
  // Standard input, output and error, and nothing else: a records file or a
  // socket the runner holds would otherwise be the engine's to write.
  posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);

  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  absl::Cleanup destroy_attributes = [&] { posix_spawnattr_destroy(&attributes); };
  // Its own process group, so that killing it also kills what it started.
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  // The normal policy, whatever the caller's: a match runner's thread waits
  // as SCHED_IDLE or SCHED_BATCH (worker/match/slot_cpus.h), its engines must not.
  const sched_param normal_priority{};
  posix_spawnattr_setschedpolicy(&attributes, SCHED_OTHER);
  posix_spawnattr_setschedparam(&attributes, &normal_priority);
  posix_spawnattr_setflags(
      &attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSCHEDULER);

  std::vector<char*> argv;
  for (const std::string& arg : spec.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> minimal(std::begin(kMinimalEnvironment), std::end(kMinimalEnvironment));
  if (!spec.working_directory.empty()) minimal.push_back("HOME=" + spec.working_directory);
  std::vector<char*> environment;
  for (std::string& variable : minimal) environment.push_back(variable.data());
  environment.push_back(nullptr);
  pid_t pid = 0;
  const int error = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(),
                                 spec.inherit_environment ? environ : environment.data());
  if (error != 0) {
    close(stdin_pair[0]);
    close(stdout_pair[0]);
    return absl::InvalidArgumentError(absl::StrCat("cannot start '", spec.argv[0], "': ", std::strerror(error)));
  }
  std::unique_ptr<StderrLog> stderr_log;
  if (stderr_pipe[0] >= 0) {
    close(std::exchange(stderr_pipe[1], -1));  // the child's end: its exit ends the log's input
    absl::StatusOr<std::unique_ptr<StderrLog>> log =
        StderrLog::Start(spec.stderr_path, std::exchange(stderr_pipe[0], -1), spec.stderr_limits);
    if (!log.ok()) {
      kill(-pid, SIGKILL);
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
      close(stdin_pair[0]);
      close(stdout_pair[0]);
      return log.status();
    }
    stderr_log = *std::move(log);
  }
  return std::make_unique<EngineProcess>(Passkey(), pid, stdin_pair[0], stdout_pair[0], std::move(stderr_log));
}

EngineProcess::~EngineProcess() {
  Kill();
  stderr_log_.reset();  // copies what the engine wrote before it died
  close(input_);
  close(output_);
}

absl::Status EngineProcess::WriteLines(absl::Span<const absl::string_view> lines) {
  static constexpr char kNewline = '\n';
  absl::InlinedVector<iovec, 4> pieces;
  for (absl::string_view line : lines) {
    pieces.push_back({const_cast<char*>(line.data()), line.size()});
    pieces.push_back({const_cast<char*>(&kNewline), 1});
  }
  for (size_t next = 0; next < pieces.size();) {
    msghdr message{};
    message.msg_iov = pieces.data() + next;
    message.msg_iovlen = pieces.size() - next;
    ssize_t sent = sendmsg(input_, &message, MSG_NOSIGNAL);
    if (sent < 0) {
      if (errno == EINTR) continue;
      return absl::UnavailableError(absl::StrCat("engine input closed: ", std::strerror(errno)));
    }
    // Past the pieces sent whole, into the one sent in part.
    for (; next < pieces.size() && size_t(sent) >= pieces[next].iov_len; ++next) sent -= ssize_t(pieces[next].iov_len);
    if (next < pieces.size()) {
      pieces[next].iov_base = static_cast<char*>(pieces[next].iov_base) + sent;
      pieces[next].iov_len -= size_t(sent);
    }
  }
  return absl::OkStatus();
}

absl::Status EngineProcess::WaitAtMost(absl::Duration left) {
  // The timeout set last still fits when it is within the slack of the time
  // left: with a like allowance each move, most reads set none.
  const absl::Duration slack = std::max(kMinTimeoutSlack, left / kTimeoutSlackDivisor);
  if (absl::AbsDuration(left - read_timeout_) < slack) return absl::OkStatus();
  const timeval timeout = absl::ToTimeval(left);
  if (setsockopt(output_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) != 0)
    return ErrnoError("setsockopt", errno);
  read_timeout_ = left;
  return absl::OkStatus();
}

absl::StatusOr<std::string> EngineProcess::ReadLine(absl::Time deadline) {
  absl::StatusOr<absl::string_view> line = NextLine(deadline);
  if (!line.ok()) return line.status();
  return std::string(*line);
}

absl::StatusOr<absl::string_view> EngineProcess::NextLine(absl::Time deadline) {
  while (true) {
    if (const size_t newline = buffer_.find('\n', scanned_); newline != std::string::npos) {
      size_t end = newline;
      if (end > unread_ && buffer_[end - 1] == '\r') --end;
      const absl::string_view line(buffer_.data() + unread_, end - unread_);
      unread_ = scanned_ = newline + 1;
      return line;
    }
    scanned_ = buffer_.size();
    const absl::Duration left = deadline - absl::Now();
    if (left <= absl::ZeroDuration()) return absl::DeadlineExceededError("no output from engine in time");
    if (absl::Status status = WaitAtMost(std::min(left, kLongestWait)); !status.ok()) return status;
    char chunk[4096];
    const ssize_t got = recv(output_, chunk, sizeof chunk, 0);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;  // the loop checks the deadline
      return ErrnoError("read", errno);
    }
    buffer_.erase(0, unread_);  // what was returned goes only now, usually all of it
    scanned_ -= unread_;
    unread_ = 0;
    if (got == 0) {
      if (buffer_.empty()) return absl::UnavailableError("engine closed its output");
      unread_ = scanned_ = buffer_.size();  // a last line without newline, returned once
      return absl::string_view(buffer_);
    }
    buffer_.append(chunk, size_t(got));
    if (buffer_.size() > kMaxLineBytes && buffer_.find('\n', scanned_) > kMaxLineBytes) {
      buffer_.clear();  // the rest of the line is never read: the caller ends the process
      scanned_ = 0;
      return absl::DataLossError(absl::StrCat("a line of output longer than ", kMaxLineBytes, " bytes"));
    }
  }
}

bool EngineProcess::Exited() {
  if (!reaped_ && waitpid(pid_, &wait_status_, WNOHANG) == pid_) reaped_ = true;
  return reaped_;
}

int EngineProcess::Stop(absl::Duration grace) {
  shutdown(input_, SHUT_WR);
  WaitForExit(absl::Now() + grace);
  Kill();
  stderr_log_.reset();  // all it wrote is in the log once Stop returns
  return wait_status_;
}

void EngineProcess::WaitForExit(absl::Time deadline) {
  if (Exited()) return;
  // A pidfd becomes readable at the exit itself (Linux 5.3): no sleep
  // rounds the wait up, and at a match's end that is a CPU left idle.
  // (glibc 2.36 declares pidfd_open without C linkage, so the system call.)
  const int exit_watch = int(syscall(SYS_pidfd_open, pid_, 0));
  absl::Cleanup close_watch = [exit_watch] {
    if (exit_watch >= 0) close(exit_watch);
  };
  while (!Exited()) {
    const absl::Duration left = deadline - absl::Now();
    if (left <= absl::ZeroDuration()) return;
    if (exit_watch < 0) {
      absl::SleepFor(std::min(left, kExitPollInterval));
      continue;
    }
    pollfd exited{.fd = exit_watch, .events = POLLIN, .revents = 0};
    (void)poll(&exited, 1, int(absl::ToInt64Milliseconds(absl::Ceil(left, absl::Milliseconds(1)))));
  }
}

void EngineProcess::Kill() {
  // The whole group: a wrapper script's children must not outlive it.
  kill(-pid_, SIGKILL);
  if (!reaped_) {
    while (waitpid(pid_, &wait_status_, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
  }
}

}  // namespace judkins
