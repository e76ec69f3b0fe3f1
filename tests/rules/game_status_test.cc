#include "engine/rules/edition.h"

#include <gtest/gtest.h>

#include "tests/support/positions.h"

namespace judkins {
namespace {

using testing::At;

void Play(Position& pos, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    absl::StatusOr<Move> move = ParseUsiMove(pos, text);
    ASSERT_TRUE(move.ok()) << move.status();
    pos.DoMove(*move);
  }
}

TEST(GameStatusTest, StartIsOngoing) { EXPECT_FALSE(EvaluateGameStatus(Position::Start(), GameRules()).over()); }

TEST(GameStatusTest, CheckmateLosesForTheMatedSide) {
  Position pos = At("5k/6/4G1/6/6/K5 b G 1");
  Play(pos, {"G*1b"});
  const GameStatus status = EvaluateGameStatus(pos, GameRules());
  EXPECT_EQ(status.outcome, Outcome::kBlackWins);
  EXPECT_EQ(status.termination, RuleTermination::kCheckmate);
}

TEST(GameStatusTest, NoLegalMoveWithoutCheckLoses) {
  // Seen in Fairy-Stockfish self-play: Black to move has no legal move.
  const GameStatus status = EvaluateGameStatus(At("1K1s2/2g2k/+rb4/6/1+s2+n1/6 b gn2p 50"), GameRules());
  EXPECT_EQ(status.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(status.termination, RuleTermination::kNoLegalMoves);
}

TEST(GameStatusTest, FourthOccurrenceIsADraw) {
  Position pos = At("5k/6/6/6/6/K5 b - 1");
  for (int cycle = 0; cycle < 3; ++cycle) {
    EXPECT_FALSE(EvaluateGameStatus(pos, GameRules()).over()) << "cycle " << cycle;
    Play(pos, {"6f6e", "1a1b", "6e6f", "1b1a"});
  }
  const GameStatus status = EvaluateGameStatus(pos, GameRules());
  EXPECT_EQ(status.outcome, Outcome::kDraw);
  EXPECT_EQ(status.termination, RuleTermination::kRepetition);
}

TEST(GameStatusTest, PerpetualCheckLosesForTheCheckingSide) {
  Position pos = At("5k/6/3R2/6/6/K5 b - 1");
  Play(pos, {"3c1c"});
  for (int cycle = 0; cycle < 3; ++cycle) {
    EXPECT_FALSE(EvaluateGameStatus(pos, GameRules()).over()) << "cycle " << cycle;
    Play(pos, {"1a2a", "1c2c", "2a1a", "2c1c"});
  }
  const GameStatus status = EvaluateGameStatus(pos, GameRules());
  EXPECT_EQ(status.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(status.termination, RuleTermination::kPerpetualCheck);
}

TEST(GameStatusTest, ImpassePoints) {
  EXPECT_EQ(ImpassePoints(Position::Start(), kBlack), 14);
  EXPECT_EQ(ImpassePoints(Position::Start(), kWhite), 14);
  const Position pos = At("1K4/6/6/6/6/4k1 b 2R2BGg2s2n2p 1");
  EXPECT_EQ(ImpassePoints(pos, kBlack), 21);
  EXPECT_EQ(ImpassePoints(pos, kWhite), 7);
}

TEST(GameStatusTest, ImpasseWithTwelvePointsEachIsADraw) {
  GameRules rules;
  rules.impasse_plies = 4;
  Position pos = At("1K4/6/6/6/6/4k1 b RBGSrbgs2n2p 1");  // Black 12, White 16
  Play(pos, {"5a4a", "2f3f", "4a3a"});
  EXPECT_FALSE(EvaluateGameStatus(pos, rules).over());
  Play(pos, {"3f4f"});
  const GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kDraw);
  EXPECT_EQ(status.termination, RuleTermination::kImpasse);
}

TEST(GameStatusTest, ImpasseWithFewerThanTwelvePointsLoses) {
  GameRules rules;
  rules.impasse_plies = 4;
  Position pos = At("1K4/6/6/6/6/4k1 b 2R2BGg2s2n2p 1");  // Black 21, White 7
  Play(pos, {"5a4a", "2f3f", "4a3a", "3f4f"});
  const GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kBlackWins);
  EXPECT_EQ(status.termination, RuleTermination::kImpasse);
}

TEST(GameStatusTest, ImpasseNeedsBothKingsEnteredAndNoCheck) {
  GameRules rules;
  rules.impasse_plies = 2;
  Position pos = At("6/1K4/6/6/4k1/6 b 2R2BGg2s2n2p 1");  // both kings start entered
  Play(pos, {"5b5c", "2e2d", "5c5b"});
  EXPECT_FALSE(EvaluateGameStatus(pos, rules).over());  // the run was broken
}

TEST(GameStatusTest, ImpasseClaims) {
  EXPECT_EQ(JudgeDeclaration(At("1K4/6/6/6/6/4k1 b 2R2BGg2s2n2p 1"), GameRules()).outcome, Outcome::kBlackWins);
  EXPECT_EQ(JudgeDeclaration(At("1K4/6/6/6/6/4k1 w 2R2BGg2s2n2p 1"), GameRules()).outcome, Outcome::kBlackWins);
  EXPECT_EQ(JudgeDeclaration(At("1K4/6/6/6/6/4k1 w RBGSrbgs2n2p 1"), GameRules()).outcome, Outcome::kDraw);
  // A claim before both kings have entered loses for the claimant.
  EXPECT_EQ(JudgeDeclaration(Position::Start(), GameRules()).outcome, Outcome::kWhiteWins);
}

TEST(GameStatusTest, MaximumLengthIsADraw) {
  GameRules rules;
  rules.max_plies = 2;
  Position pos = Position::Start();
  Play(pos, {"6e6d", "1b1c"});
  const GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kDraw);
  EXPECT_EQ(status.termination, RuleTermination::kMaxLength);
}

}  // namespace
}  // namespace judkins
