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

// The "%" line for the way the game ended; `to_move` is the side the rules
// spoke to at the end. A loss CSA has no word for is the loser's illegal action.
std::string EndLine(const GameRecord& record, Color to_move) {
  const std::optional<Color> loser = LoserOf(record.result);
  const std::string loser_illegal =
      loser ? absl::StrCat("%", std::string(1, Sign(*loser)), "ILLEGAL_ACTION") : "%CHUDAN";
  const bool mover_lost = loser == to_move;
  switch (record.termination) {
    case v1::TERMINATION_CHECKMATE:
      return "%TSUMI";
    case v1::TERMINATION_RESIGNATION:
      return "%TORYO";
    case v1::TERMINATION_ADJUDICATED_RESIGN:
      return mover_lost ? "%TORYO" : "%CHUDAN";
    case v1::TERMINATION_REPETITION:
      return "%SENNICHITE";
    case v1::TERMINATION_IMPASSE:
      return "%JISHOGI";
    case v1::TERMINATION_IMPASSE_CLAIM:
      if (record.result == v1::GAME_RESULT_DRAW) return "%JISHOGI";
      return mover_lost ? loser_illegal : "%KACHI";
    case v1::TERMINATION_ILLEGAL_MOVE:
      return mover_lost ? "%ILLEGAL_MOVE" : loser_illegal;
    case v1::TERMINATION_TIME_FORFEIT:
      return mover_lost ? "%TIME_UP" : loser_illegal;
    case v1::TERMINATION_PERPETUAL_CHECK:
    case v1::TERMINATION_CRASH:
    case v1::TERMINATION_UNRESPONSIVE:
    case v1::TERMINATION_NO_LEGAL_MOVES:
      return loser_illegal;
    case v1::TERMINATION_ADJUDICATED_DRAW:
      return "%HIKIWAKE";
    case v1::TERMINATION_MAX_LENGTH:
      return "%MAX_MOVES";
    default:
      return "%CHUDAN";
  }
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
  absl::StrAppend(&text, "'", ResultComment(record.result), ": ", OneLine(record.reason), "\n");
  return text;
}

}  // namespace judkins
