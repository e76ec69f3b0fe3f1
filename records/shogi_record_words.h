// What the shogi record formats (KIF, CSA) share: the date they write, and
// how each way a game ends reads from the side to move at the end.
#ifndef JUDKINS_RECORDS_SHOGI_RECORD_WORDS_H_
#define JUDKINS_RECORDS_SHOGI_RECORD_WORDS_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "engine/rules/types.h"
#include "judkins/v1/games.pb.h"
#include "records/game_record.h"

namespace judkins {

// "2026/12/03 21:00:00", UTC, as both formats write a start time.
std::string RecordDateTime(absl::Time time);

// Text for a one-line comment: line breaks become spaces.
std::string OneLine(absl::string_view text);

// The side that lost, if a side did (the result's other side).
std::optional<Color> LoserOf(v1::GameResult result);

// How a game ended, in the terms both formats have words for, seen from the
// side to move at the end (the side the last line of a record speaks of).
enum class RecordEnding {
  kCheckmate,
  kResignation,  // the side to move resigned (or was adjudicated lost)
  kInterrupted,  // no word fits: aborted, or adjudicated against the side not to move
  kRepetition,
  kImpasse,         // both kings entered, a draw by points (or a declared draw)
  kDeclarationWin,  // the side to move's valid declaration
  kTimeUp,          // the side to move's clock ran out
  kIllegalMove,     // the side to move's move was illegal
  kFoul,            // any other loss: LoserOf says whose
  kAdjudicatedDraw,
  kMaxLength,
};
RecordEnding EndingOf(const GameRecord& record, Color to_move);

}  // namespace judkins

#endif  // JUDKINS_RECORDS_SHOGI_RECORD_WORDS_H_
