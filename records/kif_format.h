// KIF, Kakinoki's record format as shogi players' programs read it (UTF-8:
// the ".kifu" form): headers, the start (手合割：平手 for standard shogi's own
// start, else a board diagram), one numbered line per move with its time, the
// way the game ended as a last "move", and a closing summary line.
#ifndef JUDKINS_RECORDS_KIF_FORMAT_H_
#define JUDKINS_RECORDS_KIF_FORMAT_H_

#include <string>

#include "absl/status/statusor.h"
#include "records/game_record.h"

namespace judkins {

absl::StatusOr<std::string> FormatKif(const GameRecord& record);

}  // namespace judkins

#endif  // JUDKINS_RECORDS_KIF_FORMAT_H_
