// A test's tally folded from counts of games alike, with no SQLite: which
// colour won, and each engine's games by how they ended, from its own view.
#include "coordinator/domain/game_tally.h"

#include <gtest/gtest.h>

#include <vector>

namespace judkins {
namespace {

TEST(GameTallyTest, ResultsAreCountedByColourAndEndingsFromEachEnginesView) {
  const std::vector<GamesAlike> counts = {
      {.game_in_pair = 0, .result = v1::GAME_RESULT_BLACK_WINS, .termination = v1::TERMINATION_CHECKMATE, .games = 5},
      {.game_in_pair = 1, .result = v1::GAME_RESULT_BLACK_WINS, .termination = v1::TERMINATION_CHECKMATE, .games = 3},
      {.game_in_pair = 1, .result = v1::GAME_RESULT_BLACK_WINS, .termination = v1::TERMINATION_CRASH, .games = 1},
      {.game_in_pair = 0, .result = v1::GAME_RESULT_DRAW, .termination = v1::TERMINATION_REPETITION, .games = 2},
  };
  const v1::GameTally tally = FoldTally(counts);
  EXPECT_EQ(tally.black_wins(), 9u);
  EXPECT_EQ(tally.white_wins(), 0u);
  EXPECT_EQ(tally.draws(), 2u);
  // Dev has Black in game 0: it won 5 there, and lost the 4 of game 1.
  ASSERT_EQ(tally.dev_endings_size(), 3);
  EXPECT_EQ(tally.dev_endings(0).termination(), v1::TERMINATION_CHECKMATE);
  EXPECT_EQ(tally.dev_endings(0).wins(), 5u);
  EXPECT_EQ(tally.dev_endings(0).losses(), 3u);
  EXPECT_EQ(tally.dev_endings(1).termination(), v1::TERMINATION_REPETITION);
  EXPECT_EQ(tally.dev_endings(1).draws(), 2u);
  EXPECT_EQ(tally.dev_endings(2).termination(), v1::TERMINATION_CRASH);
  EXPECT_EQ(tally.dev_endings(2).losses(), 1u);
  // Base is the mirror.
  ASSERT_EQ(tally.base_endings_size(), 3);
  EXPECT_EQ(tally.base_endings(0).wins(), 3u);
  EXPECT_EQ(tally.base_endings(0).losses(), 5u);
  EXPECT_EQ(tally.base_endings(2).wins(), 1u);
}

TEST(GameTallyTest, NoGamesMakeAnEmptyTally) {
  const v1::GameTally tally = FoldTally({});
  EXPECT_EQ(tally.black_wins() + tally.white_wins() + tally.draws(), 0u);
  EXPECT_EQ(tally.dev_endings_size(), 0);
}

}  // namespace
}  // namespace judkins
