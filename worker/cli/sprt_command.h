// judkins-worker sprt: the statistics as a calculator.
#ifndef JUDKINS_WORKER_CLI_SPRT_COMMAND_H_
#define JUDKINS_WORKER_CLI_SPRT_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

namespace judkins {

// Prints LLR, bounds, state, Elo with its interval and LOS (or JSON with
// --json) to out; errors go to err. Returns the exit code.
int RunSprtCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_SPRT_COMMAND_H_
