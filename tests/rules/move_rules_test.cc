// One focused check per movement, promotion and drop rule, on hand-made positions.
#include <gtest/gtest.h>

#include "tests/support/positions.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "engine/rules/edition.h"

namespace judkins {
namespace {

using testing::At;

std::vector<std::string> Moves(const Position& pos, absl::string_view prefix = "") {
  std::vector<std::string> moves;
  for (Move m : MoveList(pos))
    if (std::string text = MoveToUsi(m); absl::StartsWith(text, prefix)) moves.push_back(text);
  std::sort(moves.begin(), moves.end());
  return moves;
}

bool Has(const Position& pos, absl::string_view move) {
  const auto moves = Moves(pos);
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

using Strings = std::vector<std::string>;

TEST(DropRulesTest, PawnNeverOnLastRank) {
  const Position black = At("5k/6/6/6/6/K5 b P 1");
  EXPECT_EQ(Moves(black, "P*").size(), 34u - 5u);  // empty squares minus rank a
  EXPECT_FALSE(Has(black, "P*2a"));
  EXPECT_TRUE(Has(black, "P*1b"));  // a check the king escapes from is fine
  const Position white = At("5k/6/6/6/6/K5 w p 1");
  EXPECT_FALSE(Has(white, "P*1f"));
  EXPECT_TRUE(Has(white, "P*1e"));
}

TEST(DropRulesTest, KnightNeverOnTheLastTwoRanks) {
  const Position black = At("5k/6/6/6/6/K5 b N 1");
  EXPECT_EQ(Moves(black, "N*").size(), 23u);  // ranks c-f minus the king's square
  EXPECT_FALSE(Has(black, "N*3b"));
  const Position white = At("5k/6/6/6/6/K5 w n 1");
  EXPECT_FALSE(Has(white, "N*3e"));
  EXPECT_TRUE(Has(white, "N*3d"));
}

TEST(DropRulesTest, OtherPiecesDropAnywhereEmpty) {
  EXPECT_EQ(Moves(At("5k/6/6/6/6/K5 b G 1"), "G*").size(), 34u);
  EXPECT_EQ(Moves(At("5k/6/6/6/6/K5 b R 1"), "R*").size(), 34u);
}

TEST(DropRulesTest, NifuForbidsASecondUnpromotedPawnOnAFile) {
  const Position nifu = At("5k/6/6/6/P5/K5 b P 1");
  for (const std::string& drop : Moves(nifu, "P*")) EXPECT_NE(drop[2], '6') << drop;
  const Position tokin = At("5k/6/6/6/+P5/K5 b P 1");
  EXPECT_TRUE(Has(tokin, "P*6b"));
}

TEST(DropRulesTest, PawnDropMateIsIllegalButPawnDropCheckAndPawnMoveMateAreLegal) {
  EXPECT_FALSE(Has(At("4rk/6/4S1/6/6/K5 b P 1"), "P*1b"));  // would mate
  EXPECT_TRUE(Has(At("5k/6/4S1/6/6/K5 b P 1"), "P*1b"));    // check, king escapes to 2a
  Position pawn_move = At("4rk/6/4SP/6/6/K5 b - 1");
  ASSERT_TRUE(Has(pawn_move, "1c1b"));
  pawn_move.DoMove(*ParseUsiMove(pawn_move, "1c1b"));
  const GameStatus status = EvaluateGameStatus(pawn_move, GameRules());
  EXPECT_EQ(status.outcome, Outcome::kBlackWins);
  EXPECT_EQ(status.termination, RuleTermination::kCheckmate);
}

TEST(DropRulesTest, DropsCanBlockASliderCheck) {
  // White rook on 6d checks the king on 6f; a gold drop on 6e blocks.
  const Position pos = At("5k/6/6/r5/6/K5 b G 1");
  EXPECT_TRUE(Has(pos, "G*6e"));
  EXPECT_EQ(Moves(pos, "G*"), Strings{"G*6e"});
}

TEST(PromotionRulesTest, PawnMustPromoteOnTheLastRank) {
  EXPECT_EQ(Moves(At("5k/2P3/6/6/6/K5 b - 1"), "4b"), Strings{"4b4a+"});
  EXPECT_EQ(Moves(At("K5/6/6/6/3p2/5k w - 1"), "3e"), Strings{"3e3f+"});
}

TEST(PromotionRulesTest, PawnEnteringTheZoneMayPromote) {
  EXPECT_EQ(Moves(At("5k/6/2P3/6/6/K5 b - 1"), "4c"), (Strings{"4c4b", "4c4b+"}));
}

TEST(PromotionRulesTest, KnightMustPromoteOnTheLastTwoRanks) {
  EXPECT_EQ(Moves(At("5k/6/2N3/6/6/K5 b - 1"), "4c"), (Strings{"4c3a+", "4c5a+"}));
  EXPECT_EQ(Moves(At("5k/6/6/2N3/6/K5 b - 1"), "4d"), (Strings{"4d3b+", "4d5b+"}));
  EXPECT_EQ(Moves(At("5k/6/6/6/2N3/K5 b - 1"), "4e"), (Strings{"4e3c", "4e5c"}));
}

TEST(PromotionRulesTest, PromotionIntoOutOfAndWithinTheZoneIsOptional) {
  // Silver on 3b: within (3b3a), out of (3b2c, 3b4c) and diagonal forward moves.
  EXPECT_EQ(Moves(At("5k/3S2/6/6/6/K5 b - 1"), "3b"),
            (Strings{"3b2a", "3b2a+", "3b2c", "3b2c+", "3b3a", "3b3a+", "3b4a", "3b4a+", "3b4c", "3b4c+"}));
  // Rook entering the zone from 6d; moves that stay outside cannot promote.
  const auto rook = Moves(At("5k/6/6/R5/6/K5 b - 1"), "6d");
  EXPECT_TRUE(std::count(rook.begin(), rook.end(), "6d6b+") == 1 && std::count(rook.begin(), rook.end(), "6d6b") == 1);
  EXPECT_EQ(std::count(rook.begin(), rook.end(), "6d5d+"), 0);
}

TEST(PromotionRulesTest, GoldKingAndPromotedPiecesNeverPromote) {
  for (const char* sfen : {"5k/6/2G3/6/6/K5 b - 1", "5k/6/2+S3/6/6/K5 b - 1", "5k/6/6/6/6/K5 b - 1"})
    for (const std::string& move : Moves(At(sfen))) EXPECT_NE(move.back(), '+') << sfen << " " << move;
}

TEST(PromotionRulesTest, PromotedPiecesMoveAsTheirKind) {
  EXPECT_EQ(Moves(At("5k/6/2+P3/6/6/K5 b - 1"), "4c").size(), 6u);   // as a gold
  EXPECT_EQ(Moves(At("k5/6/6/2+B3/6/5K b - 1"), "4d").size(), 13u);  // bishop + 4 steps
  EXPECT_EQ(Moves(At("k5/6/6/2+R3/6/5K b - 1"), "4d").size(), 14u);  // rook + 4 steps
}

TEST(CaptureRulesTest, CapturedPiecesLoseTheirPromotionAndGoToHand) {
  Position pos = At("5k/6/6/2+r3/2R3/K5 b - 1");
  pos.DoMove(*ParseUsiMove(pos, "4e4d"));
  EXPECT_EQ(pos.hand_count(kBlack, kRook), 1);
  EXPECT_EQ(pos.ToSfen(), "5k/6/6/2R3/6/K5 w R 2");
}

TEST(CheckRulesTest, PinnedPiecesMoveOnlyAlongThePin) {
  // Black silver on 6e is pinned by the rook on 6a against the king on 6f.
  const Position pos = At("r4k/6/6/6/S5/K5 b - 1");
  EXPECT_EQ(Moves(pos, "6e"), Strings{"6e6d"});
}

TEST(CheckRulesTest, KingCannotStepIntoCheck) {
  const Position pos = At("1r3k/6/6/6/6/K5 b - 1");  // rook on 5a covers file 5
  EXPECT_EQ(Moves(pos), Strings{"6f6e"});
}

}  // namespace
}  // namespace judkins
