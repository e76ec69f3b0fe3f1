#include "engine/rules/position.h"

#include "engine/rules/zobrist.h"

namespace judkins {

absl::string_view HandicapSfen(Handicap handicap) {
  switch (handicap) {
    case Handicap::kBishop:
      return "r1nsgk/5p/6/6/P5/KGSNBR w - 1";
    case Handicap::kRook:
      return "1bnsgk/5p/6/6/P5/KGSNBR w - 1";
    case Handicap::kTwoPiece:
      return "2nsgk/5p/6/6/P5/KGSNBR w - 1";
    case Handicap::kNone:
      break;
  }
  return kStartSfen;
}

Position Position::Start() { return *FromSfen(kStartSfen); }

bool Position::hand_empty(Color c) const {
  for (int pt = kPawn; pt <= kGold; ++pt)
    if (hands_[c][pt]) return false;
  return true;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  const Bitboard gold_movers = by_type_[kGold] | by_type_[kProPawn] | by_type_[kProKnight] | by_type_[kProSilver];
  Bitboard attackers = 0;
  // A piece of colour c on x attacks s exactly when the same piece of the other
  // colour on s would attack x: step patterns are point-symmetric.
  for (Color c : {kBlack, kWhite}) {
    attackers |= by_color_[c] &
                 ((step_attacks(~c, kPawn, s) & by_type_[kPawn]) | (step_attacks(~c, kKnight, s) & by_type_[kKnight]) |
                  (step_attacks(~c, kSilver, s) & by_type_[kSilver]) | (step_attacks(~c, kGold, s) & gold_movers));
  }
  return attackers | (step_attacks(kBlack, kKing, s) & (by_type_[kKing] | by_type_[kHorse] | by_type_[kDragon])) |
         (bishop_attacks(s, occupied) & (by_type_[kBishop] | by_type_[kHorse])) |
         (rook_attacks(s, occupied) & (by_type_[kRook] | by_type_[kDragon]));
}

Bitboard Position::pinned(Color c) const {
  const Square king = king_square(c);
  Bitboard snipers = pieces(~c) & ((rook_attacks(king, 0) & (by_type_[kRook] | by_type_[kDragon])) |
                                   (bishop_attacks(king, 0) & (by_type_[kBishop] | by_type_[kHorse])));
  Bitboard result = 0;
  while (snipers) {
    Bitboard blockers = between_bb(king, pop_lsb(snipers)) & occupied();
    if (blockers && !more_than_one(blockers)) result |= blockers & pieces(c);
  }
  return result;
}

void Position::PutPiece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::RemovePiece(Square s) {
  Piece p = board_[s];
  board_[s] = kNoPiece;
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
}

void Position::AddToHand(Color c, PieceType pt) { ++hands_[c][pt]; }
void Position::TakeFromHand(Color c, PieceType pt) { --hands_[c][pt]; }

int Position::NextImpasseRun(int previous) const {
  const bool both_entered =
      (pieces(kBlack, kKing) & promotion_zone(kBlack)) && (pieces(kWhite, kKing) & promotion_zone(kWhite));
  return both_entered && !in_check() ? previous + 1 : 0;
}

void Position::StartHistory(int move_number) {
  root_move_number_ = move_number;
  StateInfo root;
  for (Square s = 0; s < kSquares; ++s)
    if (board_[s]) root.key ^= zobrist::piece_square(board_[s], s);
  for (Color c : {kBlack, kWhite})
    for (int pt = kPawn; pt <= kGold; ++pt) root.key ^= zobrist::hand(c, PieceType(pt), hands_[c][pt]);
  if (side_to_move_ == kBlack) root.key ^= zobrist::kKeys.black_to_move;
  root.checkers = attackers_to(king_square(side_to_move_), ~side_to_move_);
  states_.assign(1, root);
  states_[0].impasse_run = NextImpasseRun(0);
}

void Position::DoMove(Move m) {
  StateInfo next = states_.back();
  next.move = m;
  next.captured = kNoPiece;
  ++next.plies_from_null;
  const Color us = side_to_move_;
  const Square to = m.to();
  Key& key = next.key;
  if (m.is_drop()) {
    const PieceType pt = m.dropped();
    key ^= zobrist::hand(us, pt, hands_[us][pt]) ^ zobrist::hand(us, pt, hands_[us][pt] - 1);
    TakeFromHand(us, pt);
    PutPiece(make_piece(us, pt), to);
    key ^= zobrist::piece_square(make_piece(us, pt), to);
  } else {
    const Square from = m.from();
    Piece moved = board_[from];
    if (Piece captured = board_[to]) {
      const PieceType gained = unpromoted(type_of(captured));
      key ^= zobrist::piece_square(captured, to) ^ zobrist::hand(us, gained, hands_[us][gained]) ^
             zobrist::hand(us, gained, hands_[us][gained] + 1);
      RemovePiece(to);
      AddToHand(us, gained);
      next.captured = captured;
    }
    RemovePiece(from);
    key ^= zobrist::piece_square(moved, from);
    if (m.is_promotion()) moved = make_piece(us, promoted(type_of(moved)));
    PutPiece(moved, to);
    key ^= zobrist::piece_square(moved, to);
  }
  key ^= zobrist::kKeys.black_to_move;
  side_to_move_ = ~us;
  next.checkers = attackers_to(king_square(~us), us);
  states_.push_back(next);
  states_.back().impasse_run = NextImpasseRun(next.impasse_run);
}

void Position::DoNullMove() {
  StateInfo next = states_.back();
  next.key ^= zobrist::kKeys.black_to_move;
  next.move = Move();
  next.captured = kNoPiece;
  next.checkers = 0;
  next.plies_from_null = 0;
  side_to_move_ = ~side_to_move_;
  states_.push_back(next);
}

void Position::UndoNullMove() {
  side_to_move_ = ~side_to_move_;
  states_.pop_back();
}

void Position::UndoMove() {
  const StateInfo& undone = states_.back();
  const Move m = undone.move;
  side_to_move_ = ~side_to_move_;
  const Color us = side_to_move_;
  if (m.is_drop()) {
    RemovePiece(m.to());
    AddToHand(us, m.dropped());
  } else {
    Piece moved = board_[m.to()];
    RemovePiece(m.to());
    if (m.is_promotion()) moved = make_piece(us, unpromoted(type_of(moved)));
    PutPiece(moved, m.from());
    if (undone.captured) {
      PutPiece(undone.captured, m.to());
      TakeFromHand(us, unpromoted(type_of(undone.captured)));
    }
  }
  states_.pop_back();
}

}  // namespace judkins
