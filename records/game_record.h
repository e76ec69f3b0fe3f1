// A game as the referee recorded it: who played, from where, every move
// with what the engine reported, and how it ended. The match runner writes
// these; the records format, the texel fitter and the reports read them.
#ifndef JUDKINS_RECORDS_GAME_RECORD_H_
#define JUDKINS_RECORDS_GAME_RECORD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "engine/rules/variant.h"
#include "judkins/v1/games.pb.h"

namespace judkins {

// The last search report before a bestmove.
struct SearchReport {
  std::optional<int> score_cp;    // from the mover's point of view
  std::optional<int> mate_plies;  // positive: the mover mates
  int depth = 0;
  uint64_t nodes = 0;
};

struct PlayedMove {
  std::string usi;
  std::string hodges;
  SearchReport report;
  absl::Duration elapsed;
};

struct GameRecord {
  Variant variant = Variant::kJudkins;
  std::string black, white;  // engine names
  std::string start_sfen;    // where the engines took over (after the opening's moves)
  std::string time_control;
  absl::Time started;
  std::vector<PlayedMove> moves;
  v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED;
  v1::Termination termination = v1::TERMINATION_UNSPECIFIED;
  std::string reason;
  int pair_index = 0, game_in_pair = 0, opening_index = 0;
};

}  // namespace judkins

#endif  // JUDKINS_RECORDS_GAME_RECORD_H_
