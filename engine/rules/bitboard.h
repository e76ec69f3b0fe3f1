// Bitboards for the 36 squares and the attack tables, all computed at compile
// time so that no table needs initialising and none can change at run time.
#ifndef JUDKINS_ENGINE_RULES_BITBOARD_H_
#define JUDKINS_ENGINE_RULES_BITBOARD_H_

#include <array>
#include <bit>
#include <cstdint>

#include "engine/rules/types.h"

namespace judkins {

using Bitboard = uint64_t;

constexpr Bitboard kAllSquares = (Bitboard(1) << kSquares) - 1;
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard rank_bb(int rank) { return Bitboard(0x3F) << (rank * kFiles); }
constexpr Bitboard file_bb(int file) { return Bitboard(0x041041041) << (file - 1); }
// The two farthest ranks from a side: where its pieces may promote.
constexpr Bitboard promotion_zone(Color c) { return c == kBlack ? rank_bb(0) | rank_bb(1) : rank_bb(4) | rank_bb(5); }
// The farthest rank(s) from a side, counted 1 or 2 deep.
constexpr Bitboard last_ranks(Color c, int depth) {
  Bitboard b = 0;
  for (int i = 0; i < depth; ++i) b |= rank_bb(c == kBlack ? i : kRanks - 1 - i);
  return b;
}

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lsb(Bitboard b) { return std::countr_zero(b); }
constexpr Square msb(Bitboard b) { return 63 - std::countl_zero(b); }
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }
// Removes and returns the lowest square of b.
constexpr Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

namespace tables {

struct Step {
  int file, rank;
};  // rank -1 is forward for Black

// Directions 0..3 raise the square index, 4..7 lower it; slider_attacks relies
// on this to find the nearest blocker with lsb or msb.
constexpr std::array<Step, 8> kDirections = {{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}};
constexpr std::array<int, 4> kRookDirections = {0, 1, 4, 5};
constexpr std::array<int, 4> kBishopDirections = {2, 3, 6, 7};

constexpr bool on_board(int file, int rank) { return file >= 1 && file <= kFiles && rank >= 0 && rank < kRanks; }

struct Tables {
  Bitboard step[2][kPieceTypeLimit][kSquares] = {};  // non-sliding moves
  Bitboard ray[8][kSquares] = {};
  Bitboard between[kSquares][kSquares] = {};  // exclusive of both ends
  Bitboard line[kSquares][kSquares] = {};     // the whole line through both
};

constexpr Bitboard steps_from(Square s, Color c, std::initializer_list<Step> steps) {
  Bitboard b = 0;
  const int forward = c == kBlack ? 1 : -1;
  for (Step step : steps) {
    int file = file_of(s) + step.file, rank = rank_of(s) + step.rank * forward;
    if (on_board(file, rank)) b |= square_bb(make_square(file, rank));
  }
  return b;
}

constexpr Tables MakeTables() {
  Tables t;
  for (Square s = 0; s < kSquares; ++s) {
    for (Color c : {kBlack, kWhite}) {
      auto& step = t.step[c];
      step[kPawn][s] = steps_from(s, c, {{0, -1}});
      step[kKnight][s] = steps_from(s, c, {{1, -2}, {-1, -2}});
      step[kSilver][s] = steps_from(s, c, {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}});
      step[kGold][s] = steps_from(s, c, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}});
      step[kKing][s] = steps_from(s, c, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
      step[kProPawn][s] = step[kProKnight][s] = step[kProSilver][s] = step[kGold][s];
    }
    for (int d = 0; d < 8; ++d) {
      int file = file_of(s) + kDirections[d].file, rank = rank_of(s) + kDirections[d].rank;
      for (; on_board(file, rank); file += kDirections[d].file, rank += kDirections[d].rank)
        t.ray[d][s] |= square_bb(make_square(file, rank));
    }
  }
  for (Square a = 0; a < kSquares; ++a)
    for (int d = 0; d < 8; ++d)
      for (Bitboard targets = t.ray[d][a]; targets;) {
        Square b = pop_lsb(targets);
        t.between[a][b] = t.ray[d][a] & ~t.ray[d][b] & ~square_bb(b);
        t.line[a][b] = t.ray[d][a] | t.ray[(d + 4) % 8][a] | square_bb(a);
      }
  return t;
}

inline constexpr Tables kTables = MakeTables();

constexpr Bitboard slide(Square s, Bitboard occupied, const std::array<int, 4>& directions) {
  Bitboard attacks = 0;
  for (int d : directions) {
    Bitboard ray = kTables.ray[d][s];
    if (Bitboard blockers = ray & occupied) ray ^= kTables.ray[d][d < 4 ? lsb(blockers) : msb(blockers)];
    attacks |= ray;
  }
  return attacks;
}

}  // namespace tables

constexpr Bitboard step_attacks(Color c, PieceType pt, Square s) { return tables::kTables.step[c][pt][s]; }
constexpr Bitboard rook_attacks(Square s, Bitboard occupied) {
  return tables::slide(s, occupied, tables::kRookDirections);
}
constexpr Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return tables::slide(s, occupied, tables::kBishopDirections);
}
constexpr Bitboard between_bb(Square a, Square b) { return tables::kTables.between[a][b]; }
constexpr Bitboard line_bb(Square a, Square b) { return tables::kTables.line[a][b]; }

// Squares a piece of colour c and type pt on s attacks, given the occupancy.
constexpr Bitboard attacks_from(Color c, PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case kBishop:
      return bishop_attacks(s, occupied);
    case kRook:
      return rook_attacks(s, occupied);
    case kHorse:
      return bishop_attacks(s, occupied) | step_attacks(c, kKing, s);
    case kDragon:
      return rook_attacks(s, occupied) | step_attacks(c, kKing, s);
    default:
      return step_attacks(c, pt, s);
  }
}

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_BITBOARD_H_
