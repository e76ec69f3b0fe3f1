#include "engine/eval/evaluate.h"

namespace judkins {
namespace {

constexpr int RankGroup(PieceType pt) {
  switch (pt) {
    case kPawn: return 0;
    case kKnight: return 1;
    case kSilver: return 2;
    case kKing: return 4;
    case kBishop: case kRook: case kHorse: case kDragon: return 5;
    default: return 3;  // gold and the pieces that move like it
  }
}

constexpr int MobilitySlot(PieceType pt) {
  switch (pt) {
    case kBishop: return 0;
    case kRook: return 1;
    case kHorse: return 2;
    case kDragon: return 3;
    default: return -1;
  }
}

struct SideTerms {
  int score = 0;
  Bitboard attacks = 0;
};

SideTerms MaterialPlacementMobility(const Position& pos, const EvalParams& params, Color c) {
  SideTerms terms;
  const Bitboard occupied = pos.occupied();
  for (Bitboard pieces = pos.pieces(c); pieces;) {
    const Square s = pop_lsb(pieces);
    const PieceType pt = type_of(pos.piece_on(s));
    const Bitboard attacks = attacks_from(c, pt, s, occupied);
    terms.attacks |= attacks;
    terms.score += params[param::kBoardValue + pt] +
                   params[param::kRankBonus + RankGroup(pt) * kRanks + relative_rank(c, s)];
    if (const int slot = MobilitySlot(pt); slot >= 0)
      terms.score += params[param::kMobility + slot] * popcount(attacks & ~pos.pieces(c));
  }
  for (int pt = kPawn; pt <= kGold; ++pt) terms.score += pos.hand_count(c, PieceType(pt)) * params[param::kHandValue + pt];
  return terms;
}

int HandPieces(const Position& pos, Color c) {
  int count = 0;
  for (int pt = kPawn; pt <= kGold; ++pt) count += pos.hand_count(c, PieceType(pt));
  return count;
}

// Danger to c's king: enemy attacks on the squares around it, few defenders,
// and enemy pieces in hand that could be dropped on its open squares.
int KingSafety(const Position& pos, const EvalParams& params, Color c, Bitboard own_attacks, Bitboard enemy_attacks) {
  const Bitboard zone = step_attacks(c, kKing, pos.king_square(c));
  const Bitboard attacked = zone & enemy_attacks;
  const Bitboard defenders = zone & pos.pieces(c) &
                             (pos.pieces(kGold) | pos.pieces(kSilver) | pos.pieces(kProPawn) |
                              pos.pieces(kProKnight) | pos.pieces(kProSilver));
  return params[param::kKingDefender] * popcount(defenders) -
         params[param::kKingZoneAttack] * popcount(attacked) -
         params[param::kKingZoneUndefended] * popcount(attacked & ~own_attacks) -
         params[param::kHandDanger] * HandPieces(pos, ~c) * popcount(zone & ~pos.occupied());
}

}  // namespace

int Evaluate(const Position& pos, const EvalParams& params) {
  const Color us = pos.side_to_move(), them = ~us;
  const SideTerms ours = MaterialPlacementMobility(pos, params, us);
  const SideTerms theirs = MaterialPlacementMobility(pos, params, them);
  return ours.score - theirs.score + KingSafety(pos, params, us, ours.attacks, theirs.attacks) -
         KingSafety(pos, params, them, theirs.attacks, ours.attacks) + params[param::kTempo];
}

}  // namespace judkins
