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

RecordEnding EndingOf(const GameRecord& record, Color to_move) {
  const std::optional<Color> loser = LoserOf(record.result);
  const bool mover_lost = loser == to_move;
  const RecordEnding foul = loser ? RecordEnding::kFoul : RecordEnding::kInterrupted;
  switch (record.termination) {
    case v1::TERMINATION_CHECKMATE:
      return RecordEnding::kCheckmate;
    case v1::TERMINATION_RESIGNATION:
      return RecordEnding::kResignation;
    case v1::TERMINATION_ADJUDICATED_RESIGN:
      return mover_lost ? RecordEnding::kResignation : RecordEnding::kInterrupted;
    case v1::TERMINATION_REPETITION:
      return RecordEnding::kRepetition;
    case v1::TERMINATION_IMPASSE:
      return RecordEnding::kImpasse;
    case v1::TERMINATION_IMPASSE_CLAIM:
      if (record.result == v1::GAME_RESULT_DRAW) return RecordEnding::kImpasse;
      return mover_lost ? foul : RecordEnding::kDeclarationWin;
    case v1::TERMINATION_ILLEGAL_MOVE:
      return mover_lost ? RecordEnding::kIllegalMove : foul;
    case v1::TERMINATION_TIME_FORFEIT:
      return mover_lost ? RecordEnding::kTimeUp : foul;
    case v1::TERMINATION_PERPETUAL_CHECK:
    case v1::TERMINATION_CRASH:
    case v1::TERMINATION_UNRESPONSIVE:
    case v1::TERMINATION_NO_LEGAL_MOVES:
      return foul;
    case v1::TERMINATION_ADJUDICATED_DRAW:
      return RecordEnding::kAdjudicatedDraw;
    case v1::TERMINATION_MAX_LENGTH:
      return RecordEnding::kMaxLength;
    default:
      return RecordEnding::kInterrupted;
  }
}

}  // namespace judkins
