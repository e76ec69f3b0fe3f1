// Where `judkins test records` puts what it downloads: the stored records,
// batch by batch, converted to the format asked for and written to stdout,
// to one file, or (KIF holds one game to a file) to one file per game in a
// folder; or only the one game asked for.
#ifndef JUDKINS_CLI_RECORDS_DOWNLOAD_H_
#define JUDKINS_CLI_RECORDS_DOWNLOAD_H_

#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "records/numbered_game.h"
#include "records/record_conversion.h"

namespace judkins {

struct RecordsDownload {
  uint64_t test_id = 0;
  RecordFormat format = RecordFormat::kPgn;
  int game = 0;          // 1-based; 0: every game
  std::string out = {};  // a file, a folder (KIF of every game), or empty: stdout
};

class RecordsWriter {
 public:
  // Checks the destination before anything is downloaded.
  static absl::StatusOr<std::unique_ptr<RecordsWriter>> Open(const RecordsDownload& download,
                                                             std::ostream& standard_output);

  // One batch of stored records (whole games).
  absl::Status Add(absl::string_view stored);
  // NotFound when the game asked for was not among them.
  absl::Status Finish();

 private:
  RecordsWriter(const RecordsDownload& download, std::ostream& standard_output)
      : download_(download), standard_output_(standard_output) {
    if (download_.game > 0) game_search_.emplace(download_.game, download_.format);
  }
  absl::Status Write(const std::string& game_text, int number);
  std::ostream& sink() { return download_.out.empty() ? standard_output_ : file_; }
  std::string sink_name() const { return download_.out.empty() ? "stdout" : download_.out; }
  bool one_file_per_game() const { return download_.game == 0 && !HoldsManyGames(download_.format); }

  RecordsDownload download_;
  std::ostream& standard_output_;
  std::ofstream file_;                             // when out names a file
  std::optional<NumberedGameSearch> game_search_;  // when one game is asked for
  int games_seen_ = 0, games_written_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_CLI_RECORDS_DOWNLOAD_H_
