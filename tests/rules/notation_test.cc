#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/support/positions.h"

#include "engine/rules/edition.h"
#include "tests/support/test_data.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

using testing::At;

TEST(UsiNotationTest, MovesRoundTrip) {
  const Position start = Position::Start();
  absl::StatusOr<Move> move = ParseUsiMove(start, "2f4d");
  ASSERT_TRUE(move.ok()) << move.status();
  EXPECT_EQ(*move, Move::Board(make_square(2, 5), make_square(4, 3)));
  EXPECT_EQ(MoveToUsi(*move), "2f4d");
  const Position drops = At("5k/6/6/6/6/K5 b B 1");
  EXPECT_EQ(MoveToUsi(*ParseUsiMove(drops, "B*4d")), "B*4d");
  const Position promotion = At("5k/2P3/6/6/6/K5 b - 1");
  EXPECT_TRUE(ParseUsiMove(promotion, "4b4a+").ok());
}

TEST(UsiNotationTest, BadMovesAreRejectedWithTheirReason) {
  const Position start = Position::Start();
  const std::pair<const char*, const char*> cases[] = {{"2f4", "expected a move like 2f4d"},
                                                       {"2f4d++", "expected a move like 2f4d"},
                                                       {"2g4d", "bad square '2g'"},
                                                       {"7f4d", "bad square '7f'"},
                                                       {"Z*4d", "drops name a piece"},
                                                       {"K*4d", "drops name a piece"},
                                                       {"1a1b", "illegal"},
                                                       {"6e6d+", "illegal"},
                                                       {"B*4d", "illegal"},
                                                       {"", "expected a move like"}};
  for (const auto& [text, reason] : cases) {
    absl::StatusOr<Move> move = ParseUsiMove(start, text);
    ASSERT_FALSE(move.ok()) << text;
    EXPECT_THAT(std::string(move.status().message()), HasSubstr(reason)) << text;
  }
}

TEST(HodgesNotationTest, WritesTheExamplesOfTheRules) {
  const Position start = Position::Start();
  EXPECT_EQ(MoveToHodges(start, *ParseUsiMove(start, "6e6d")), "P-6d");
  const Position drop = At("5k/6/6/6/6/K5 b B 1");
  EXPECT_EQ(MoveToHodges(drop, *ParseUsiMove(drop, "B*4d")), "B*4d");
  const Position tokin = At("5k/6/2+P3/6/6/K5 b - 1");  // +P takes nothing: a plain move
  EXPECT_EQ(MoveToHodges(tokin, *ParseUsiMove(tokin, "4c4b")), "+P-4b");
  const Position capture = At("3k2/2p3/2+P3/6/6/K5 b - 1");
  EXPECT_EQ(MoveToHodges(capture, *ParseUsiMove(capture, "4c4b")), "+Px4b");
  const Position silver = At("5k/2p3/3S2/6/6/K5 b - 1");
  EXPECT_EQ(MoveToHodges(silver, *ParseUsiMove(silver, "3c4b")), "Sx4b=");
  EXPECT_EQ(MoveToHodges(silver, *ParseUsiMove(silver, "3c4b+")), "Sx4b+");
  EXPECT_EQ(MoveToHodges(silver, *ParseUsiMove(silver, "3c2d")), "S-2d");
}

TEST(HodgesNotationTest, NamesTheOriginOnlyWhenTwoPiecesCouldMove) {
  const Position pos = At("5k/6/6/6/G1G3/K5 b - 1");
  EXPECT_EQ(MoveToHodges(pos, *ParseUsiMove(pos, "6e5d")), "G6e-5d");
  EXPECT_EQ(MoveToHodges(pos, *ParseUsiMove(pos, "4e5d")), "G4e-5d");
  EXPECT_EQ(MoveToHodges(pos, *ParseUsiMove(pos, "4e4d")), "G-4d");
  EXPECT_EQ(*ParseHodgesMove(pos, "G6e-5d"), *ParseUsiMove(pos, "6e5d"));
  absl::StatusOr<Move> ambiguous = ParseHodgesMove(pos, "G-5d");
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_THAT(std::string(ambiguous.status().message()), HasSubstr("name the origin square"));
}

TEST(HodgesNotationTest, ReadingRejectsWhatDoesNotFit) {
  const Position silver = At("5k/2p3/3S2/6/6/K5 b - 1");
  const std::pair<const char*, const char*> cases[] = {{"Sx4b", "end with '+' to promote or '=' not to"},
                                                       {"S-4b=", "'-' but the destination is occupied"},
                                                       {"Sx3d", "'x' but the destination is empty"},
                                                       {"Q-3d", "piece must be one of"},
                                                       {"+G-3d", "G cannot be promoted"},
                                                       {"S3d", "expected '-', 'x' or '*'"},
                                                       {"S-3d+", "no legal move matches"},
                                                       {"S*3d", "illegal drop"},
                                                       {"S-3", "missing destination"},
                                                       {"S-3d!", "only '+' or '='"}};
  for (const auto& [text, reason] : cases) {
    absl::StatusOr<Move> move = ParseHodgesMove(silver, text);
    ASSERT_FALSE(move.ok()) << text;
    EXPECT_THAT(std::string(move.status().message()), HasSubstr(reason)) << text;
  }
}

TEST(HodgesNotationTest, EveryLegalMoveOfTheOraclePositionsRoundTrips) {
  int checked = 0;
  for (const auto& row : testing::ReadTsv("legal-public.tsv")) {
    const Position pos = At(row.at(0));
    for (Move m : MoveList(pos)) {
      const std::string text = MoveToHodges(pos, m);
      absl::StatusOr<Move> back = ParseHodgesMove(pos, text);
      ASSERT_TRUE(back.ok()) << row[0] << " " << MoveToUsi(m) << " " << text << ": " << back.status();
      EXPECT_EQ(*back, m) << row[0] << " " << text;
      ++checked;
    }
  }
  EXPECT_GT(checked, 20000);
}

}  // namespace
}  // namespace judkins
