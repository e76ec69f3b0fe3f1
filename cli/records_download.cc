#include "cli/records_download.h"

#include <filesystem>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<std::unique_ptr<RecordsWriter>> RecordsWriter::Open(const RecordsDownload& download,
                                                                   std::ostream& standard_output) {
  std::unique_ptr<RecordsWriter> writer(new RecordsWriter(download, standard_output));  // private constructor
  if (writer->one_file_per_game()) {
    if (download.out.empty())
      return absl::InvalidArgumentError(absl::StrCat("--format ", RecordFormatName(download.format),
                                                     " holds one game to a file: name a folder with --out, or "
                                                     "one game with --game"));
    std::error_code error;
    std::filesystem::create_directories(download.out, error);
    if (error || !std::filesystem::is_directory(download.out))
      return absl::InvalidArgumentError(absl::StrCat("--out: cannot make the folder '", download.out, "'"));
  } else if (!download.out.empty()) {
    writer->file_.open(download.out, std::ios::binary);
    if (!writer->file_) return absl::InvalidArgumentError(absl::StrCat("--out: cannot write '", download.out, "'"));
  }
  return writer;
}

absl::Status RecordsWriter::Add(absl::string_view stored) {
  if (game_search_) {
    if (games_written_ > 0) return absl::OkStatus();  // found in an earlier batch
    absl::StatusOr<std::optional<std::string>> game = game_search_->Offer(stored);
    if (!game.ok()) return game.status();
    return game->has_value() ? Write(**game, download_.game) : absl::OkStatus();
  }
  const int first = games_seen_ + 1;
  games_seen_ += CountGameRecords(stored);
  if (download_.format == RecordFormat::kPgn) return Write(std::string(stored), first);  // as stored
  absl::StatusOr<std::vector<std::string>> games = ConvertRecords(stored, download_.format);
  if (!games.ok()) return games.status();
  for (int i = 0; i < int(games->size()); ++i)
    if (absl::Status s = Write((*games)[i], first + i); !s.ok()) return s;
  return absl::OkStatus();
}

absl::Status RecordsWriter::Write(const std::string& game_text, int number) {
  if (one_file_per_game()) {
    const std::string path =
        (std::filesystem::path(download_.out) /
         absl::StrCat("test-", download_.test_id, "-game-", number, RecordFileSuffix(download_.format)))
            .string();
    std::ofstream file(path, std::ios::binary);
    if (!(file << game_text) || !file.flush()) return absl::DataLossError(absl::StrCat("cannot write '", path, "'"));
    ++games_written_;
    return absl::OkStatus();
  }
  if (games_written_++ > 0) sink() << GameSeparator(download_.format);
  if (!(sink() << game_text)) return absl::DataLossError(absl::StrCat("cannot write '", sink_name(), "'"));
  return absl::OkStatus();
}

absl::Status RecordsWriter::Finish() {
  if (!one_file_per_game() && !sink().flush())
    return absl::DataLossError(absl::StrCat("cannot write '", sink_name(), "'"));
  if (game_search_ && games_written_ == 0)
    return absl::NotFoundError(absl::StrCat("--game ", download_.game, ": test ", download_.test_id, " has ",
                                            game_search_->games_seen(), " recorded games"));
  return absl::OkStatus();
}

}  // namespace judkins
