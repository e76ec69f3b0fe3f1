#include "engine/search/see.h"

#include <gtest/gtest.h>

#include "engine/rules/edition.h"

namespace judkins {
namespace {

int See(absl::string_view sfen, absl::string_view move) {
  const Position pos = *Position::FromSfen(sfen);
  return StaticExchange(pos, *ParseUsiMove(pos, move), EvalParams());
}

// Default values: pawn 100, gold 460, bishop 560, rook 650.
TEST(StaticExchangeTest, CountsTheWholeExchange) {
  EXPECT_EQ(See("5k/6/6/2p3/6/K1R3 b - 1", "4f4d"), 100);                 // undefended
  EXPECT_EQ(See("5k/6/2g3/2p3/6/K1R3 b - 1", "4f4d"), 100 - 650);         // defended by the gold
  EXPECT_EQ(See("5k/6/2g3/2p3/6/B1R2K b - 1", "4f4d"), 100 - 650 + 460);  // the bishop takes back
  EXPECT_EQ(See("5k/6/2g3/2p3/6/B1R2K b - 1", "6f4d"), 0);                // bishop first, rook after
  EXPECT_EQ(See("5k/6/2g3/6/6/K5 b G 1", "G*4d"), -460);                  // a drop en prise
  EXPECT_EQ(See("5k/6/2g3/6/6/K1R3 b G 1", "G*4d"), 0);                   // ... unless defended
  EXPECT_EQ(See("5k/6/6/6/6/K1R3 b G 1", "G*4d"), 0);
}

}  // namespace
}  // namespace judkins
