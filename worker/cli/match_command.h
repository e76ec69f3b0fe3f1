// judkins-worker match: a local engine-vs-engine match from the command line.
#ifndef JUDKINS_WORKER_CLI_MATCH_COMMAND_H_
#define JUDKINS_WORKER_CLI_MATCH_COMMAND_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "worker/match/match_runner.h"

namespace judkins {

struct MatchCommand {
  MatchSettings settings;
  std::string results_json_path;
  bool quiet = false;
};

absl::StatusOr<MatchCommand> ParseMatchCommand(const std::vector<std::string>& words);
// Runs it, printing progress and the final report; returns the exit code.
int RunMatchCommand(const std::vector<std::string>& words);

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_MATCH_COMMAND_H_
