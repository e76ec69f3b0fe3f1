// A move in USI or Hodges notation from outside, against positions of every
// variant and kind (the start, a handicap, hands full of drops): parsed to a
// legal move or refused; a parsed move writes back to the same move.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/rules/hodges.h"
#include "engine/rules/notation.h"
#include "engine/rules/position.h"

namespace {

// Each variant's positions: the start, hands full of drops, promotions near.
constexpr const char* kJudkinsPositions[] = {
    "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
    "rbnsgk/5p/6/6/P5/KGSN1R w B 2",
    "5k/6/6/6/6/K5 b RBGSNPrbgsnp 1",
    "2s2k/1P4/6/6/4p1/K5 b G 30",
};
constexpr const char* kShogiPositions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "4k4/8L/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
    "ln1gk2nl/1r1s3s1/p1pp3gp/1p2p2p1/9/P1PP1+R3/1P2PPP1P/3G1GS2/LNS1K2N+b w 2Pblp 34",
};
constexpr const char* kMinishogiPositions[] = {
    "rbsgk/4p/5/P4/KGSBR b - 1",
    "2k2/5/5/5/2K2 b RBGSPrbgsp 1",
    "r3k/S1g1p/2b2/PG3/1K1+s1 b rb 21",
};

// A move parsed from `text` writes back to the same move, in both notations.
template <class V>
void CheckMoveText(const char* sfen, const std::string& text) {
  absl::StatusOr<judkins::BasicPosition<V>> position = judkins::BasicPosition<V>::FromSfen(sfen);
  if (!position.ok()) std::abort();
  if (absl::StatusOr<judkins::Move> usi = judkins::ParseUsiMove(*position, text); usi.ok()) {
    if (judkins::ParseUsiMove(*position, judkins::MoveToUsi<V>(*usi)).value() != *usi) std::abort();
    if (judkins::ParseHodgesMove(*position, judkins::MoveToHodges(*position, *usi)).value() != *usi) std::abort();
  }
  if (absl::StatusOr<judkins::Move> hodges = judkins::ParseHodgesMove(*position, text); hodges.ok())
    if (judkins::ParseUsiMove(*position, judkins::MoveToUsi<V>(*hodges)).value() != *hodges) std::abort();
}

template <class V, size_t N>
void CheckAgainst(const char* const (&positions)[N], uint8_t pick, const std::string& text) {
  CheckMoveText<V>(positions[pick % N], text);
}

}  // namespace

// The first byte picks a position of each variant; the rest is the move.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  CheckAgainst<judkins::variants::Judkins>(kJudkinsPositions, data[0], text);
  CheckAgainst<judkins::variants::Shogi>(kShogiPositions, data[0], text);
  CheckAgainst<judkins::variants::Minishogi>(kMinishogiPositions, data[0], text);
  return 0;
}
