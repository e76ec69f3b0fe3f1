#include "records/csa_format.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "records/replayed_game.h"
#include "records/shogi_record_words.h"

namespace judkins {
namespace {

// [type]: CSA's two letters for each piece.
constexpr std::array<const char*, kPieceTypeLimit> kCsaPiece = {"", "FU", "KE", "GI", "KA", "HI", "KI", "OU",
                                                                "", "TO", "NK", "NG", "UM", "RY", "KY", "NY"};

char Sign(Color c) { return c == kBlack ? '+' : '-'; }

// The "%" line for the way the game ended; a loss CSA has no word for is the
// loser's illegal action.
std::string EndLine(const GameRecord& record, Color to_move) {
  switch (EndingOf(record, to_move)) {
    case RecordEnding::kCheckmate:
      return "%TSUMI";
    case RecordEnding::kResignation:
      return "%TORYO";
    case RecordEnding::kRepetition:
      return "%SENNICHITE";
    case RecordEnding::kImpasse:
      return "%JISHOGI";
    case RecordEnding::kDeclarationWin:
      return "%KACHI";
    case RecordEnding::kTimeUp:
      return "%TIME_UP";
    case RecordEnding::kIllegalMove:
      return "%ILLEGAL_MOVE";
    case RecordEnding::kFoul:
      return absl::StrCat("%", std::string(1, Sign(*LoserOf(record.result))), "ILLEGAL_ACTION");
    case RecordEnding::kAdjudicatedDraw:
      return "%HIKIWAKE";
    case RecordEnding::kMaxLength:
      return "%MAX_MOVES";
    case RecordEnding::kInterrupted:
      break;
  }
  return "%CHUDAN";
}

std::string ResultComment(v1::GameResult result) {
  switch (result) {
    case v1::GAME_RESULT_BLACK_WINS:
      return "sente wins";
    case v1::GAME_RESULT_WHITE_WINS:
      return "gote wins";
    case v1::GAME_RESULT_DRAW:
      return "draw";
    default:
      return "no result";
  }
}

}  // namespace

absl::StatusOr<std::string> FormatCsa(const GameRecord& record) {
  absl::StatusOr<ReplayedGame> game = ReplayGame(record);
  if (!game.ok()) return game.status();
  std::string text = "'CSA encoding=UTF-8\nV3.0\n";
  absl::StrAppend(&text, "N+", record.black, "\nN-", record.white, "\n");
  absl::StrAppend(&text, "$EVENT:judkins-worker match\n$START_TIME:", RecordDateTime(record.started), "\n");
  absl::StrAppend(&text, "'variant ", VariantName(record.variant), ", time control ", record.time_control, "\n");
  if (game->standard_start && record.variant == Variant::kShogi) {
    text += "PI\n";
  } else {
    for (int rank = 1; rank <= game->ranks; ++rank) {
      absl::StrAppend(&text, "P", rank);
      for (int file = game->files; file >= 1; --file) {
        const Piece p = game->board[rank - 1][file - 1];
        absl::StrAppend(&text, p ? absl::StrCat(std::string(1, Sign(color_of(p))), kCsaPiece[type_of(p)]) : " * ");
      }
      text += "\n";
    }
    for (Color c : {kBlack, kWhite}) {
      std::string hand;
      for (PieceType pt : kRecordHandOrder)
        for (int n = 0; n < game->hands[c][pt]; ++n) absl::StrAppend(&hand, "00", kCsaPiece[pt]);
      if (!hand.empty()) absl::StrAppend(&text, "P", std::string(1, Sign(c)), hand, "\n");
    }
  }
  absl::StrAppend(&text, std::string(1, Sign(game->side_to_move)), "\n");
  for (const ReplayedMove& move : game->moves) {
    const PieceType after = move.promotion ? promoted(move.piece) : move.piece;
    absl::StrAppend(&text, std::string(1, Sign(move.mover)), move.from_file, move.from_rank, move.to_file, move.to_rank,
                    kCsaPiece[after], "\nT", int64_t(std::floor(absl::ToDoubleSeconds(move.elapsed))), "\n");
  }
  absl::StrAppend(&text, EndLine(record, game->side_to_move_at_end()), "\n");
  absl::StrAppend(&text, "'", ResultComment(record.result), record.reason.empty() ? "" : ": ", OneLine(record.reason),
                  "\n");
  return text;
}

}  // namespace judkins
