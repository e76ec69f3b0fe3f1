// GivesCheck and GenerateQuietChecks against making every legal move and
// looking: what a mate search takes for the checks must be exactly them.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "engine/rules/movegen.h"
#include "engine/rules/notation.h"
#include "engine/rules/position.h"

namespace judkins {
namespace {

template <class V>
bool ChecksOnceMade(BasicPosition<V>& pos, Move m) {
  pos.DoMove(m);
  const bool check = pos.in_check();
  pos.UndoMove();
  return check;
}

template <class V>
bool CapturesOrPromotes(const BasicPosition<V>& pos, Move m) {
  return m.is_promotion() || (!m.is_drop() && pos.piece_on(m.to()));
}

// Along seeded random games from the start, every legal move is checked both
// ways, and the quiet checks generated are exactly those found by making them.
template <class V>
void ExpectChecksAgreeAlongRandomGames(uint64_t seed) {
  constexpr int kGames = 100, kMaxPlies = 150;
  std::mt19937_64 random(seed);
  int quiet_checks = 0;
  for (int game = 0; game < kGames; ++game) {
    BasicPosition<V> pos = BasicPosition<V>::Start();
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      const BasicMoveList<V> moves(pos);
      if (moves.empty()) break;
      std::set<std::string> expected, generated;
      for (Move m : moves) {
        const bool check = ChecksOnceMade(pos, m);
        ASSERT_EQ(GivesCheck(pos, m), check) << pos.ToSfen() << " " << MoveToUsi<V>(m);
        if (check && !CapturesOrPromotes(pos, m)) expected.insert(MoveToUsi<V>(m));
      }
      if (!pos.in_check()) {
        std::array<Move, V::kMaxMoves> buffer;
        for (Move *m = buffer.data(), *end = GenerateQuietChecks(pos, buffer.data()); m != end; ++m)
          EXPECT_TRUE(generated.insert(MoveToUsi<V>(*m)).second) << pos.ToSfen() << ": twice " << MoveToUsi<V>(*m);
        ASSERT_EQ(generated, expected) << pos.ToSfen();
        quiet_checks += int(expected.size());
      }
      pos.DoMove(*(moves.begin() + random() % moves.size()));
    }
  }
  EXPECT_GT(quiet_checks, 1000) << "the games must reach positions with checks";
}

TEST(QuietChecksTest, JudkinsChecksAreExactlyTheMovesThatCheck) {
  ExpectChecksAgreeAlongRandomGames<variants::Judkins>(20261204);
}
TEST(QuietChecksTest, ShogiChecksAreExactlyTheMovesThatCheck) {
  ExpectChecksAgreeAlongRandomGames<variants::Shogi>(20261205);
}
TEST(QuietChecksTest, MinishogiChecksAreExactlyTheMovesThatCheck) {
  ExpectChecksAgreeAlongRandomGames<variants::Minishogi>(20261206);
}

// Judkins positions for each way a move checks.
TEST(QuietChecksTest, SeesDirectDropAndDiscoveredChecks) {
  using Judkins = variants::Judkins;
  struct Case {
    const char* sfen;
    const char* move;
    bool check;
  };
  const Case cases[] = {
      {"5k/6/6/6/6/K5 b G 1", "G*2b", true},     // a drop beside the king
      {"5k/6/6/6/6/K5 b G 1", "G*3c", false},    // a drop out of reach
      {"k5/6/6/S5/6/R4K b - 1", "6d5c", true},   // the silver steps off the rook's file
      {"k5/6/6/S5/6/R4K b - 1", "6d6c", false},  // ... and along it, still blocking
      {"k5/6/3B2/6/6/5K b - 1", "3c5a", false},  // a bishop beside the king attacks no neighbour
      {"k5/6/3B2/6/6/5K b - 1", "3c5a+", true},  // ... a horse does
  };
  for (const Case& c : cases) {
    const BasicPosition<Judkins> pos = *BasicPosition<Judkins>::FromSfen(c.sfen);
    const absl::StatusOr<Move> m = ParseUsiMove<Judkins>(pos, c.move);
    ASSERT_TRUE(m.ok()) << c.sfen << " " << c.move << ": " << m.status();
    EXPECT_EQ(GivesCheck(pos, *m), c.check) << c.sfen << " " << c.move;
  }
}

}  // namespace
}  // namespace judkins
