#include "records/numbered_game.h"

#include <cassert>

#include "absl/strings/str_cat.h"
#include "records/game_record_format.h"

namespace judkins {

NumberedGameSearch::NumberedGameSearch(int game, RecordFormat format) : game_(game), format_(format) {
  assert(game >= 1);
}

absl::StatusOr<std::optional<std::string>> NumberedGameSearch::Offer(absl::string_view stored) {
  const int in_batch = CountGameRecords(stored);
  if (games_seen_ + in_batch < game_) {
    games_seen_ += in_batch;
    return std::nullopt;  // counted, not read
  }
  const int index = game_ - games_seen_ - 1;
  games_seen_ += in_batch;
  return ConvertRecord(stored, format_, index);
}

}  // namespace judkins
