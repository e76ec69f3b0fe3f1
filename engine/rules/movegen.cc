#include "engine/rules/movegen.h"

#include <algorithm>

namespace judkins {
namespace {

// A pawn or knight that could never move again must promote.
bool must_promote(Color us, PieceType pt, Square to) {
  return (pt == kPawn && (last_ranks(us, 1) & square_bb(to))) || (pt == kKnight && (last_ranks(us, 2) & square_bb(to)));
}

// With kTactical, only captures (targets holds just those) and promotions.
template <bool kTactical>
Move* AddBoardMoves(Color us, PieceType pt, Square from, Bitboard targets, Bitboard captures, Move* out) {
  const bool from_zone = promotion_zone(us) & square_bb(from);
  while (targets) {
    const Square to = pop_lsb(targets);
    const bool promotes = can_promote(pt) && (from_zone || (promotion_zone(us) & square_bb(to)));
    if (promotes) *out++ = Move::Board(from, to, true);
    if (promotes && must_promote(us, pt, to)) continue;
    if (!kTactical || (captures & square_bb(to))) *out++ = Move::Board(from, to);
  }
  return out;
}

// Would a pawn dropped on s (checking the enemy king) leave it without a legal
// reply? Only a capture of the pawn or a king move can answer a pawn check.
bool PawnDropMates(const Position& pos, Square s) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(them);
  const Bitboard occupied = pos.occupied() | square_bb(s);
  const Bitboard without_king = occupied ^ square_bb(king);
  for (Bitboard escapes = step_attacks(them, kKing, king) & ~pos.pieces(them); escapes;)
    if (!(pos.attackers_to(pop_lsb(escapes), without_king) & pos.pieces(us))) return false;
  Bitboard capturers = pos.attackers_to(s, occupied) & pos.pieces(them) & ~pos.pieces(kKing);
  while (capturers) {
    const Bitboard after_capture = occupied ^ square_bb(pop_lsb(capturers));
    if (!(pos.attackers_to(king, after_capture) & pos.pieces(us))) return false;
  }
  return true;
}

Move* AddDrops(const Position& pos, Bitboard targets, Move* out) {
  const Color us = pos.side_to_move();
  for (int kind = kPawn; kind <= kGold; ++kind) {
    const PieceType pt = PieceType(kind);
    if (!pos.hand_count(us, pt)) continue;
    Bitboard squares = targets;
    if (pt == kPawn) {
      squares &= ~last_ranks(us, 1);
      for (Bitboard pawns = pos.pieces(us, kPawn); pawns;) squares &= ~file_bb(file_of(pop_lsb(pawns)));
      const Bitboard checking = squares & step_attacks(~us, kPawn, pos.king_square(~us));
      if (checking && PawnDropMates(pos, lsb(checking))) squares ^= checking;
    } else if (pt == kKnight) {
      squares &= ~last_ranks(us, 2);
    }
    while (squares) *out++ = Move::Drop(pt, pop_lsb(squares));
  }
  return out;
}

template <bool kTactical>
Move* Generate(const Position& pos, Move* out) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(us);
  const Bitboard occupied = pos.occupied(), ours = pos.pieces(us);

  const Bitboard without_king = occupied ^ square_bb(king);
  const Bitboard king_targets = step_attacks(us, kKing, king) & (kTactical ? pos.pieces(them) : ~ours);
  for (Bitboard targets = king_targets; targets;) {
    const Square to = pop_lsb(targets);
    if (!(pos.attackers_to(to, without_king) & pos.pieces(them))) *out++ = Move::Board(king, to);
  }

  const Bitboard checkers = pos.checkers();
  if (more_than_one(checkers)) return out;
  const Bitboard block = checkers ? between_bb(king, lsb(checkers)) : ~occupied & kAllSquares;
  const Bitboard board_targets = checkers ? block | checkers : ~ours & kAllSquares;

  const Bitboard pinned = pos.pinned(us);
  const Bitboard captures = pos.pieces(them);
  for (Bitboard movers = ours & ~pos.pieces(kKing); movers;) {
    const Square from = pop_lsb(movers);
    const PieceType pt = type_of(pos.piece_on(from));
    Bitboard targets = attacks_from(us, pt, from, occupied) & board_targets;
    if (pinned & square_bb(from)) targets &= line_bb(king, from);
    if (kTactical && !can_promote(pt)) targets &= captures;
    out = AddBoardMoves<kTactical>(us, pt, from, targets, captures, out);
  }
  return kTactical || pos.hand_empty(us) ? out : AddDrops(pos, block, out);
}

}  // namespace

Move* GenerateLegal(const Position& pos, Move* out) { return Generate<false>(pos, out); }
Move* GenerateTactical(const Position& pos, Move* out) { return Generate<true>(pos, out); }

MoveList::MoveList(const Position& pos) : size_(int(GenerateLegal(pos, moves_.data()) - moves_.data())) {}

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

bool IsLegal(const Position& pos, Move m) { return MoveList(pos).contains(m); }

bool HasLegalMove(const Position& pos) { return !MoveList(pos).empty(); }

}  // namespace judkins
