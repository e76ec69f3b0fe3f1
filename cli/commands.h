// The judkins commands: engine upload, test create|list|show|stop|watch, workers.
#ifndef JUDKINS_CLI_COMMANDS_H_
#define JUDKINS_CLI_COMMANDS_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// Runs `judkins WORDS...`; prints results to out and one-line errors to err.
// Returns the exit code.
int RunCli(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

// The TestSpec that `test create` builds from its options (exposed for tests).
absl::StatusOr<v1::TestSpec> ParseTestSpec(const std::vector<std::string>& words);

// One line for a test, as `test list` and `test watch` print it.
std::string TestLine(const v1::Test& test);

}  // namespace judkins

#endif  // JUDKINS_CLI_COMMANDS_H_
