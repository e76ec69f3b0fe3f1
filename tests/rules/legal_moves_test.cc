// Legal move lists against the oracle's (Fairy-Stockfish minus mating pawn drops).
#include <gtest/gtest.h>

#include <algorithm>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/rules/edition.h"
#include "tests/support/test_data.h"

namespace judkins {
namespace {

std::vector<std::string> SortedLegalMoves(const Position& pos) {
  std::vector<std::string> moves;
  for (Move m : MoveList(pos)) moves.push_back(MoveToUsi(m));
  std::sort(moves.begin(), moves.end());
  return moves;
}

TEST(LegalMovesTest, AllOraclePositionsAgree) {
  const auto rows = testing::ReadTsv("legal-public.tsv");
  ASSERT_EQ(rows.size(), 1000u);
  for (const auto& row : rows) {
    absl::StatusOr<Position> pos = Position::FromSfen(row.at(0));
    ASSERT_TRUE(pos.ok()) << pos.status();
    std::vector<std::string> expected = row.size() > 1
                                            ? std::vector<std::string>(absl::StrSplit(row[1], ' ', absl::SkipEmpty()))
                                            : std::vector<std::string>();
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(absl::StrJoin(SortedLegalMoves(*pos), " "), absl::StrJoin(expected, " ")) << row[0];
  }
}

TEST(LegalMovesTest, MatingPawnDropsAreExcluded) {
  const auto rows = testing::ReadTsv("legal-pawn-drop-mates.tsv");
  ASSERT_GT(rows.size(), 1u);
  for (size_t i = 1; i < rows.size(); ++i) {  // row 0 is the header
    absl::StatusOr<Position> pos = Position::FromSfen(rows[i].at(1));
    ASSERT_TRUE(pos.ok()) << pos.status();
    for (absl::string_view drop : absl::StrSplit(rows[i].at(2), ' ', absl::SkipEmpty())) {
      const auto moves = SortedLegalMoves(*pos);
      EXPECT_EQ(std::count(moves.begin(), moves.end(), std::string(drop)), 0) << rows[i][1] << " " << drop;
    }
  }
}

}  // namespace
}  // namespace judkins
