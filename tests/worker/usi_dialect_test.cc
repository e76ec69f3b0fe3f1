// The shogi GUIs' USI dialect, as real 9x9 engines expect it: an engine that
// reads its evaluation files at its first isready is waited for up to its
// ready timeout, through blank and "info string" lines; every engine is told
// USI_Ponder false and a hash size before isready, under the name it lists,
// unless its options set one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/read_file.h"
#include "tests/support/match_play.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/test_data.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::ParseMatch;
using testing::PlayMatch;

const std::string kSlowLoading = testing::FixturePath("slow_loading_engine.sh");
const std::string kListening = testing::FixturePath("listening_engine.sh");

// One pair between an engine that takes two seconds to load and one that
// resigns at once, the loader given `ready_timeout` seconds.
v1::MatchResults SlowLoaderPair(const std::string& ready_timeout) {
  testing::ScratchDirectory scratch("slow-loader");  // where the other engine writes what it hears
  return PlayMatch(ParseMatch({"--variant", "shogi", "--engine", "cmd=" + kSlowLoading, "arg=2", "name=loader",
                               "ready-timeout=" + ready_timeout, "--engine", "cmd=" + kListening, "name=other",
                               "dir=" + scratch.path(), "--nodes", "10", "--pairs", "1"}));
}

TEST(UsiDialectTest, AnEngineLoadingItsEvaluationIsWaitedForUpToItsReadyTimeout) {
  const v1::MatchResults patient = SlowLoaderPair("10");
  ASSERT_EQ(patient.games(), 2u);
  for (const v1::GameOutcome& game : patient.games_played())
    EXPECT_EQ(game.termination(), v1::TERMINATION_RESIGNATION) << game.reason();

  const v1::MatchResults hasty = SlowLoaderPair("1");
  ASSERT_EQ(hasty.games(), 2u);
  for (const v1::GameOutcome& game : hasty.games_played()) {
    EXPECT_EQ(game.termination(), v1::TERMINATION_CRASH);
    EXPECT_THAT(game.reason(), HasSubstr("loader did not start: loader: no readyok within 1s (its ready timeout)"));
  }
}

// What the listening engine received before its first isready, when it
// lists `option_line` and is configured with `keys`.
std::string SentBeforeIsready(const std::string& option_line, const std::vector<std::string>& keys) {
  testing::ScratchDirectory scratch("usi-dialect");
  std::vector<std::string> words = {"--engine", "cmd=" + kListening, "arg=" + option_line, "name=listening",
                                    "dir=" + scratch.path()};
  words.insert(words.end(), keys.begin(), keys.end());
  for (const std::string& more : {"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=ours", "--nodes", "10", "--pairs", "1"})
    words.push_back(more);
  PlayMatch(ParseMatch(words));
  const std::string received = ReadFile(scratch.path() + "/received.txt").value_or("");
  return received.substr(0, received.find("isready"));
}

TEST(UsiDialectTest, ShogiGuisOptionsAreSentUnderTheNameTheEngineLists) {
  EXPECT_EQ(SentBeforeIsready("", {}),
            "usi\nsetoption name USI_Ponder value false\nsetoption name USI_Hash value 64\n");
  EXPECT_EQ(SentBeforeIsready("option name Hash type spin default 16 min 1 max 1024", {}),
            "usi\nsetoption name USI_Ponder value false\nsetoption name Hash value 64\n");
  EXPECT_EQ(SentBeforeIsready("option name USI_Hash type spin default 1024 min 1 max 4096", {"hash=256"}),
            "usi\nsetoption name USI_Ponder value false\nsetoption name USI_Hash value 256\n");
  // An engine whose table tops out lower gets its most.
  EXPECT_EQ(SentBeforeIsready("option name Hash type spin default 16 min 1 max 32", {}),
            "usi\nsetoption name USI_Ponder value false\nsetoption name Hash value 32\n");
}

TEST(UsiDialectTest, AHashOrPonderTheOptionsSetIsSentOnceAsTheyGiveIt) {
  const std::string sent = SentBeforeIsready("option name Hash type spin default 16 min 1 max 1024",
                                             {"option.Hash=8", "option.USI_Ponder=true"});
  EXPECT_EQ(sent, "usi\nsetoption name Hash value 8\nsetoption name USI_Ponder value true\n");
  EXPECT_THAT(SentBeforeIsready("", {"hash=0"}), Not(HasSubstr("Hash")));
}

// Games against an engine listing `option_line`, given option.NAME=`value`:
// the first game's reason.
std::string ReasonWithOption(const std::string& option_line, const std::string& option) {
  testing::ScratchDirectory scratch("option-value");
  const v1::MatchResults results = PlayMatch(ParseMatch(
      {"--engine", "cmd=" + kListening, "arg=" + option_line, "name=listening", "dir=" + scratch.path(),
       "option." + option, "--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=ours", "--nodes", "10", "--pairs", "1"}));
  return results.games_played().empty() ? "" : results.games_played(0).reason();
}

TEST(UsiDialectTest, AValueOutsideWhatTheEngineListsIsRefusedNotLeftToBeIgnored) {
  EXPECT_THAT(ReasonWithOption("option name RookValue type spin default 1100 min 366 max 2200", "RookValue=300"),
              HasSubstr("listening did not start: listening: its option RookValue takes 366 to 2200, not '300'"));
  EXPECT_THAT(ReasonWithOption("option name Ponder type check default false", "Ponder=yes"),
              HasSubstr("its option Ponder takes true or false, not 'yes'"));
  EXPECT_THAT(ReasonWithOption("option name Style type combo default Normal var Solid var Normal", "Style=Wild"),
              HasSubstr("its option Style takes one of Solid, Normal, not 'Wild'"));
  // Values it takes start the engine: the fixture resigns.
  EXPECT_THAT(ReasonWithOption("option name RookValue type spin default 1100 min 366 max 2200", "RookValue=2200"),
              HasSubstr("resigned"));
  EXPECT_THAT(ReasonWithOption("option name Style type combo default Normal var Solid var Normal", "Style=solid"),
              HasSubstr("resigned"));
}

}  // namespace
}  // namespace judkins
