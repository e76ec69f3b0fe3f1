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
  return variants::Judkins::kStartSfen;
}

template <class V>
bool BasicPosition<V>::hand_empty(Color c) const {
  for (PieceType pt : V::kHandTypes)
    if (hands_[c][pt]) return false;
  return true;
}

template <class V>
typename V::Bitboard BasicPosition<V>::attackers_to(Square s, Bitboard occupied) const {
  const Bitboard gold_movers = by_type_[kGold] | by_type_[kProPawn] | by_type_[kProKnight] | by_type_[kProSilver] |
                               (HasKind<V>(kLance) ? by_type_[kProLance] : 0);
  Bitboard attackers = 0;
  // A piece of colour c on x attacks s exactly when the same piece of the other
  // colour on s would attack x: step patterns are point-symmetric.
  for (Color c : {kBlack, kWhite}) {
    Bitboard steppers = (step_attacks<V>(~c, kPawn, s) & by_type_[kPawn]) |
                        (step_attacks<V>(~c, kSilver, s) & by_type_[kSilver]) |
                        (step_attacks<V>(~c, kGold, s) & gold_movers);
    if constexpr (HasKind<V>(kKnight)) steppers |= step_attacks<V>(~c, kKnight, s) & by_type_[kKnight];
    if constexpr (HasKind<V>(kLance)) steppers |= lance_attacks<V>(~c, s, occupied) & by_type_[kLance];
    attackers |= by_color_[c] & steppers;
  }
  return attackers | (step_attacks<V>(kBlack, kKing, s) & (by_type_[kKing] | by_type_[kHorse] | by_type_[kDragon])) |
         (bishop_attacks<V>(s, occupied) & (by_type_[kBishop] | by_type_[kHorse])) |
         (rook_attacks<V>(s, occupied) & (by_type_[kRook] | by_type_[kDragon]));
}

template <class V>
typename V::Bitboard BasicPosition<V>::pinned(Color c) const {
  const Square king = king_square(c);
  Bitboard snipers = pieces(~c) & ((rook_attacks<V>(king, 0) & (by_type_[kRook] | by_type_[kDragon])) |
                                   (bishop_attacks<V>(king, 0) & (by_type_[kBishop] | by_type_[kHorse])));
  // An enemy lance pins along c's forward direction from the king.
  if constexpr (HasKind<V>(kLance)) snipers |= pieces(~c) & lance_attacks<V>(c, king, 0) & by_type_[kLance];
  Bitboard result = 0;
  while (snipers) {
    const Bitboard blockers = between_bb<V>(king, pop_lsb(snipers)) & occupied();
    if (blockers && !more_than_one(blockers)) result |= blockers & pieces(c);
  }
  return result;
}

template <class V>
void BasicPosition<V>::PutPiece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= V::square_bb(s);
  by_color_[color_of(p)] |= V::square_bb(s);
}

template <class V>
void BasicPosition<V>::RemovePiece(Square s) {
  const Piece p = board_[s];
  board_[s] = kNoPiece;
  by_type_[type_of(p)] ^= V::square_bb(s);
  by_color_[color_of(p)] ^= V::square_bb(s);
}

template <class V>
int BasicPosition<V>::NextImpasseRun(int previous) const {
  if constexpr (V::kEnteringKing != EnteringKingRule::kJudkinsImpasse) return 0;
  const bool both_entered =
      (pieces(kBlack, kKing) & V::promotion_zone(kBlack)) && (pieces(kWhite, kKing) & V::promotion_zone(kWhite));
  return both_entered && !in_check() ? previous + 1 : 0;
}

template <class V>
void BasicPosition<V>::StartHistory(int move_number) {
  root_move_number_ = move_number;
  StateInfo root;
  for (Square s = 0; s < V::kSquares; ++s)
    if (board_[s]) root.key ^= zobrist::piece_square<V>(board_[s], s);
  for (Color c : {kBlack, kWhite})
    for (PieceType pt : V::kHandTypes) root.key ^= zobrist::hand<V>(c, pt, hands_[c][pt]);
  if (side_to_move_ == kBlack) root.key ^= zobrist::black_to_move<V>();
  root.checkers = attackers_to(king_square(side_to_move_), ~side_to_move_);
  states_.assign(1, root);
  states_[0].impasse_run = NextImpasseRun(0);
}

template <class V>
void BasicPosition<V>::DoMove(Move m) {
  StateInfo next = states_.back();
  next.move = m;
  next.captured = kNoPiece;
  ++next.plies_from_null;
  const Color us = side_to_move_;
  const Square to = m.to();
  Key& key = next.key;
  if (m.is_drop()) {
    const PieceType pt = m.dropped();
    key ^= zobrist::hand<V>(us, pt, hands_[us][pt]) ^ zobrist::hand<V>(us, pt, hands_[us][pt] - 1);
    --hands_[us][pt];
    PutPiece(make_piece(us, pt), to);
    key ^= zobrist::piece_square<V>(make_piece(us, pt), to);
  } else {
    const Square from = m.from();
    Piece moved = board_[from];
    if (const Piece captured = board_[to]) {
      const PieceType gained = unpromoted(type_of(captured));
      key ^= zobrist::piece_square<V>(captured, to) ^ zobrist::hand<V>(us, gained, hands_[us][gained]) ^
             zobrist::hand<V>(us, gained, hands_[us][gained] + 1);
      RemovePiece(to);
      ++hands_[us][gained];
      next.captured = captured;
    }
    RemovePiece(from);
    key ^= zobrist::piece_square<V>(moved, from);
    if (m.is_promotion()) moved = make_piece(us, promoted(type_of(moved)));
    PutPiece(moved, to);
    key ^= zobrist::piece_square<V>(moved, to);
  }
  key ^= zobrist::black_to_move<V>();
  side_to_move_ = ~us;
  next.checkers = attackers_to(king_square(~us), us);
  states_.push_back(next);
  states_.back().impasse_run = NextImpasseRun(next.impasse_run);
}

template <class V>
void BasicPosition<V>::DoNullMove() {
  StateInfo next = states_.back();
  next.key ^= zobrist::black_to_move<V>();
  next.move = Move();
  next.captured = kNoPiece;
  next.checkers = 0;
  next.plies_from_null = 0;
  side_to_move_ = ~side_to_move_;
  states_.push_back(next);
}

template <class V>
void BasicPosition<V>::UndoNullMove() {
  side_to_move_ = ~side_to_move_;
  states_.pop_back();
}

template <class V>
void BasicPosition<V>::UndoMove() {
  const StateInfo& undone = states_.back();
  const Move m = undone.move;
  side_to_move_ = ~side_to_move_;
  const Color us = side_to_move_;
  if (m.is_drop()) {
    RemovePiece(m.to());
    ++hands_[us][m.dropped()];
  } else {
    Piece moved = board_[m.to()];
    RemovePiece(m.to());
    if (m.is_promotion()) moved = make_piece(us, unpromoted(type_of(moved)));
    PutPiece(moved, m.from());
    if (undone.captured) {
      PutPiece(undone.captured, m.to());
      --hands_[us][unpromoted(type_of(undone.captured))];
    }
  }
  states_.pop_back();
}

template class BasicPosition<variants::Judkins>;
template class BasicPosition<variants::Shogi>;
template class BasicPosition<variants::Minishogi>;

}  // namespace judkins
