#include "engine/rules/movegen.h"

#include <cassert>

namespace judkins {
namespace {

// A pawn or lance on the last rank, or a knight on the last two, could never
// move again: it must promote, and may not be dropped there.
template <class V>
typename V::Bitboard Immobile(Color us, PieceType pt) {
  if (pt == kPawn || pt == kLance) return V::last_ranks(us, 1);
  if (pt == kKnight) return V::last_ranks(us, 2);
  return 0;
}

// With kTactical, only captures (targets holds just those) and promotions.
template <class V, bool kTactical>
Move* AddBoardMoves(Color us, PieceType pt, Square from, typename V::Bitboard targets, typename V::Bitboard captures,
                    Move* out) {
  const bool from_zone = V::promotion_zone(us) & V::square_bb(from);
  const auto must_promote = Immobile<V>(us, pt);
  while (targets) {
    const Square to = pop_lsb(targets);
    const bool promotes = can_promote(pt) && (from_zone || (V::promotion_zone(us) & V::square_bb(to)));
    if (promotes) *out++ = Move::Board(from, to, true);
    if (promotes && (must_promote & V::square_bb(to))) continue;
    if (!kTactical || (captures & V::square_bb(to))) *out++ = Move::Board(from, to);
  }
  return out;
}

// Would a pawn dropped on s (checking the enemy king) leave it without a legal
// reply? Only a capture of the pawn or a king move can answer a pawn check.
template <class V>
bool PawnDropMates(const BasicPosition<V>& pos, Square s) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(them);
  const auto occupied = pos.occupied() | V::square_bb(s);
  const auto without_king = occupied ^ V::square_bb(king);
  for (auto escapes = step_attacks<V>(them, kKing, king) & ~pos.pieces(them); escapes;)
    if (!(pos.attackers_to(pop_lsb(escapes), without_king) & pos.pieces(us))) return false;
  auto capturers = pos.attackers_to(s, occupied) & pos.pieces(them) & ~pos.pieces(kKing);
  while (capturers) {
    const auto after_capture = occupied ^ V::square_bb(pop_lsb(capturers));
    if (!(pos.attackers_to(king, after_capture) & pos.pieces(us))) return false;
  }
  return true;
}

// targets_for(pt): the empty squares a piece of type pt may be dropped on.
template <class V, class Targets>
Move* AddDrops(const BasicPosition<V>& pos, Targets targets_for, Move* out) {
  const Color us = pos.side_to_move();
  for (PieceType pt : V::kHandTypes) {
    if (!pos.hand_count(us, pt)) continue;
    auto squares = targets_for(pt) & ~Immobile<V>(us, pt);
    if (pt == kPawn) {
      for (auto pawns = pos.pieces(us, kPawn); pawns;) squares &= ~V::file_bb(V::file_of(pop_lsb(pawns)));
      const auto checking = squares & step_attacks<V>(~us, kPawn, pos.king_square(~us));
      if (checking && PawnDropMates(pos, lsb(checking))) squares ^= checking;
    }
    while (squares) *out++ = Move::Drop(pt, pop_lsb(squares));
  }
  return out;
}

// May the side to move's king step to s? Not where the other side attacks
// once the king has left its square (a slider it stood before sees through).
template <class V>
bool KingMayStepTo(const BasicPosition<V>& pos, Square s) {
  const Color us = pos.side_to_move();
  const auto without_king = pos.occupied() ^ V::square_bb(pos.king_square(us));
  return !(pos.attackers_to(s, without_king) & pos.pieces(~us));
}

template <class V, bool kTactical>
Move* Generate(const BasicPosition<V>& pos, Move* out) {
  using Bitboard = typename V::Bitboard;
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.occupied(), ours = pos.pieces(us);

  const Bitboard king_targets = step_attacks<V>(us, kKing, king) & (kTactical ? pos.pieces(them) : ~ours);
  for (Bitboard targets = king_targets; targets;) {
    const Square to = pop_lsb(targets);
    if (KingMayStepTo(pos, to)) *out++ = Move::Board(king, to);
  }

  const Bitboard checkers = pos.checkers();
  if (more_than_one(checkers)) return out;
  const Bitboard block = checkers ? between_bb<V>(king, lsb(checkers)) : ~occupied & V::kAllSquares;
  const Bitboard board_targets = checkers ? block | checkers : ~ours & V::kAllSquares;

  const Bitboard pinned = pos.pinned(us);
  const Bitboard captures = pos.pieces(them);
  for (Bitboard movers = ours & ~pos.pieces(kKing); movers;) {
    const Square from = pop_lsb(movers);
    const PieceType pt = type_of(pos.piece_on(from));
    Bitboard targets = attacks_from<V>(us, pt, from, occupied) & board_targets;
    if (pinned & V::square_bb(from)) targets &= line_bb<V>(king, from);
    if (kTactical && !can_promote(pt)) targets &= captures;
    out = AddBoardMoves<V, kTactical>(us, pt, from, targets, captures, out);
  }
  const auto blocking_squares = [&](PieceType) { return block; };
  return kTactical || pos.hand_empty(us) ? out : AddDrops(pos, blocking_squares, out);
}

}  // namespace

template <class V>
bool GivesCheck(const BasicPosition<V>& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(~us);
  auto occupied = pos.occupied() | V::square_bb(m.to());
  PieceType moved;
  if (m.is_drop()) {
    moved = m.dropped();
  } else {
    moved = type_of(pos.piece_on(m.from()));
    if (m.is_promotion()) moved = promoted(moved);
    occupied ^= V::square_bb(m.from());
  }
  // Direct: the piece attacks the king from its new square.
  if (attacks_from<V>(us, moved, m.to(), occupied) & V::square_bb(king)) return true;
  // Discovered: the square left opens a line from one of our sliders (only a
  // square on a line through the king can).
  if (m.is_drop() || !line_bb<V>(king, m.from())) return false;
  return pos.attackers_to(king, occupied) & pos.pieces(us) & ~V::square_bb(m.from());
}

template <class V>
Move* GenerateQuietChecks(const BasicPosition<V>& pos, Move* out) {
  using Bitboard = typename V::Bitboard;
  assert(!pos.in_check());
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(us), their_king = pos.king_square(them);
  const Bitboard occupied = pos.occupied(), empty = ~occupied & V::kAllSquares;
  // Board moves to empty squares, unpromoted, each tested: they are few. The
  // king checks only by discovery, and only off a line through the other king.
  const Bitboard pinned = pos.pinned(us);
  for (Bitboard movers = pos.pieces(us); movers;) {
    const Square from = pop_lsb(movers);
    const PieceType pt = type_of(pos.piece_on(from));
    if (pt == kKing && !line_bb<V>(their_king, from)) continue;
    Bitboard targets = attacks_from<V>(us, pt, from, occupied) & empty & ~Immobile<V>(us, pt);
    if (pinned & V::square_bb(from)) targets &= line_bb<V>(king, from);
    while (targets) {
      const Square to = pop_lsb(targets);
      if (pt == kKing && !KingMayStepTo(pos, to)) continue;
      const Move m = Move::Board(from, to);
      if (GivesCheck(pos, m)) *out++ = m;
    }
  }
  // Drops: a piece checks from where the same piece of the other side on the
  // king's square would attack (every shogi piece's moves are symmetric left
  // to right).
  const auto checking_squares = [&](PieceType pt) { return empty & attacks_from<V>(them, pt, their_king, occupied); };
  return pos.hand_empty(us) ? out : AddDrops(pos, checking_squares, out);
}

template <class V>
Move* GenerateLegal(const BasicPosition<V>& pos, Move* out) {
  return Generate<V, false>(pos, out);
}
template <class V>
Move* GenerateTactical(const BasicPosition<V>& pos, Move* out) {
  return Generate<V, true>(pos, out);
}

#define JUDKINS_INSTANTIATE_MOVEGEN(V)                                   \
  template Move* GenerateLegal<V>(const BasicPosition<V>&, Move*);       \
  template Move* GenerateTactical<V>(const BasicPosition<V>&, Move*);    \
  template Move* GenerateQuietChecks<V>(const BasicPosition<V>&, Move*); \
  template bool GivesCheck<V>(const BasicPosition<V>&, Move);
JUDKINS_INSTANTIATE_MOVEGEN(variants::Judkins)
JUDKINS_INSTANTIATE_MOVEGEN(variants::Shogi)
JUDKINS_INSTANTIATE_MOVEGEN(variants::Minishogi)
#undef JUDKINS_INSTANTIATE_MOVEGEN

}  // namespace judkins
