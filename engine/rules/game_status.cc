#include "engine/rules/game_status.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/valid_text.h"
#include "engine/rules/movegen.h"
#include "engine/rules/notation.h"

namespace judkins {
namespace {

// CSA declaration: pieces besides the king the declarer needs in the enemy camp.
constexpr int kDeclarationPiecesInCamp = 10;
// Points each side needs to win by the 27-point rule.
constexpr int kDeclarationPoints27[2] = {28, 27};
// The 24-point rule: from 31 a win, from 24 a draw.
constexpr int kDeclarationWin24 = 31;
constexpr int kDeclarationDraw24 = 24;
// Judkins impasse: fewer points than this loses.
constexpr int kImpassePointsNeeded = 12;
// Rook and bishop, promoted or not, count this many points; every other piece 1.
constexpr int kMajorPoints = 5;

Outcome WinFor(Color c) { return c == kBlack ? Outcome::kBlackWins : Outcome::kWhiteWins; }

template <class V>
bool BothKingsEntered(const BasicPosition<V>& pos) {
  return (pos.pieces(kBlack, kKing) & V::promotion_zone(kBlack)) &&
         (pos.pieces(kWhite, kKing) & V::promotion_zone(kWhite));
}

template <class V>
typename V::Bitboard Majors(const BasicPosition<V>& pos) {
  return pos.pieces(kRook) | pos.pieces(kBishop) | pos.pieces(kHorse) | pos.pieces(kDragon);
}

// Points of c's pieces on `squares` (king excluded) and in c's hand.
template <class V>
int Points(const BasicPosition<V>& pos, Color c, typename V::Bitboard squares) {
  const auto mine = pos.pieces(c) & squares & ~pos.pieces(kKing);
  int points = kMajorPoints * popcount(mine & Majors(pos)) + popcount(mine & ~Majors(pos));
  for (PieceType pt : V::kHandTypes)
    points += pos.hand_count(c, pt) * (pt == kRook || pt == kBishop ? kMajorPoints : 1);
  return points;
}

template <class V>
DeclarationVerdict JudgeJudkinsClaim(const BasicPosition<V>& pos) {
  const Color us = pos.side_to_move();
  if (!BothKingsEntered(pos)) return {WinFor(~us), "false impasse claim: both kings have not entered"};
  if (pos.in_check()) return {WinFor(~us), "false impasse claim: the claimant is in check"};
  return {ImpasseOutcome(pos),
          absl::StrCat("impasse claimed: ", ImpassePoints(pos, kBlack), " points to ", ImpassePoints(pos, kWhite))};
}

template <class V>
DeclarationVerdict JudgePointDeclaration(const BasicPosition<V>& pos, const GameRules& rules) {
  const Color us = pos.side_to_move();
  const auto camp = V::promotion_zone(us);
  const std::string rule = absl::StrCat("(", DeclarationRuleName(rules.declaration), " rule)");
  auto false_declaration = [&](absl::string_view why) {
    return DeclarationVerdict{WinFor(~us), absl::StrCat("false declaration ", rule, ": ", why)};
  };
  if (!(pos.pieces(us, kKing) & camp)) return false_declaration("the king is not in the enemy camp");
  if (const int in_camp = popcount(pos.pieces(us) & camp & ~pos.pieces(kKing)); in_camp < kDeclarationPiecesInCamp)
    return false_declaration(
        absl::StrCat(in_camp, " pieces besides the king in the enemy camp, ", kDeclarationPiecesInCamp, " needed"));
  if (pos.in_check()) return false_declaration("the declarer is in check");
  const int points = Points(pos, us, camp);
  if (rules.declaration == DeclarationRule::k27Point) {
    if (points < kDeclarationPoints27[us])
      return false_declaration(absl::StrCat(points, " points, ", kDeclarationPoints27[us], " needed"));
    return {WinFor(us), absl::StrCat("declared a win ", rule, " with ", points, " points")};
  }
  if (points >= kDeclarationWin24)
    return {WinFor(us), absl::StrCat("declared a win ", rule, " with ", points, " points")};
  if (points >= kDeclarationDraw24)
    return {Outcome::kDraw, absl::StrCat("declared ", rule, " with ", points, " points: a draw")};
  return false_declaration(absl::StrCat(points, " points, ", kDeclarationDraw24, " needed for a draw"));
}

}  // namespace

absl::string_view OutcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kOngoing:
      return "ongoing";
    case Outcome::kBlackWins:
      return "black wins";
    case Outcome::kWhiteWins:
      return "white wins";
    case Outcome::kDraw:
      return "draw";
  }
  return "?";
}

absl::string_view RuleTerminationName(RuleTermination termination) {
  switch (termination) {
    case RuleTermination::kNone:
      return "none";
    case RuleTermination::kCheckmate:
      return "checkmate";
    case RuleTermination::kNoLegalMoves:
      return "no legal moves";
    case RuleTermination::kRepetition:
      return "repetition";
    case RuleTermination::kPerpetualCheck:
      return "perpetual check";
    case RuleTermination::kImpasse:
      return "impasse";
    case RuleTermination::kMaxLength:
      return "maximum length";
  }
  return "?";
}

absl::string_view DeclarationRuleName(DeclarationRule rule) {
  return rule == DeclarationRule::k24Point ? "24-point" : "27-point";
}

absl::StatusOr<DeclarationRule> ParseDeclarationRule(absl::string_view name) {
  for (DeclarationRule rule : {DeclarationRule::k27Point, DeclarationRule::k24Point})
    if (absl::EqualsIgnoreCase(name, DeclarationRuleName(rule))) return rule;
  return absl::InvalidArgumentError(
      absl::StrCat("declaration rule must be '27-point' or '24-point', got ", Quoted(name)));
}

GameRules GameRules::For(Variant variant) {
  GameRules rules;
  rules.max_plies = WithVariant(variant, []<class V>(V) { return V::kDefaultMaxPlies; });
  return rules;
}

// history[i] results from move i; the side that made it gave check iff
// history[i] has checkers. The cycle runs from the first occurrence to now.
template <class V>
GameStatus JudgeRepetition(const BasicPosition<V>& pos, int occurrences) {
  const auto history = pos.history();
  const int now = int(history.size()) - 1;
  const int oldest = now - pos.state().plies_from_null;
  int seen = 1, first = now;
  for (int i = now - 4; i >= std::max(oldest, 0) && seen < occurrences; i -= 2)
    if (history[i].key == pos.key()) {
      ++seen;
      first = i;
    }
  if (seen < occurrences) return {};
  auto checked_throughout = [&](int last_move) {
    for (int i = last_move; i > first; i -= 2)
      if (!history[i].checkers) return false;
    return true;
  };
  const Color mover = ~pos.side_to_move();  // made the last move
  if (checked_throughout(now)) return {WinFor(pos.side_to_move()), RuleTermination::kPerpetualCheck};
  if (checked_throughout(now - 1)) return {WinFor(mover), RuleTermination::kPerpetualCheck};
  if constexpr (V::kRepetition == RepetitionRule::kFirstPlayerLoses)
    return {Outcome::kWhiteWins, RuleTermination::kRepetition};
  return {Outcome::kDraw, RuleTermination::kRepetition};
}

template <class V>
int ImpassePoints(const BasicPosition<V>& pos, Color c) {
  return Points(pos, c, V::kAllSquares);
}

template <class V>
Outcome ImpasseOutcome(const BasicPosition<V>& pos) {
  if (ImpassePoints(pos, kBlack) < kImpassePointsNeeded) return Outcome::kWhiteWins;
  if (ImpassePoints(pos, kWhite) < kImpassePointsNeeded) return Outcome::kBlackWins;
  return Outcome::kDraw;
}

template <class V>
DeclarationVerdict JudgeDeclaration(const BasicPosition<V>& pos, const GameRules& rules) {
  switch (V::kEnteringKing) {
    case EnteringKingRule::kJudkinsImpasse:
      return JudgeJudkinsClaim(pos);
    case EnteringKingRule::kPointDeclaration:
      return JudgePointDeclaration(pos, rules);
    case EnteringKingRule::kNone:
      break;
  }
  return {WinFor(~pos.side_to_move()),
          absl::StrCat("false declaration: ", VariantName(V::kVariant), " has no declaration rule")};
}

template <class V>
GameStatus EvaluateGameStatus(const BasicPosition<V>& pos, const GameRules& rules) {
  if (!HasLegalMove(pos)) {
    if (pos.in_check()) return {WinFor(~pos.side_to_move()), RuleTermination::kCheckmate};
    return {rules.no_legal_move_draws ? Outcome::kDraw : WinFor(~pos.side_to_move()), RuleTermination::kNoLegalMoves};
  }
  if (GameStatus repetition = JudgeRepetition(pos, 4); repetition.over()) return repetition;
  if constexpr (V::kEnteringKing == EnteringKingRule::kJudkinsImpasse)
    if (pos.state().impasse_run > rules.impasse_plies) return {ImpasseOutcome(pos), RuleTermination::kImpasse};
  if (rules.max_plies > 0 && pos.plies_from_root() >= rules.max_plies)
    return {Outcome::kDraw, RuleTermination::kMaxLength};
  return {};
}

#define JUDKINS_INSTANTIATE_GAME_STATUS(V)                                                    \
  template int ImpassePoints<V>(const BasicPosition<V>&, Color);                              \
  template Outcome ImpasseOutcome<V>(const BasicPosition<V>&);                                \
  template DeclarationVerdict JudgeDeclaration<V>(const BasicPosition<V>&, const GameRules&); \
  template GameStatus EvaluateGameStatus<V>(const BasicPosition<V>&, const GameRules&);       \
  template GameStatus JudgeRepetition<V>(const BasicPosition<V>&, int);
JUDKINS_INSTANTIATE_GAME_STATUS(variants::Judkins)
JUDKINS_INSTANTIATE_GAME_STATUS(variants::Shogi)
JUDKINS_INSTANTIATE_GAME_STATUS(variants::Minishogi)
#undef JUDKINS_INSTANTIATE_GAME_STATUS

}  // namespace judkins
