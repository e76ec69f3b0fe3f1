// CSA standard record format V3.0 (UTF-8), as computer-shogi programs read it:
// names, start time, the start (PI for standard shogi's own start, else P1..Pn
// board lines and P+/P- hands; minishogi's 5x5 board is written the same way,
// as its MSK records do), the side to move, "+7776FU" moves each followed by
// "T<seconds>", and a "%" line for the way the game ended.
#ifndef JUDKINS_RECORDS_CSA_FORMAT_H_
#define JUDKINS_RECORDS_CSA_FORMAT_H_

#include <string>

#include "absl/status/statusor.h"
#include "records/game_record.h"

namespace judkins {

absl::StatusOr<std::string> FormatCsa(const GameRecord& record);

}  // namespace judkins

#endif  // JUDKINS_RECORDS_CSA_FORMAT_H_
