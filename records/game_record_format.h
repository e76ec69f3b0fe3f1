// Game records as text: PGN-style tags, then the moves in USI notation with
// the Hodges notation, score and time of each as a comment.
#ifndef JUDKINS_RECORDS_GAME_RECORD_FORMAT_H_
#define JUDKINS_RECORDS_GAME_RECORD_FORMAT_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/rules/variant.h"
#include "records/game_record.h"

namespace judkins {

std::string FormatGameRecord(const GameRecord& record);
absl::string_view ResultToken(v1::GameResult result);             // "1-0" (Black wins), "0-1", "1/2-1/2", "*"
absl::string_view TerminationToken(v1::Termination termination);  // "checkmate", "time forfeit", ...

// A record read back: its tags and moves, checked against the rules.
struct ParsedRecord {
  std::map<std::string, std::string> tags;
  Variant variant = Variant::kJudkins;  // from the Variant tag
  std::string start_sfen;
  std::vector<std::string> moves;
  // [i]: the comment after moves[i] as written ("P-7f +0.35/12 1.235s"), or
  // empty: what the shogi formats' writers read each move's time from.
  std::vector<std::string> comments;
  v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED;
};
// Reads every record in the text; an illegal move or a malformed tag is an
// error naming the record and the problem.
absl::StatusOr<std::vector<ParsedRecord>> ParseGameRecords(absl::string_view text);
// How many records the text holds, without reading them: each opens with
// its Event tag.
int CountGameRecords(absl::string_view text);

}  // namespace judkins

#endif  // JUDKINS_RECORDS_GAME_RECORD_FORMAT_H_
