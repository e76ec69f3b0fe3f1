// Game N of a test's records, found as its stored batches go by: the one
// place the CLI's --game and the web's game=N count games, so both pick the
// same one, and only the game asked for is converted.
#ifndef JUDKINS_RECORDS_NUMBERED_GAME_H_
#define JUDKINS_RECORDS_NUMBERED_GAME_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "records/record_conversion.h"

namespace judkins {

class NumberedGameSearch {
 public:
  // game: 1-based, in the records' order (batch by batch, as stored).
  NumberedGameSearch(int game, RecordFormat format);

  // The next batch of stored records: the game's text in the format when
  // this batch holds it, nullopt when it lies further on.
  absl::StatusOr<std::optional<std::string>> Offer(absl::string_view stored);
  // The games counted so far: all of them, once every batch was offered
  // without finding the game.
  int games_seen() const { return games_seen_; }

 private:
  int game_;
  RecordFormat format_;
  int games_seen_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_RECORDS_NUMBERED_GAME_H_
