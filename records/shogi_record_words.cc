#include "records/shogi_record_words.h"

#include "absl/strings/str_replace.h"

namespace judkins {

std::string RecordDateTime(absl::Time time) { return absl::FormatTime("%Y/%m/%d %H:%M:%S", time, absl::UTCTimeZone()); }

std::string OneLine(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"\r\n", " "}, {"\n", " "}, {"\r", " "}});
}

std::optional<Color> LoserOf(v1::GameResult result) {
  if (result == v1::GAME_RESULT_BLACK_WINS) return kWhite;
  if (result == v1::GAME_RESULT_WHITE_WINS) return kBlack;
  return std::nullopt;
}

}  // namespace judkins
