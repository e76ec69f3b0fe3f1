// Zobrist keys for board, hands and side to move, fixed at compile time so a
// position has the same key in every process (the worker and engine agree).
#ifndef JUDKINS_ENGINE_RULES_ZOBRIST_H_
#define JUDKINS_ENGINE_RULES_ZOBRIST_H_

#include "engine/rules/bitboard.h"
#include "engine/rules/types.h"
#include "engine/rules/variant.h"

namespace judkins::zobrist {

template <class V>
struct Keys {
  Key piece_square[kPieceLimit][V::kSquares] = {};
  Key hand[2][kPieceTypeLimit][MaxHandCount<V>() + 1] = {};  // [colour][type][count]; count 0 is 0
  Key black_to_move = 0;
};

constexpr Key SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The keys are drawn in the order Judkins always drew them (every piece on
// every square, hands of the types below 8 up to two, the side to move), and
// what Judkins never needed (lances, counts above two) after that: Judkins
// keeps its keys, so its searches, and its bench signature, are unchanged.
template <class V>
constexpr Keys<V> MakeKeys() {
  constexpr int kFirstTypes = 8, kFirstCounts = 2;
  Keys<V> keys;
  uint64_t state = 0x4A75646B696E73ULL;  // "Judkins"
  for (auto& squares : keys.piece_square)
    for (Key& key : squares) key = SplitMix64(state);
  for (auto& types : keys.hand)
    for (int pt = 0; pt < kFirstTypes; ++pt)
      for (int n = 1; n <= kFirstCounts && n <= MaxHandCount<V>(); ++n) types[pt][n] = SplitMix64(state);
  keys.black_to_move = SplitMix64(state);
  for (auto& types : keys.hand)
    for (int pt = 0; pt < kPieceTypeLimit; ++pt)
      for (int n = pt < kFirstTypes ? kFirstCounts + 1 : 1; n <= MaxHandCount<V>(); ++n)
        types[pt][n] = SplitMix64(state);
  return keys;
}

template <class V>
inline constexpr Keys<V> kKeys = MakeKeys<V>();

template <class V>
constexpr Key piece_square(Piece p, Square s) {
  return kKeys<V>.piece_square[p][s];
}
template <class V>
constexpr Key hand(Color c, PieceType pt, int count) {
  return kKeys<V>.hand[c][pt][count];
}
template <class V>
constexpr Key black_to_move() {
  return kKeys<V>.black_to_move;
}

}  // namespace judkins::zobrist

#endif  // JUDKINS_ENGINE_RULES_ZOBRIST_H_
