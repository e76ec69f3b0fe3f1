// Our stored records (PGN-style text, game_record_format.h) read back into
// games and written as a shogi player's program reads them: the one place
// the CLI's download and the web's download convert records, so both give
// the same files.
#ifndef JUDKINS_RECORDS_RECORD_CONVERSION_H_
#define JUDKINS_RECORDS_RECORD_CONVERSION_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "records/game_record.h"
#include "records/game_record_format.h"

namespace judkins {

enum class RecordFormat {  // in this order: record_conversion.cc's table follows it
  kPgn,                    // ours, as stored: many games to a file
  kKif,                    // KIF (UTF-8, ".kifu"): one game to a file
  kCsa,                    // CSA V3.0: many games to a file, "/" lines between them
};

// "pgn", "kif" or "csa"; anything else is an error naming the choices.
absl::StatusOr<RecordFormat> ParseRecordFormat(absl::string_view name);
absl::string_view RecordFormatName(RecordFormat format);
absl::string_view RecordFileSuffix(RecordFormat format);  // ".pgn", ".kifu", ".csa"
absl::string_view RecordMediaType(RecordFormat format);
// Whether one file can hold many games (KIF cannot).
bool HoldsManyGames(RecordFormat format);

// The game a record read back describes: names, start, time control, each
// move with its time and report (from its comment), result and ending.
absl::StatusOr<GameRecord> GameOf(const ParsedRecord& parsed);

// What stands between two games in one file: CSA's "/" line; nothing in ours.
absl::string_view GameSeparator(RecordFormat format);

// Each game of the stored text in the format, in order, each a whole file's
// text (a file of many games puts GameSeparator between them).
absl::StatusOr<std::vector<std::string>> ConvertRecords(absl::string_view stored, RecordFormat format);
// Only the game at index (0-based) of the stored text, the others unread but
// for their bounds.
absl::StatusOr<std::string> ConvertRecord(absl::string_view stored, RecordFormat format, int index);

}  // namespace judkins

#endif  // JUDKINS_RECORDS_RECORD_CONVERSION_H_
