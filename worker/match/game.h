// One game between two USI engines, refereed move by move with the rules.
#ifndef JUDKINS_WORKER_MATCH_GAME_H_
#define JUDKINS_WORKER_MATCH_GAME_H_

#include <array>
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "engine/rules/game_status.h"
#include "judkins/v1/games.pb.h"
#include "records/game_record.h"
#include "worker/match/game_clock.h"
#include "worker/match/openings.h"
#include "worker/usi_client/usi_engine.h"

namespace judkins {

struct Adjudication {
  // Resign: both engines agree the same side is behind by at least
  // resign_score for resign_moves moves each. 0 moves disables it.
  int resign_score = 1000;
  int resign_moves = 0;
  // Draw: both engines' |score| at most draw_score for draw_moves moves each,
  // from move draw_from_move on. 0 moves disables it.
  int draw_score = 10;
  int draw_moves = 0;
  int draw_from_move = 40;
};

struct GameSettings {
  // The rules the referee judges by; openings must be of this variant.
  Variant variant = Variant::kJudkins;
  absl::Duration time_margin = absl::Milliseconds(100);
  // How long an untimed engine (nodes, depth) may think before it is declared hung.
  absl::Duration hang_timeout = absl::Seconds(60);
  GameRules rules;
  Adjudication adjudication;
};

// Plays a game of settings.variant; `stop` aborts it between moves (TERMINATION_ABORTED). An
// engine that crashes, hangs or breaks the protocol loses, is shut down, and
// starts afresh for its next game.
// controls: Black's and White's time controls (engines may have their own).
GameRecord PlayGame(UsiEngine& black, UsiEngine& white, const std::array<TimeControl, 2>& controls,
                    const Opening& opening, const GameSettings& settings, const std::atomic<bool>& stop);

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_GAME_H_
