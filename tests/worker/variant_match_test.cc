// Matches of standard shogi and minishogi through the same runner and referee
// as Judkins: our engine's edition for each variant against Fairy-Stockfish,
// and "bestmove win" judged by each variant's rule.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "common/read_file.h"
#include "engine/rules/variant.h"
#include "records/game_record_format.h"
#include "tests/support/match_play.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/test_data.h"
#include "worker/cli/match_command.h"
#include "worker/match/match_runner.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

const std::string kFixture = testing::FixturePath("misbehaving_engine.sh");
const std::string kBook = std::string(JUDKINS_SOURCE_DIR) + "/books/default.sfen";

using testing::ParseMatch;
using testing::PlayMatch;

// Standard shogi and minishogi: our engine's edition for the variant against
// Fairy-Stockfish, told the variant by the referee (no option given here).
class VariantMatchTest : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(VariantMatchTest, PlaysFairyStockfishToANormalEnd) {
  const auto& [variant, engine] = GetParam();
  testing::ScratchDirectory scratch("variant-" + variant);
  const std::string records = scratch.path() + "/records.pgn";
  const v1::MatchResults results = PlayMatch(ParseMatch(
      {"--variant", variant, "--engine", "cmd=" + engine, "name=ours", "--engine", "cmd=/usr/games/fairy-stockfish",
       "name=fairy-stockfish", "--nodes", "3000", "--pairs", "1", "--concurrency", "2", "--records", records}));
  ASSERT_EQ(results.games(), 2u);
  for (const v1::GameOutcome& game : results.games_played())
    EXPECT_THAT(game.termination(),
                ::testing::AnyOf(v1::TERMINATION_CHECKMATE, v1::TERMINATION_RESIGNATION, v1::TERMINATION_REPETITION,
                                 v1::TERMINATION_PERPETUAL_CHECK, v1::TERMINATION_NO_LEGAL_MOVES,
                                 v1::TERMINATION_IMPASSE_CLAIM, v1::TERMINATION_MAX_LENGTH))
        << game.reason();
  absl::StatusOr<std::string> text = ReadFile(records);
  ASSERT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(*text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ(VariantName(parsed->front().variant), variant) << "records say which rules replay them";
}

INSTANTIATE_TEST_SUITE_P(Variants, VariantMatchTest,
                         ::testing::Values(std::pair<std::string, std::string>{"shogi", JUDKINS_ENGINE_SHOGI_PATH},
                                           std::pair<std::string, std::string>{"minishogi",
                                                                               JUDKINS_ENGINE_MINISHOGI_PATH}),
                         [](const auto& info) { return info.param.first; });

TEST(MatchTest, AFalseDeclarationLosesWithTheRuleItBroke) {
  for (const auto& [variant, engine, why] :
       {std::tuple<std::string, std::string, std::string>{"shogi", JUDKINS_ENGINE_SHOGI_PATH,
                                                          "false declaration (27-point rule): the king is not in "
                                                          "the enemy camp"},
        {"minishogi", JUDKINS_ENGINE_MINISHOGI_PATH, "minishogi has no declaration rule"}}) {
    const v1::MatchResults results =
        PlayMatch(ParseMatch({"--variant", variant, "--engine", "cmd=" + kFixture, "arg=declare", "name=fixture",
                              "--engine", "cmd=" + engine, "name=ours", "--nodes", "1000", "--pairs", "1"}));
    ASSERT_EQ(results.games(), 2u) << variant;
    EXPECT_EQ(results.wdl().losses(), 2u) << variant;
    for (const v1::GameOutcome& game : results.games_played()) {
      EXPECT_EQ(game.termination(), v1::TERMINATION_IMPASSE_CLAIM) << variant;
      EXPECT_THAT(game.reason(), ::testing::HasSubstr(why)) << variant;
    }
  }
}

TEST(MatchTest, AValidDeclarationWinsForWhicheverSideMakesIt) {
  // Black to move can declare by the 27-point rule: the fixture does as Black,
  // our engine (which claims what it can win) does in the other game.
  testing::ScratchDirectory scratch("declaration");
  const std::string book = scratch.path() + "/declare.sfen";
  std::ofstream(book) << "+P+P+P+P+P+P+P+P+P/4K4/RB7/9/9/9/9/9/4k4 b 4G4SL 1\n";
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--variant", "shogi", "--engine", "cmd=" + kFixture, "arg=declare", "name=fixture",
                            "--engine", "cmd=" JUDKINS_ENGINE_SHOGI_PATH, "name=ours", "--nodes", "1000", "--pairs",
                            "1", "--openings", "file=" + book}));
  ASSERT_EQ(results.games(), 2u);
  EXPECT_EQ(results.wdl().wins(), 1u);
  EXPECT_EQ(results.wdl().losses(), 1u);
  for (const v1::GameOutcome& game : results.games_played()) {
    EXPECT_EQ(game.termination(), v1::TERMINATION_IMPASSE_CLAIM);
    EXPECT_THAT(game.reason(), ::testing::HasSubstr("declared a win (27-point rule) with 28 points"));
  }
}

TEST(MatchTest, TheVariantIsSentOnlyToEnginesThatListAnOptionForIt) {
  testing::ScratchDirectory scratch("variant-option");
  for (const char* dir : {"/usi", "/silent"}) std::filesystem::create_directories(scratch.path() + dir);
  const v1::MatchResults results = PlayMatch(
      ParseMatch({"--variant", "shogi", "--engine", "cmd=" + testing::FixturePath("listening_engine.sh"),
                  "arg=option name USI_Variant type combo default minishogi var minishogi var shogi", "name=usi",
                  "dir=" + scratch.path() + "/usi", "--engine", "cmd=" + testing::FixturePath("listening_engine.sh"),
                  "name=silent", "dir=" + scratch.path() + "/silent", "--nodes", "10", "--pairs", "1"}));
  ASSERT_EQ(results.games(), 2u);
  EXPECT_THAT(ReadFile(scratch.path() + "/usi/received.txt").value_or(""),
              HasSubstr("setoption name USI_Variant value shogi\n"));
  EXPECT_THAT(ReadFile(scratch.path() + "/silent/received.txt").value_or(""), ::testing::Not(HasSubstr("Variant")));
}

TEST(MatchTest, AnEngineWhoseVariantListLacksTheVariantLosesSayingSo) {
  testing::ScratchDirectory scratch("variant-list");  // where the fixture writes what it hears
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--variant", "minishogi", "--engine", "cmd=" + testing::FixturePath("listening_engine.sh"),
                            "arg=option name UCI_Variant type combo default chess var chess var shogi",
                            "name=chess-only", "dir=" + scratch.path(), "--engine",
                            "cmd=" JUDKINS_ENGINE_MINISHOGI_PATH, "name=ours", "--nodes", "100", "--pairs", "1"}));
  ASSERT_EQ(results.games(), 2u);
  EXPECT_EQ(results.wdl().losses(), 2u);
  for (const v1::GameOutcome& game : results.games_played())
    EXPECT_THAT(game.reason(), HasSubstr("chess-only does not play minishogi (its UCI_Variant lists chess, shogi)"));
}

TEST(MatchCommandTest, TheVariantSetsTheRulesAndTheDefaultLength) {
  const MatchSettings shogi =
      ParseMatch({"--variant", "shogi", "--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "1"});
  EXPECT_EQ(shogi.game.variant, Variant::kShogi);
  EXPECT_EQ(shogi.game.rules.max_plies, 256);
  EXPECT_EQ(shogi.first.variant, "shogi");
  EXPECT_EQ(shogi.book.variant(), Variant::kShogi);
  const MatchSettings judkins = ParseMatch({"--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "1"});
  EXPECT_EQ(judkins.game.rules.max_plies, 400);
  const MatchSettings limited = ParseMatch(
      {"--variant", "minishogi", "--max-plies", "90", "--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "1"});
  EXPECT_EQ(limited.game.rules.max_plies, 90);
  absl::StatusOr<MatchPlan> unknown =
      ParseMatchCommand({"--variant", "chess", "--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "1"});
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(std::string(unknown.status().message()), ::testing::HasSubstr("--variant"));
  // A Judkins book is refused for a standard-shogi match, naming the line.
  absl::StatusOr<MatchPlan> wrong_book = ParseMatchCommand(
      {"--variant", "shogi", "--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "1", "--openings", "file=" + kBook});
  ASSERT_FALSE(wrong_book.ok());
  EXPECT_THAT(std::string(wrong_book.status().message()), ::testing::HasSubstr("default.sfen:4: bad move"));
}

}  // namespace
}  // namespace judkins
