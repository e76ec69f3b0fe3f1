#include "engine/search/move_order.h"

#include <utility>

#include "engine/rules/edition.h"
#include "engine/search/see.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

bool IsTactical(const Position& pos, Move m) { return m.is_promotion() || (!m.is_drop() && pos.piece_on(m.to())); }

MovePicker::MovePicker(const Position& pos, Move table_move, const OrderingTables& tables, const EvalParams& params,
                       int ply, bool tactical_only) {
  Move* end = tactical_only ? GenerateTactical(pos, moves_.data()) : GenerateLegal(pos, moves_.data());
  size_ = int(end - moves_.data());
  const Color us = pos.side_to_move();
  const Move previous = pos.state().move;
  const Move counter = previous.is_none() ? Move() : tables.counter[pos.piece_on(previous.to())][previous.to()];
  for (int i = 0; i < size_; ++i) {
    const Move m = moves_[i];
    int score;
    if (m == table_move) {
      score = 1 << 30;
    } else if (IsTactical(pos, m)) {
      // Most valuable victim first, least valuable attacker breaking ties;
      // captures that lose material come after the quiet moves.
      const Piece victim = m.is_drop() ? kNoPiece : pos.piece_on(m.to());
      const PieceType mover = type_of(pos.piece_on(m.from()));
      score = 16 * params[param::kBoardValue + type_of(victim)] - params[param::kBoardValue + mover] / 8;
      if (m.is_promotion()) score += params[param::kBoardValue + promoted(mover)] - params[param::kBoardValue + mover];
      score += StaticExchange(pos, m, params) >= 0 ? (1 << 28) : -(1 << 28);
    } else if (m == tables.killers[ply][0]) {
      score = (1 << 27) + 2;
    } else if (m == tables.killers[ply][1]) {
      score = (1 << 27) + 1;
    } else if (m == counter) {
      score = 1 << 27;
    } else {
      score = tables.history[us][OrderingTables::Index(pos, m)][m.to()];
    }
    scores_[i] = score;
  }
}

Move MovePicker::Next() {
  if (next_ >= size_) return Move();
  int best = next_;
  for (int i = next_ + 1; i < size_; ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(moves_[best], moves_[next_]);
  std::swap(scores_[best], scores_[next_]);
  return moves_[next_++];
}

JUDKINS_EDITION_END
}  // namespace judkins
