// How a game stands under the rules alone: mate, no legal move, fourfold
// repetition with the perpetual-check exception, impasse, and maximum length.
// Time, crashes and illegal moves are the referee's business (worker/match).
#ifndef JUDKINS_ENGINE_RULES_GAME_STATUS_H_
#define JUDKINS_ENGINE_RULES_GAME_STATUS_H_

#include "absl/strings/string_view.h"

#include "engine/rules/position.h"

namespace judkins {

enum class Outcome { kOngoing, kBlackWins, kWhiteWins, kDraw };

enum class RuleTermination {
  kNone,
  kCheckmate,       // side to move is in check with no legal move
  kNoLegalMoves,    // side to move is not in check and cannot move: it loses
  kRepetition,      // fourth occurrence of the same position: draw
  kPerpetualCheck,  // fourth occurrence, one side checked throughout: it loses
  kImpasse,         // both kings entered: decided by points
  kMaxLength,       // configured length reached: draw
};

absl::string_view OutcomeName(Outcome outcome);
absl::string_view RuleTerminationName(RuleTermination termination);

struct GameRules {
  // Plies for which both kings must have stayed in their promotion zones with
  // neither side in check before the referee scores the impasse. 16 plies (8
  // moves each) lets either side try for mate first but ends dead-locked games.
  int impasse_plies = 16;
  // A game that has played this many plies from its root is a draw; 0 = none.
  int max_plies = 400;
};

struct GameStatus {
  Outcome outcome = Outcome::kOngoing;
  RuleTermination termination = RuleTermination::kNone;
  bool over() const { return outcome != Outcome::kOngoing; }
};

// Impasse points: rook and bishop (promoted or not, board or hand) 5, other
// non-king pieces 1; 28 in all.
int ImpassePoints(const Position& pos, Color c);
// The impasse verdict now: fewer than 12 points loses, both 12 or more draw.
Outcome ImpasseOutcome(const Position& pos);
// An engine's "bestmove win" claim: it holds when both kings have entered, the
// claimant is not in check and the points do not make the claimant lose.
// A claim that does not hold loses for the claimant.
GameStatus JudgeImpasseClaim(const Position& pos);

GameStatus EvaluateGameStatus(const Position& pos, const GameRules& rules);

// The verdict once the current position has occurred `occurrences` times (the
// game rule is 4; a search may stop at 2): a draw, or a loss for the side that
// gave check with every move of the cycle. Ongoing if it occurred fewer times.
GameStatus JudgeRepetition(const Position& pos, int occurrences);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_GAME_STATUS_H_
