// A `judkins-worker match` command line parsed and played in the test's own
// process, for the match tests.
#ifndef JUDKINS_TESTS_SUPPORT_MATCH_PLAY_H_
#define JUDKINS_TESTS_SUPPORT_MATCH_PLAY_H_

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "worker/cli/match_command.h"
#include "worker/match/match_runner.h"

namespace judkins::testing {

// The settings the words describe; a parse error fails the test.
inline MatchSettings ParseMatch(const std::vector<std::string>& words) {
  absl::StatusOr<MatchPlan> command = ParseMatchCommand(words);
  EXPECT_TRUE(command.ok()) << command.status();
  return command.ok() ? command->settings : MatchSettings();
}

// Plays the match to its end; an error fails the test.
inline v1::MatchResults PlayMatch(const MatchSettings& settings) {
  MatchRunner runner(settings);
  absl::StatusOr<v1::MatchResults> results = runner.Run(nullptr);
  EXPECT_TRUE(results.ok()) << results.status();
  return results.ok() ? *results : v1::MatchResults();
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_MATCH_PLAY_H_
