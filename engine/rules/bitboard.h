// Bit operations on the two bitboard widths and each variant's attack tables,
// all computed at compile time so that no table needs initialising and none
// can change at run time.
#ifndef JUDKINS_ENGINE_RULES_BITBOARD_H_
#define JUDKINS_ENGINE_RULES_BITBOARD_H_

#include <array>
#include <bit>
#include <cstdint>

#include "engine/rules/types.h"
#include "engine/rules/variant.h"

namespace judkins {

constexpr int popcount(uint64_t b) { return std::popcount(b); }
constexpr Square lsb(uint64_t b) { return std::countr_zero(b); }
constexpr Square msb(uint64_t b) { return 63 - std::countl_zero(b); }

constexpr int popcount(Uint128 b) { return std::popcount(uint64_t(b)) + std::popcount(uint64_t(b >> 64)); }
constexpr Square lsb(Uint128 b) {
  const uint64_t low = uint64_t(b);
  return low ? std::countr_zero(low) : 64 + std::countr_zero(uint64_t(b >> 64));
}
constexpr Square msb(Uint128 b) {
  const uint64_t high = uint64_t(b >> 64);
  return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(uint64_t(b));
}

template <class Bitboard>
constexpr bool more_than_one(Bitboard b) {
  return b & (b - 1);
}
// Removes and returns the lowest square of b.
template <class Bitboard>
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

namespace tables {

struct Step {
  int file, rank;
};  // rank -1 is forward for Black

// Directions 0..3 raise the square index, 4..7 lower it; Slide relies on this
// to find the nearest blocker with lsb or msb.
constexpr std::array<Step, 8> kDirections = {{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}};
constexpr std::array<int, 4> kRookDirections = {0, 1, 4, 5};
constexpr std::array<int, 4> kBishopDirections = {2, 3, 6, 7};
// A lance runs forward: towards rank a (direction 4) for Black, towards the
// last rank (direction 0) for White.
constexpr std::array<int, 2> kLanceDirection = {4, 0};

template <class V>
struct Tables {
  using Bitboard = typename V::Bitboard;
  Bitboard step[2][kPieceTypeLimit][V::kSquares] = {};  // non-sliding moves
  Bitboard ray[8][V::kSquares] = {};
  Bitboard between[V::kSquares][V::kSquares] = {};  // exclusive of both ends
  Bitboard line[V::kSquares][V::kSquares] = {};     // the whole line through both
};

template <class V>
constexpr typename V::Bitboard StepsFrom(Square s, Color c, std::initializer_list<Step> steps) {
  typename V::Bitboard b = 0;
  const int forward = c == kBlack ? 1 : -1;
  for (Step step : steps) {
    const int file = V::file_of(s) + step.file, rank = V::rank_of(s) + step.rank * forward;
    if (V::on_board(file, rank)) b |= V::square_bb(V::make_square(file, rank));
  }
  return b;
}

template <class V>
constexpr Tables<V> MakeTables() {
  Tables<V> t;
  for (Square s = 0; s < V::kSquares; ++s) {
    for (Color c : {kBlack, kWhite}) {
      auto& step = t.step[c];
      step[kPawn][s] = StepsFrom<V>(s, c, {{0, -1}});
      step[kKnight][s] = StepsFrom<V>(s, c, {{1, -2}, {-1, -2}});
      step[kSilver][s] = StepsFrom<V>(s, c, {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}});
      step[kGold][s] = StepsFrom<V>(s, c, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}});
      step[kKing][s] = StepsFrom<V>(s, c, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
      step[kProPawn][s] = step[kProKnight][s] = step[kProSilver][s] = step[kProLance][s] = step[kGold][s];
    }
    for (int d = 0; d < 8; ++d) {
      int file = V::file_of(s) + kDirections[d].file, rank = V::rank_of(s) + kDirections[d].rank;
      for (; V::on_board(file, rank); file += kDirections[d].file, rank += kDirections[d].rank)
        t.ray[d][s] |= V::square_bb(V::make_square(file, rank));
    }
  }
  for (Square a = 0; a < V::kSquares; ++a)
    for (int d = 0; d < 8; ++d)
      for (auto targets = t.ray[d][a]; targets;) {
        const Square b = pop_lsb(targets);
        t.between[a][b] = t.ray[d][a] & ~t.ray[d][b] & ~V::square_bb(b);
        t.line[a][b] = t.ray[d][a] | t.ray[(d + 4) % 8][a] | V::square_bb(a);
      }
  return t;
}

template <class V>
inline constexpr Tables<V> kTables = MakeTables<V>();

// The squares a slider on s reaches in direction d, up to the first blocker.
template <class V>
constexpr typename V::Bitboard SlideOne(Square s, typename V::Bitboard occupied, int d) {
  auto ray = kTables<V>.ray[d][s];
  if (const auto blockers = ray & occupied) ray ^= kTables<V>.ray[d][d < 4 ? lsb(blockers) : msb(blockers)];
  return ray;
}

template <class V>
constexpr typename V::Bitboard Slide(Square s, typename V::Bitboard occupied, const std::array<int, 4>& directions) {
  typename V::Bitboard attacks = 0;
  for (int d : directions) attacks |= SlideOne<V>(s, occupied, d);
  return attacks;
}

}  // namespace tables

template <class V>
constexpr typename V::Bitboard step_attacks(Color c, PieceType pt, Square s) {
  return tables::kTables<V>.step[c][pt][s];
}
template <class V>
constexpr typename V::Bitboard rook_attacks(Square s, typename V::Bitboard occupied) {
  return tables::Slide<V>(s, occupied, tables::kRookDirections);
}
template <class V>
constexpr typename V::Bitboard bishop_attacks(Square s, typename V::Bitboard occupied) {
  return tables::Slide<V>(s, occupied, tables::kBishopDirections);
}
template <class V>
constexpr typename V::Bitboard lance_attacks(Color c, Square s, typename V::Bitboard occupied) {
  return tables::SlideOne<V>(s, occupied, tables::kLanceDirection[c]);
}
template <class V>
constexpr typename V::Bitboard between_bb(Square a, Square b) {
  return tables::kTables<V>.between[a][b];
}
template <class V>
constexpr typename V::Bitboard line_bb(Square a, Square b) {
  return tables::kTables<V>.line[a][b];
}

// Squares a piece of colour c and type pt on s attacks, given the occupancy.
template <class V>
constexpr typename V::Bitboard attacks_from(Color c, PieceType pt, Square s, typename V::Bitboard occupied) {
  switch (pt) {
    case kBishop:
      return bishop_attacks<V>(s, occupied);
    case kRook:
      return rook_attacks<V>(s, occupied);
    case kHorse:
      return bishop_attacks<V>(s, occupied) | step_attacks<V>(c, kKing, s);
    case kDragon:
      return rook_attacks<V>(s, occupied) | step_attacks<V>(c, kKing, s);
    case kLance:
      return lance_attacks<V>(c, s, occupied);
    default:
      return step_attacks<V>(c, pt, s);
  }
}

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_BITBOARD_H_
