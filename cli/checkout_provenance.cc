#include "cli/checkout_provenance.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

extern char** environ;

namespace judkins {
namespace {

// `git -C checkout ARGS...`'s standard output, trimmed; an error naming the
// command when git cannot run or fails. No shell: the words go as they are.
absl::StatusOr<std::string> Git(const std::string& checkout, std::vector<std::string> args) {
  args.insert(args.begin(), {"git", "-C", checkout});
  std::vector<char*> argv;
  for (std::string& word : args) argv.push_back(word.data());
  argv.push_back(nullptr);
  std::array<int, 2> pipe_ends{};
  if (pipe(pipe_ends.data()) != 0) return absl::InternalError("cannot make a pipe for git");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_ends[0]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "git", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_ends[1]);
  std::string out;
  if (spawned == 0) {
    std::array<char, 4096> buffer{};
    for (ssize_t n; (n = read(pipe_ends[0], buffer.data(), buffer.size())) > 0;) out.append(buffer.data(), size_t(n));
  }
  close(pipe_ends[0]);
  const std::string command = absl::StrJoin(args, " ");
  if (spawned != 0) return absl::FailedPreconditionError(absl::StrCat("cannot run '", command, "': is git installed?"));
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return absl::FailedPreconditionError(absl::StrCat("'", command, "' failed: is ", checkout, " a git checkout?"));
  return std::string(absl::StripTrailingAsciiWhitespace(out));
}

}  // namespace

uint64_t BenchFromCommitMessage(absl::string_view message) {
  uint64_t bench = 0;
  for (absl::string_view line : absl::StrSplit(message, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    uint64_t value = 0;
    if (absl::ConsumePrefix(&line, "Bench:") && absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &value))
      bench = value;
  }
  return bench;
}

absl::StatusOr<v1::Provenance> ReadCheckoutProvenance(const std::string& checkout) {
  v1::Provenance provenance;
  absl::StatusOr<std::string> commit = Git(checkout, {"rev-parse", "HEAD"});
  if (!commit.ok()) return commit.status();
  provenance.set_commit(*commit);
  absl::StatusOr<std::string> branch = Git(checkout, {"rev-parse", "--abbrev-ref", "HEAD"});
  if (branch.ok() && *branch != "HEAD") provenance.set_branch(*branch);  // "HEAD": detached
  absl::StatusOr<std::string> origin = Git(checkout, {"remote", "get-url", "origin"});
  absl::StatusOr<std::string> top = Git(checkout, {"rev-parse", "--show-toplevel"});
  provenance.set_repository(origin.ok() ? *origin : top.ok() ? *top : checkout);
  absl::StatusOr<std::string> changes = Git(checkout, {"status", "--porcelain", "--untracked-files=no"});
  provenance.set_dirty(changes.ok() && !changes->empty());
  absl::StatusOr<std::string> message = Git(checkout, {"log", "-1", "--format=%B"});
  if (message.ok()) provenance.set_bench_signature(BenchFromCommitMessage(*message));
  return provenance;
}

}  // namespace judkins
