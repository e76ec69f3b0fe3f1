// judkins-worker sprt: the statistics as a calculator.
#ifndef JUDKINS_WORKER_CLI_SPRT_COMMAND_H_
#define JUDKINS_WORKER_CLI_SPRT_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "stats/sprt.h"

namespace judkins {

class SprtCommand {
 public:
  // Declares the options on `command` (the `sprt` subcommand).
  explicit SprtCommand(CLI::App& command);
  // Prints LLR, bounds, state, Elo with its interval and LOS (or JSON with
  // --json) to out; errors go to err. Returns the exit code.
  int Run(std::ostream& out, std::ostream& err) const;

 private:
  std::string pentanomial_, wdl_;
  stats::SprtParameters sprt_;
  std::string model_ = "normalized";
  bool json_ = false;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_SPRT_COMMAND_H_
