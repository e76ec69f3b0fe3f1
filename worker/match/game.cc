#include "worker/match/game.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "common/valid_text.h"
#include "engine/rules/hodges.h"
#include "engine/rules/notation.h"
#include "proto/contract.h"

namespace judkins {
namespace {

v1::GameResult WinFor(Color c) { return c == kBlack ? v1::GAME_RESULT_BLACK_WINS : v1::GAME_RESULT_WHITE_WINS; }

v1::GameResult ResultOf(Outcome outcome) {
  switch (outcome) {
    case Outcome::kBlackWins:
      return v1::GAME_RESULT_BLACK_WINS;
    case Outcome::kWhiteWins:
      return v1::GAME_RESULT_WHITE_WINS;
    case Outcome::kDraw:
      return v1::GAME_RESULT_DRAW;
    case Outcome::kOngoing:
      break;
  }
  return v1::GAME_RESULT_UNSPECIFIED;
}

v1::Termination TerminationOf(RuleTermination termination) {
  switch (termination) {
    case RuleTermination::kCheckmate:
      return v1::TERMINATION_CHECKMATE;
    case RuleTermination::kNoLegalMoves:
      return v1::TERMINATION_NO_LEGAL_MOVES;
    case RuleTermination::kRepetition:
      return v1::TERMINATION_REPETITION;
    case RuleTermination::kPerpetualCheck:
      return v1::TERMINATION_PERPETUAL_CHECK;
    case RuleTermination::kImpasse:
      return v1::TERMINATION_IMPASSE;
    case RuleTermination::kMaxLength:
      return v1::TERMINATION_MAX_LENGTH;
    case RuleTermination::kNone:
      break;
  }
  return v1::TERMINATION_UNSPECIFIED;
}

// A score in centipawns from the mover's view; mates count as huge.
std::optional<int> ScoreOf(const SearchReport& report) {
  if (report.mate_plies) return *report.mate_plies > 0 ? 100000 : -100000;
  return report.score_cp;
}

// Counts consecutive plies that satisfy the adjudication conditions.
class Adjudicator {
 public:
  explicit Adjudicator(const Adjudication& rules) : rules_(rules) {}
  // The side to be declared winner, a draw, or nothing, after a move whose
  // mover reported `score` (mover's view). `move_number` counts full moves.
  std::optional<v1::GameResult> Observe(Color mover, std::optional<int> score, int move_number) {
    if (!score) {
      resign_run_ = draw_run_ = 0;
      return std::nullopt;
    }
    const int black_view = mover == kBlack ? *score : -*score;
    if (rules_.resign_moves > 0) {
      const int sign = black_view >= rules_.resign_score ? 1 : black_view <= -rules_.resign_score ? -1 : 0;
      resign_run_ = sign != 0 && sign == resign_sign_ ? resign_run_ + 1 : (sign != 0 ? 1 : 0);
      resign_sign_ = sign;
      if (resign_run_ >= 2 * rules_.resign_moves)
        return sign > 0 ? v1::GAME_RESULT_BLACK_WINS : v1::GAME_RESULT_WHITE_WINS;
    }
    if (rules_.draw_moves > 0) {
      draw_run_ = move_number >= rules_.draw_from_move && std::abs(*score) <= rules_.draw_score ? draw_run_ + 1 : 0;
      if (draw_run_ >= 2 * rules_.draw_moves) return v1::GAME_RESULT_DRAW;
    }
    return std::nullopt;
  }

 private:
  Adjudication rules_;
  int resign_run_ = 0, resign_sign_ = 0, draw_run_ = 0;
};

template <class V>
GameRecord PlayGameAs(UsiEngine& black, UsiEngine& white, const std::array<TimeControl, 2>& controls,
                      const Opening& opening, const GameSettings& settings, const std::atomic<bool>& stop) {
  GameRecord record;
  record.variant = V::kVariant;
  record.black = black.config().name;
  record.white = white.config().name;
  record.time_control = controls[kBlack].Label() == controls[kWhite].Label()
                            ? controls[kBlack].Label()
                            : absl::StrCat(controls[kBlack].Label(), " / ", controls[kWhite].Label());
  record.started = absl::Now();
  BasicPosition<V> pos = opening.StartPosition<V>();
  record.start_sfen = pos.ToSfen();
  UsiEngine* engines[2] = {&black, &white};
  auto finish = [&](v1::GameResult result, v1::Termination termination, std::string reason) {
    record.result = result;
    record.termination = termination;
    // A reason quotes what an engine said: bounded, whatever it said.
    record.reason = ValidText(reason, contract::kMaxGameReasonBytes);
    const char* verdict[2] = {"draw", "draw"};
    if (result == v1::GAME_RESULT_BLACK_WINS) verdict[kBlack] = "win", verdict[kWhite] = "lose";
    if (result == v1::GAME_RESULT_WHITE_WINS) verdict[kBlack] = "lose", verdict[kWhite] = "win";
    for (Color c : {kBlack, kWhite}) engines[c]->GameOver(verdict[c]);
    return record;
  };

  for (Color c : {kBlack, kWhite})
    if (absl::Status status = engines[c]->NewGame(); !status.ok())
      return finish(WinFor(~c), v1::TERMINATION_CRASH,
                    absl::StrCat(engines[c]->config().name, " did not start: ", status.message()));

  // Grows by one move a ply, rather than being joined anew each time.
  std::string position_command = absl::StrCat("position sfen ", opening.sfen, " moves");
  for (const std::string& move : opening.moves) absl::StrAppend(&position_command, " ", move);
  GameClock clock(controls, settings.time_margin);
  Adjudicator adjudicator(settings.adjudication);
  while (true) {
    if (const GameStatus status = EvaluateGameStatus(pos, settings.rules); status.over())
      return finish(ResultOf(status.outcome), TerminationOf(status.termination),
                    std::string(RuleTerminationName(status.termination)));
    if (stop) return finish(v1::GAME_RESULT_UNSPECIFIED, v1::TERMINATION_ABORTED, "stopped by the runner");

    const Color side = pos.side_to_move();
    UsiEngine& engine = *engines[side];
    const std::string& name = engine.config().name;
    const absl::Duration allowance = clock.timed(side) ? clock.Allowance(side) : settings.hang_timeout;
    absl::StatusOr<EngineMove> answer =
        engine.Think(position_command, clock.GoCommand(side, engine.config().swap_clocks), absl::Now() + allowance);
    if (!answer.ok()) {
      if (absl::IsDeadlineExceeded(answer.status()))
        return clock.timed(side)
                   ? finish(WinFor(~side), v1::TERMINATION_TIME_FORFEIT,
                            absl::StrCat(name, " did not move within the ", absl::FormatDuration(allowance),
                                         " its clock allowed"))
                   : finish(WinFor(~side), v1::TERMINATION_UNRESPONSIVE, absl::StrCat(name, " stopped answering"));
      // Output that breaks the protocol is garbage, like an unreadable move.
      if (absl::IsDataLoss(answer.status()))
        return finish(WinFor(~side), v1::TERMINATION_ILLEGAL_MOVE, absl::StrCat(name, ": ", answer.status().message()));
      return finish(WinFor(~side), v1::TERMINATION_CRASH, absl::StrCat(name, ": ", answer.status().message()));
    }
    if (!clock.Charge(side, answer->elapsed))
      return finish(WinFor(~side), v1::TERMINATION_TIME_FORFEIT,
                    absl::StrCat(name, " used ", absl::FormatDuration(answer->elapsed), " of the ",
                                 absl::FormatDuration(allowance), " its clock allowed"));
    if (answer->text == "resign")
      return finish(WinFor(~side), v1::TERMINATION_RESIGNATION, absl::StrCat(name, " resigned"));
    if (answer->text == "win") {
      const DeclarationVerdict claim = JudgeDeclaration(pos, settings.rules);
      return finish(ResultOf(claim.outcome), v1::TERMINATION_IMPASSE_CLAIM, absl::StrCat(name, ": ", claim.reason));
    }
    absl::StatusOr<Move> move = ParseUsiMove(pos, answer->text);
    if (!move.ok())
      return finish(
          WinFor(~side), v1::TERMINATION_ILLEGAL_MOVE,
          absl::StrCat(name, ": ", move.status().message(),
                       answer->complaint.empty() ? "" : absl::StrCat(" (the engine said: ", answer->complaint, ")")));
    record.moves.push_back({answer->text, MoveToHodges(pos, *move), answer->report, answer->elapsed});
    absl::StrAppend(&position_command, " ", answer->text);
    pos.DoMove(*move);
    if (std::optional<v1::GameResult> verdict =
            adjudicator.Observe(side, ScoreOf(answer->report), int(record.moves.size() + 1) / 2)) {
      // A mate on the board outranks an adjudication.
      if (const GameStatus status = EvaluateGameStatus(pos, settings.rules); status.over()) continue;
      return finish(
          *verdict,
          *verdict == v1::GAME_RESULT_DRAW ? v1::TERMINATION_ADJUDICATED_DRAW : v1::TERMINATION_ADJUDICATED_RESIGN,
          "adjudicated on the engines' scores");
    }
  }
}

}  // namespace

GameRecord PlayGame(UsiEngine& black, UsiEngine& white, const std::array<TimeControl, 2>& controls,
                    const Opening& opening, const GameSettings& settings, const std::atomic<bool>& stop) {
  return WithVariant(settings.variant,
                     [&]<class V>(V) { return PlayGameAs<V>(black, white, controls, opening, settings, stop); });
}

}  // namespace judkins
