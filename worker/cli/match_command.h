// judkins-worker match: a local engine-vs-engine match from the command line.
#ifndef JUDKINS_WORKER_CLI_MATCH_COMMAND_H_
#define JUDKINS_WORKER_CLI_MATCH_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/status/statusor.h"
#include "common/command_line.h"
#include "common/time_control_options.h"
#include "worker/match/match_runner.h"

namespace judkins {

// What the command line asks for: the match and what to do with its results.
struct MatchPlan {
  MatchSettings settings;
  std::string results_json_path;
  bool quiet = false;
};

class MatchCommand {
  static constexpr int kVariantsMaxPlies = -1;

 public:
  // Declares the options on `command` (the `match` subcommand).
  explicit MatchCommand(CLI::App& command);
  // The plan the parsed options describe; an error names the option.
  absl::StatusOr<MatchPlan> Plan() const;
  // Plays the match, printing progress on err and the final report on out;
  // returns the exit code (130 when interrupted).
  int Run(std::ostream& out, std::ostream& err) const;

 private:
  KeyValueGroups engines_, each_, openings_, sprt_, resign_, draw_;
  TimeControlOptions time_control_;
  MatchSettings defaults_;  // the values shown as defaults and bound to plain options
  int games_ = 0, pairs_ = 0;
  std::string variant_ = "judkins", declaration_ = "27-point";
  int max_plies_ = kVariantsMaxPlies;  // until given: the variant's default
  double margin_ms_, hang_timeout_s_;
  std::string results_json_path_;
  bool quiet_ = false;
};

// `judkins-worker match WORDS...` parsed without running (for tests).
absl::StatusOr<MatchPlan> ParseMatchCommand(const std::vector<std::string>& words);

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_MATCH_COMMAND_H_
