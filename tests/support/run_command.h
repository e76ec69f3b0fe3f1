// One of the project's programs run as a process to its end, as a user runs
// it: its exit code, what it printed on stdout and on stderr.
#ifndef JUDKINS_TESTS_SUPPORT_RUN_COMMAND_H_
#define JUDKINS_TESTS_SUPPORT_RUN_COMMAND_H_

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "worker/usi_client/engine_process.h"

namespace judkins::testing {

struct CommandResult {
  int exit_code = -1;  // -1: it did not end in time, or did not start
  std::string out, err;
};

// `stderr_file` receives what the program prints on stderr (and is read back).
inline CommandResult RunCommand(const std::vector<std::string>& argv, const std::string& stderr_file,
                                absl::Duration timeout = absl::Seconds(60)) {
  CommandResult result;
  std::remove(stderr_file.c_str());
  absl::StatusOr<std::unique_ptr<EngineProcess>> process =
      EngineProcess::Start({.argv = argv, .stderr_path = stderr_file, .inherit_environment = true});
  if (!process.ok()) {
    ADD_FAILURE() << process.status();
    return result;
  }
  const absl::Time deadline = absl::Now() + timeout;
  while (true) {
    absl::StatusOr<std::string> line = (*process)->ReadLine(deadline);
    if (!line.ok()) break;
    absl::StrAppend(&result.out, *line, "\n");
  }
  while (!(*process)->Exited() && absl::Now() < deadline) absl::SleepFor(absl::Milliseconds(10));
  const bool ended = (*process)->Exited();
  const int status = (*process)->Stop(absl::ZeroDuration());
  if (ended && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  std::ifstream in(stderr_file);
  std::stringstream err;
  err << in.rdbuf();
  result.err = err.str();
  return result;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_RUN_COMMAND_H_
