#include "engine/eval/evaluate.h"

#include <algorithm>
#include <cstdlib>

#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace {

constexpr param::TypeGroup RankGroup(PieceType pt) {
  switch (pt) {
    case kPawn:
      return param::kPawnGroup;
    case kKnight:
      return param::kKnightGroup;
    case kSilver:
      return param::kSilverGroup;
    case kKing:
      return param::kKingGroup;
    case kLance:
      return param::kLanceGroup;
    case kBishop:
    case kRook:
    case kHorse:
    case kDragon:
      return param::kMajorGroup;
    default:
      return param::kGoldMoverGroup;
  }
}

// Squares apart as a king walks: 1 for neighbours.
constexpr int KingDistance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

constexpr int MobilitySlot(PieceType pt) {
  switch (pt) {
    case kBishop:
      return 0;
    case kRook:
      return 1;
    case kHorse:
      return 2;
    case kDragon:
      return 3;
    default:
      return -1;
  }
}

constexpr int AttackerClass(PieceType pt) {
  switch (pt) {
    case kPawn:
    case kLance:
    case kKnight:
    case kSilver:
      return 0;
    case kBishop:
    case kRook:
    case kHorse:
    case kDragon:
      return 2;
    default:
      return 1;
  }
}

// Files from 0, counted from each side's own right (Black's file 1): a
// 180-degree turn maps one side's placement onto the other's, as for ranks.
constexpr int RelativeFile(Color c, Square s) { return c == kBlack ? file_of(s) - 1 : kFiles - file_of(s); }

// c's pieces, king aside, that the enemy attacks and c does not defend.
int Hanging(const Position& pos, Color c, Bitboard own_attacks, Bitboard enemy_attacks) {
  return popcount(pos.pieces(c) & ~pos.pieces(kKing) & enemy_attacks & ~own_attacks);
}

struct SideTerms {
  int score = 0;
  Bitboard attacks = 0;
  Bitboard guards = 0;        // squares a piece other than the king attacks
  int king_attack_units = 0;  // against the enemy king's neighbourhood
};

SideTerms MaterialPlacementMobility(const Position& pos, const EvalParams& params, Color c) {
  SideTerms terms;
  const Bitboard occupied = pos.occupied();
  const Square own_king = pos.king_square(c), enemy_king = pos.king_square(~c);
  const Bitboard enemy_zone = step_attacks(~c, kKing, enemy_king);
  for (Bitboard pieces = pos.pieces(c); pieces;) {
    const Square s = pop_lsb(pieces);
    const PieceType pt = type_of(pos.piece_on(s));
    const Bitboard attacks = attacks_from(c, pt, s, occupied);
    terms.attacks |= attacks;
    if (pt != kKing) terms.guards |= attacks;
    if (attacks & enemy_zone) terms.king_attack_units += params[param::kKingAttacker + AttackerClass(pt)];
    const int group = RankGroup(pt);
    const int rank = relative_rank(c, s), file = RelativeFile(c, s);
    terms.score += params[param::kBoardValue + pt] + params[param::kRankBonus + group * kRanks + rank] +
                   params[param::kFileBonus + group * kFiles + file] +
                   params[param::kSquareBonus + group * kSquares + rank * kFiles + file];
    if (pt != kKing)
      terms.score +=
          params[param::kOwnKingDistance + group * param::kKingDistances + KingDistance(s, own_king) - 1] +
          params[param::kEnemyKingDistance + group * param::kKingDistances + KingDistance(s, enemy_king) - 1];
    if (const int slot = MobilitySlot(pt); slot >= 0)
      terms.score += params[param::kMobility + slot] * popcount(attacks & ~pos.pieces(c));
  }
  for (PieceType pt : PlayedVariant::kHandTypes)
    if (const int count = pos.hand_count(c, pt))
      terms.score += count * params[param::kHandValue + pt] + (count - 1) * params[param::kHandExtra + pt];
  return terms;
}

int HandPieces(const Position& pos, Color c) {
  int count = 0;
  for (PieceType pt : PlayedVariant::kHandTypes) count += pos.hand_count(c, pt);
  return count;
}

// Danger to c's king: enemy attacks on the squares around it, few defenders,
// and enemy pieces in hand that could be dropped on its open squares. A
// square counts as guarded only by a piece other than the king: the king
// attacks its whole zone, and a square it alone guards is one it must answer
// for itself.
int KingSafety(const Position& pos, const EvalParams& params, Color c, Bitboard own_guards, Bitboard enemy_attacks,
               int enemy_attack_units) {
  const Bitboard zone = step_attacks(c, kKing, pos.king_square(c));
  const Bitboard attacked = zone & enemy_attacks, undefended = attacked & ~own_guards;
  const Bitboard open = zone & ~pos.occupied();
  // Attack units grow the danger quadratically: many attackers together are
  // far worse than the sum of each alone. Pieces in hand join any attack.
  int units = enemy_attack_units + popcount(undefended);
  if (open & ~own_guards)
    for (PieceType pt : PlayedVariant::kHandTypes)
      units += pos.hand_count(~c, pt) * params[param::kHandAttacker + (pt == kBishop || pt == kRook ? 1 : 0)];
  const int danger = units * units * params[param::kKingDangerScale] / 256;
  const Bitboard defenders = zone & pos.pieces(c) &
                             (pos.pieces(kGold) | pos.pieces(kSilver) | pos.pieces(kProPawn) | pos.pieces(kProKnight) |
                              pos.pieces(kProSilver) | pos.pieces(kProLance));
  return params[param::kKingDefender] * popcount(defenders) - params[param::kKingZoneAttack] * popcount(attacked) -
         params[param::kKingZoneUndefended] * popcount(undefended) -
         params[param::kHandDanger] * HandPieces(pos, ~c) * popcount(open) - danger;
}

}  // namespace

int Evaluate(const Position& pos, const EvalParams& params) {
  const Color us = pos.side_to_move(), them = ~us;
  const SideTerms ours = MaterialPlacementMobility(pos, params, us);
  const SideTerms theirs = MaterialPlacementMobility(pos, params, them);
  const int score =
      ours.score - theirs.score + KingSafety(pos, params, us, ours.guards, theirs.attacks, theirs.king_attack_units) -
      KingSafety(pos, params, them, theirs.guards, ours.attacks, ours.king_attack_units) -
      params[param::kHangingOurs] * Hanging(pos, us, ours.attacks, theirs.attacks) +
      params[param::kHangingTheirs] * Hanging(pos, them, theirs.attacks, ours.attacks) + params[param::kTempo];
  return std::clamp(score, -kMaxEvaluation, kMaxEvaluation);
}

JUDKINS_EDITION_END
}  // namespace judkins
