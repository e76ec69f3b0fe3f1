// How a game stands under the rules alone: mate, no legal move, fourfold
// repetition with the perpetual-check exception, entering kings (Judkins's
// impasse, standard shogi's point declaration) and maximum length.
// Time, crashes and illegal moves are the referee's business (worker/match).
#ifndef JUDKINS_ENGINE_RULES_GAME_STATUS_H_
#define JUDKINS_ENGINE_RULES_GAME_STATUS_H_

#include <string>

#include "absl/strings/string_view.h"
#include "engine/rules/position.h"

namespace judkins {

enum class Outcome { kOngoing, kBlackWins, kWhiteWins, kDraw };

enum class RuleTermination {
  kNone,
  kCheckmate,       // side to move is in check with no legal move
  kNoLegalMoves,    // side to move is not in check and cannot move: it loses (or draws, by option)
  kRepetition,      // fourth occurrence of the same position: draw (minishogi: Black loses)
  kPerpetualCheck,  // fourth occurrence, one side checked throughout: it loses
  kImpasse,         // Judkins: both kings entered, decided by points
  kMaxLength,       // configured length reached: draw
};

absl::string_view OutcomeName(Outcome outcome);
absl::string_view RuleTerminationName(RuleTermination termination);

// Standard shogi's two CSA declaration rules (for "bestmove win").
enum class DeclarationRule {
  k27Point,  // 28 points for Black, 27 for White win; fewer: a false declaration
  k24Point,  // 31 or more win, 24 to 30 draw, fewer: a false declaration
};
absl::string_view DeclarationRuleName(DeclarationRule rule);  // "27-point", "24-point"
absl::StatusOr<DeclarationRule> ParseDeclarationRule(absl::string_view name);

struct GameRules {
  // Judkins: plies for which both kings must have stayed in their promotion
  // zones with neither side in check before the referee scores the impasse.
  // 16 plies (8 moves each) lets either side try for mate first but ends
  // dead-locked games.
  int impasse_plies = 16;
  // A game that has played this many plies from its root is a draw, unless
  // its last move mated; 0 = no limit. Judkins's default; see For().
  int max_plies = 400;
  // Standard shogi: how a "bestmove win" declaration is judged.
  DeclarationRule declaration = DeclarationRule::k27Point;
  // A side not in check with no legal move loses (Fairy-Stockfish, the CSA
  // rules); one game site scores it a draw instead.
  bool no_legal_move_draws = false;

  // The defaults for a variant (its maximum length).
  static GameRules For(Variant variant);
};

struct GameStatus {
  Outcome outcome = Outcome::kOngoing;
  RuleTermination termination = RuleTermination::kNone;
  bool over() const { return outcome != Outcome::kOngoing; }
};

// The referee's verdict on "bestmove win", and why, for the record.
struct DeclarationVerdict {
  Outcome outcome = Outcome::kOngoing;
  std::string reason;
};

// Judkins impasse points: rook and bishop (promoted or not, board or hand) 5,
// other non-king pieces 1; 28 in all.
template <class V>
int ImpassePoints(const BasicPosition<V>& pos, Color c);
// The Judkins impasse verdict now: fewer than 12 points loses, both 12 or more draw.
template <class V>
Outcome ImpasseOutcome(const BasicPosition<V>& pos);

// The side to move's "bestmove win". Judkins: it holds when both kings have
// entered and the claimant is not in check; points decide. Standard shogi: the
// CSA declaration (king in the enemy camp, 10 other pieces there, not in check,
// enough points counting the camp and the hand). Minishogi has no such rule.
// A declaration that does not hold loses for the declarer.
template <class V>
DeclarationVerdict JudgeDeclaration(const BasicPosition<V>& pos, const GameRules& rules);

template <class V>
GameStatus EvaluateGameStatus(const BasicPosition<V>& pos, const GameRules& rules);

// The verdict once the current position has occurred `occurrences` times (the
// game rule is 4; a search may stop at 2): a loss for the side that gave check
// with every move of the cycle, or else the variant's repetition result.
// Ongoing if it occurred fewer times.
template <class V>
GameStatus JudgeRepetition(const BasicPosition<V>& pos, int occurrences);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_GAME_STATUS_H_
