// judkins-worker run: the daemon from the command line (or a --config file).
#ifndef JUDKINS_WORKER_CLI_RUN_COMMAND_H_
#define JUDKINS_WORKER_CLI_RUN_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/status/statusor.h"
#include "worker/daemon/daemon.h"

namespace judkins {

class RunCommand {
 public:
  // Declares the options on `command` (the `run` subcommand).
  explicit RunCommand(CLI::App& command);
  // The daemon's options, its token loaded; an error names the option.
  absl::StatusOr<DaemonOptions> Options() const;
  // Runs the daemon until SIGINT or SIGTERM; returns the exit code.
  int Run(std::ostream& err) const;

 private:
  DaemonOptions defaults_;  // bound to the options
  std::string token_file_;
  double grace_seconds_, heartbeat_seconds_;
};

// `judkins-worker run WORDS...` parsed without running (for tests).
absl::StatusOr<DaemonOptions> ParseRunCommand(const std::vector<std::string>& words);

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_RUN_COMMAND_H_
