// judkins-worker run: the daemon from the command line.
#ifndef JUDKINS_WORKER_CLI_RUN_COMMAND_H_
#define JUDKINS_WORKER_CLI_RUN_COMMAND_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "worker/daemon/daemon.h"

namespace judkins {

absl::StatusOr<DaemonOptions> ParseRunCommand(const std::vector<std::string>& words);
int RunWorkerCommand(const std::vector<std::string>& words);

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_RUN_COMMAND_H_
