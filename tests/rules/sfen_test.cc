#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/rules/edition.h"
#include "tests/support/test_data.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

TEST(SfenTest, StartPositionRoundTrips) {
  const Position start = Position::Start();
  EXPECT_EQ(start.ToSfen(), kStartSfen);
  EXPECT_EQ(start.side_to_move(), kBlack);
  EXPECT_EQ(start.piece_on(make_square(6, 5)), make_piece(kBlack, kKing));
  EXPECT_EQ(start.piece_on(make_square(1, 0)), make_piece(kWhite, kKing));
  EXPECT_EQ(start.piece_on(make_square(6, 4)), make_piece(kBlack, kPawn));
}

TEST(SfenTest, HandsAreReadInAnyOrderAndWrittenInUsiOrder) {
  absl::StatusOr<Position> pos = Position::FromSfen("2k3/6/6/6/6/3K2 b pnNP 7");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->ToSfen(), "2k3/6/6/6/6/3K2 b NPnp 7");
  EXPECT_EQ(pos->hand_count(kWhite, kKnight), 1);
  pos = Position::FromSfen("2k3/6/6/6/6/3K2 w 2p2BR 1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->ToSfen(), "2k3/6/6/6/6/3K2 w R2B2p 1");
}

TEST(SfenTest, MoveNumberIsOptionalAndCountsPlies) {
  absl::StatusOr<Position> pos = Position::FromSfen("rbnsgk/5p/6/6/P5/KGSNBR b -");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->move_number(), 1);
  pos->DoMove(Move::Board(make_square(6, 4), make_square(6, 3)));
  EXPECT_EQ(pos->ToSfen(), "rbnsgk/5p/6/P5/6/KGSNBR w - 2");
}

TEST(SfenTest, EveryOraclePositionRoundTrips) {
  for (const auto& row : testing::ReadTsv("legal-public.tsv")) {
    absl::StatusOr<Position> pos = Position::FromSfen(row.at(0));
    ASSERT_TRUE(pos.ok()) << pos.status();
    absl::StatusOr<Position> again = Position::FromSfen(pos->ToSfen());
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(again->ToSfen(), pos->ToSfen());
    EXPECT_EQ(again->key(), pos->key());
  }
}

TEST(SfenTest, HandicapStartsHaveWhiteToMoveAndPiecesRemoved) {
  for (Handicap handicap : {Handicap::kBishop, Handicap::kRook, Handicap::kTwoPiece}) {
    absl::StatusOr<Position> pos = Position::FromSfen(HandicapSfen(handicap));
    ASSERT_TRUE(pos.ok()) << pos.status();
    EXPECT_EQ(pos->side_to_move(), kWhite);
    EXPECT_TRUE(pos->hand_empty(kBlack) && pos->hand_empty(kWhite));
    const bool has_bishop = pos->pieces(kWhite, kBishop), has_rook = pos->pieces(kWhite, kRook);
    EXPECT_EQ(has_bishop, handicap == Handicap::kRook);
    EXPECT_EQ(has_rook, handicap == Handicap::kBishop);
    EXPECT_EQ(popcount(pos->pieces(kBlack)), 7);
  }
  Position bishop = *Position::FromSfen(HandicapSfen(Handicap::kBishop));
  EXPECT_EQ(Perft(bishop, 5), 1227834u);  // the oracle's count
}

struct BadSfen {
  const char* sfen;
  const char* message;
};

class BadSfenTest : public ::testing::TestWithParam<BadSfen> {};

TEST_P(BadSfenTest, IsRejectedWithItsReason) {
  absl::StatusOr<Position> pos = Position::FromSfen(GetParam().sfen);
  ASSERT_FALSE(pos.ok()) << GetParam().sfen;
  EXPECT_EQ(pos.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(pos.status().message()), HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    Rejected, BadSfenTest,
    ::testing::Values(
        BadSfen{"", "expected 3 or 4 fields"}, BadSfen{"rbnsgk/5p/6/6/P5/KGSNBR b - 1 9", "expected 3 or 4 fields"},
        BadSfen{"rbnsgk/5p/6/6/P5 b - 1", "board has 5 ranks, expected 6"},
        BadSfen{"rbnsgk/5p/7/6/P5/KGSNBR b - 1", "rank c has more than 6 squares"},
        BadSfen{"rbnsgk/5p/3p3/6/P5/KGSNBR b - 1", "rank c has more than 6 squares"},
        BadSfen{"rbnsgk/5p/5/6/P5/KGSNBR b - 1", "rank c has 5 squares, expected 6"},
        BadSfen{"rbnsgk/5p/6/6/P5/KGSNB b - 1", "rank f has 5 squares, expected 6"},
        BadSfen{"rbnsgx/5p/6/6/P5/KGSNBR b - 1", "unknown piece letter 'x' in rank a"},
        BadSfen{"rbnsgk/4+gp/6/6/P5/KGSNBR b - 1", "g cannot be promoted"},
        BadSfen{"rbnsgk/5p/6/6/P5/KGSNB+ b - 1", "rank f ends with '+'"},
        BadSfen{"rbnsgk/5p/6/6/P5/KGSNBR x - 1", "side to move must be 'b' or 'w', got 'x'"},
        BadSfen{"rbnsg1/5p/6/6/P5/KGSNBR b - 1", "White has 0 kings, expected 1"},
        BadSfen{"rbnsgk/5p/6/6/P4K/KGSNBR b - 1", "Black has 2 kings, expected 1"},
        BadSfen{"rbnsgk/5p/6/6/P5/KGSNBR b R 1", "3 pieces of kind R on board and in hand"},
        BadSfen{"5k/6/6/6/6/K5 b 3P 1", "hand count 3 is more than exist"},
        BadSfen{"5k/6/6/6/6/K5 b 0P 1", "hand count 0 is not allowed"},
        BadSfen{"5k/6/6/6/6/K5 b K 1", "a king cannot be in hand"},
        BadSfen{"5k/6/6/6/6/K5 b +P 1", "unknown hand piece '+'"},
        BadSfen{"5k/6/6/6/6/K5 b PP 1", "hand lists 'P' twice"}, BadSfen{"5k/6/6/6/6/K5 b P2 1", "ends with a count"},
        BadSfen{"5k/6/6/6/6/K5 b - 0", "move number must be an integer from 1 to 1000000, got '0'"},
        BadSfen{"5k/6/6/6/6/K5 b - x", "move number must be an integer from 1 to 1000000, got 'x'"},
        BadSfen{"5k/6/6/6/6/K5 b - 2147483647", "move number must be an integer from 1 to 1000000, got '2147483647'"},
        BadSfen{"P4k/6/6/6/6/K5 b - 1", "Black pawn on 6a could never move"},
        BadSfen{"5k/N5/6/6/6/K5 b - 1", "Black knight on 6b could never move"},
        BadSfen{"5k/6/6/6/6/K4p b - 1", "White pawn on 1f could never move"},
        BadSfen{"5k/6/6/6/n5/K5 b - 1", "White knight on 6e could never move"},
        BadSfen{"5k/6/P5/6/P5/K5 b - 1", "two unpromoted Black pawns on file 6"},
        BadSfen{"5k/5R/6/6/6/K5 b - 1", "White is in check but it is not its move"}));

TEST(SfenTest, PromotedPawnsDoNotCountForNifuOnTheBoard) {
  EXPECT_TRUE(Position::FromSfen("5k/6/+P5/6/P5/K5 b - 1").ok());
}

}  // namespace
}  // namespace judkins
