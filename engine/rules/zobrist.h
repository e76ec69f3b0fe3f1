// Zobrist keys for board, hands and side to move, fixed at compile time so a
// position has the same key in every process (the worker and engine agree).
#ifndef JUDKINS_ENGINE_RULES_ZOBRIST_H_
#define JUDKINS_ENGINE_RULES_ZOBRIST_H_

#include "engine/rules/types.h"

namespace judkins::zobrist {

struct Keys {
  Key piece_square[32][kSquares] = {};
  Key hand[2][8][kMaxPiecesOfKind + 1] = {};  // [colour][type][count]; count 0 is 0
  Key black_to_move = 0;
};

constexpr Key SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr Keys MakeKeys() {
  Keys keys;
  uint64_t state = 0x4A75646B696E73ULL;  // "Judkins"
  for (auto& squares : keys.piece_square)
    for (Key& key : squares) key = SplitMix64(state);
  for (auto& types : keys.hand)
    for (auto& counts : types)
      for (int n = 1; n <= kMaxPiecesOfKind; ++n) counts[n] = SplitMix64(state);
  keys.black_to_move = SplitMix64(state);
  return keys;
}

inline constexpr Keys kKeys = MakeKeys();

constexpr Key piece_square(Piece p, Square s) { return kKeys.piece_square[p][s]; }
constexpr Key hand(Color c, PieceType pt, int count) { return kKeys.hand[c][pt][count]; }

}  // namespace judkins::zobrist

#endif  // JUDKINS_ENGINE_RULES_ZOBRIST_H_
