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

namespace judkins {

// "2026/12/03 21:00:00", UTC, as both formats write a start time.
std::string RecordDateTime(absl::Time time);

// Text for a one-line comment: line breaks become spaces.
std::string OneLine(absl::string_view text);

// The side that lost, if a side did (the result's other side).
std::optional<Color> LoserOf(v1::GameResult result);

}  // namespace judkins

#endif  // JUDKINS_RECORDS_SHOGI_RECORD_WORDS_H_
