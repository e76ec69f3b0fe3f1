#include "engine/search/see.h"

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "engine/rules/edition.h"

namespace judkins {
namespace {

int See(absl::string_view sfen, absl::string_view move) {
  const Position pos = *Position::FromSfen(sfen);
  return StaticExchange(pos, *ParseUsiMove(pos, move), EvalParams());
}

// A piece's value on the board under the default weights.
int Value(absl::string_view piece) { return EvalParams()[FindParam(absl::StrCat(piece, "Value"))]; }

TEST(StaticExchangeTest, CountsTheWholeExchange) {
  const int pawn = Value("Pawn"), gold = Value("Gold"), bishop = Value("Bishop"), rook = Value("Rook");
  ASSERT_LT(bishop, rook);                                           // the bishop, the less valuable, recaptures first
  EXPECT_EQ(See("5k/6/6/2p3/6/K1R3 b - 1", "4f4d"), pawn);           // undefended
  EXPECT_EQ(See("5k/6/2g3/2p3/6/K1R3 b - 1", "4f4d"), pawn - rook);  // defended by the gold
  EXPECT_EQ(See("5k/6/2g3/2p3/6/B1R2K b - 1", "4f4d"), pawn - rook + gold);    // the bishop takes back
  EXPECT_EQ(See("5k/6/2g3/2p3/6/B1R2K b - 1", "6f4d"), pawn - bishop + gold);  // bishop first, rook after
  EXPECT_EQ(See("5k/6/2g3/6/6/K5 b G 1", "G*4d"), -gold);                      // a drop en prise
  EXPECT_EQ(See("5k/6/2g3/6/6/K1R3 b G 1", "G*4d"), 0);                        // ... unless defended
  EXPECT_EQ(See("5k/6/6/6/6/K1R3 b G 1", "G*4d"), 0);
}

}  // namespace
}  // namespace judkins
