#include "engine/rules/game_status.h"

#include <algorithm>

#include "engine/rules/movegen.h"

namespace judkins {
namespace {

Outcome WinFor(Color c) { return c == kBlack ? Outcome::kBlackWins : Outcome::kWhiteWins; }

bool BothKingsEntered(const Position& pos) {
  return (pos.pieces(kBlack, kKing) & promotion_zone(kBlack)) && (pos.pieces(kWhite, kKing) & promotion_zone(kWhite));
}

}  // namespace

// history[i] results from move i; the side that made it gave check iff
// history[i] has checkers. The cycle runs from the first occurrence to now.
GameStatus JudgeRepetition(const Position& pos, int occurrences) {
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
  return {Outcome::kDraw, RuleTermination::kRepetition};
}

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

int ImpassePoints(const Position& pos, Color c) {
  const Bitboard major = pos.pieces(kRook) | pos.pieces(kBishop) | pos.pieces(kHorse) | pos.pieces(kDragon);
  const int board_major = popcount(pos.pieces(c) & major);
  const int board_minor = popcount(pos.pieces(c) & ~major & ~pos.pieces(kKing));
  int points = 5 * board_major + board_minor;
  for (int pt = kPawn; pt <= kGold; ++pt)
    points += pos.hand_count(c, PieceType(pt)) * (pt == kRook || pt == kBishop ? 5 : 1);
  return points;
}

Outcome ImpasseOutcome(const Position& pos) {
  constexpr int kNeeded = 12;
  if (ImpassePoints(pos, kBlack) < kNeeded) return Outcome::kWhiteWins;
  if (ImpassePoints(pos, kWhite) < kNeeded) return Outcome::kBlackWins;
  return Outcome::kDraw;
}

GameStatus JudgeImpasseClaim(const Position& pos) {
  if (!BothKingsEntered(pos) || pos.in_check()) return {WinFor(~pos.side_to_move()), RuleTermination::kImpasse};
  return {ImpasseOutcome(pos), RuleTermination::kImpasse};
}

GameStatus EvaluateGameStatus(const Position& pos, const GameRules& rules) {
  if (!HasLegalMove(pos))
    return {WinFor(~pos.side_to_move()), pos.in_check() ? RuleTermination::kCheckmate : RuleTermination::kNoLegalMoves};
  if (GameStatus repetition = JudgeRepetition(pos, 4); repetition.over()) return repetition;
  if (pos.state().impasse_run > rules.impasse_plies) return {ImpasseOutcome(pos), RuleTermination::kImpasse};
  if (rules.max_plies > 0 && pos.plies_from_root() >= rules.max_plies)
    return {Outcome::kDraw, RuleTermination::kMaxLength};
  return {};
}

}  // namespace judkins
