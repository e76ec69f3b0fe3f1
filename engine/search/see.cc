#include "engine/search/see.h"

#include <algorithm>
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace {

constexpr int kKingValue = 100000;

int ValueOf(PieceType pt, const EvalParams& params) {
  return pt == kKing ? kKingValue : params[param::kBoardValue + pt];
}

}  // namespace

int StaticExchange(const Position& pos, Move m, const EvalParams& params) {
  const Square to = m.to();
  const Color us = pos.side_to_move();
  PieceType moved = m.is_drop() ? m.dropped() : type_of(pos.piece_on(m.from()));
  int gain[40];
  gain[0] = m.is_drop() ? 0 : ValueOf(type_of(pos.piece_on(to)), params);
  if (m.is_promotion()) {
    gain[0] += ValueOf(promoted(moved), params) - ValueOf(moved, params);
    moved = promoted(moved);
  }
  Bitboard occupied = pos.occupied() | square_bb(to);
  if (!m.is_drop()) occupied ^= square_bb(m.from());
  int depth = 0, on_square = ValueOf(moved, params);
  Color side = ~us;
  while (depth < 38) {
    const Bitboard attackers = pos.attackers_to(to, occupied) & occupied & pos.pieces(side);
    if (!attackers) break;
    Square cheapest = kNoSquare;
    int cheapest_value = 0;
    for (Bitboard b = attackers; b;) {
      const Square s = pop_lsb(b);
      const int value = ValueOf(type_of(pos.piece_on(s)), params);
      if (cheapest == kNoSquare || value < cheapest_value) cheapest = s, cheapest_value = value;
    }
    ++depth;
    gain[depth] = on_square - gain[depth - 1];
    if (std::max(-gain[depth - 1], gain[depth]) < 0) break;  // neither side wants to go on
    on_square = cheapest_value;
    occupied ^= square_bb(cheapest);
    side = ~side;
  }
  // Each side may stop capturing when going on would cost it.
  for (; depth > 0; --depth) gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
  return gain[0];
}

JUDKINS_EDITION_END
}  // namespace judkins
