// Perft counts against Fairy-Stockfish's, corrected for mating pawn drops.
#include "engine/rules/edition.h"

#include <gtest/gtest.h>

#include "tests/support/test_data.h"

namespace judkins {
namespace {

struct PerftCase {
  std::string sfen;
  int depth;
  uint64_t nodes;
};

std::vector<PerftCase> LoadCases() {
  std::vector<PerftCase> cases;
  for (const auto& row : testing::ReadTsv("perft-public.tsv"))
    cases.push_back({row.at(0), std::stoi(row.at(1)), std::stoull(row.at(2))});
  return cases;
}

class PerftTest : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTest, MatchesReferenceCount) {
  absl::StatusOr<Position> pos = Position::FromSfen(GetParam().sfen);
  ASSERT_TRUE(pos.ok()) << pos.status();
  const Key key_before = pos->key();
  EXPECT_EQ(Perft(*pos, GetParam().depth), GetParam().nodes) << GetParam().sfen;
  EXPECT_EQ(pos->key(), key_before) << "make/unmake must restore the position";
  // Hands come back in USI order (R B G S N P), which may differ from the input's.
  absl::StatusOr<Position> reparsed = Position::FromSfen(pos->ToSfen());
  ASSERT_TRUE(reparsed.ok()) << reparsed.status();
  EXPECT_EQ(reparsed->key(), key_before);
  EXPECT_EQ(pos->ToSfen().substr(0, pos->ToSfen().find(' ')), GetParam().sfen.substr(0, GetParam().sfen.find(' ')));
}

INSTANTIATE_TEST_SUITE_P(Oracle, PerftTest, ::testing::ValuesIn(LoadCases()),
                         [](const auto& info) { return "line" + std::to_string(info.index + 1); });

}  // namespace
}  // namespace judkins
