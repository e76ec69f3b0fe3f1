#include "records/kif_format.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "records/replayed_game.h"
#include "records/shogi_record_words.h"

namespace judkins {
namespace {

// [type]: a moving piece's name in a move, and its one-character name on a
// board diagram (promoted minors have one-character names there).
constexpr std::array<const char*, kPieceTypeLimit> kMoveName = {"", "歩", "桂",   "銀",   "角", "飛", "金", "玉",
                                                                "", "と", "成桂", "成銀", "馬", "龍", "香", "成香"};
constexpr std::array<const char*, kPieceTypeLimit> kBoardName = {"", "歩", "桂", "銀", "角", "飛", "金", "玉",
                                                                 "", "と", "圭", "全", "馬", "龍", "香", "杏"};
constexpr std::array<const char*, 10> kWideDigit = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr std::array<const char*, 11> kKanjiNumber = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};
constexpr char kWideSpace[] = "　";

const char* SideName(Color c) { return c == kBlack ? "先手" : "後手"; }

// 1 to 18 in kanji ("十八"), as hands count pieces.
std::string KanjiCount(int n) { return n <= 10 ? kKanjiNumber[n] : absl::StrCat("十", kKanjiNumber[n - 10]); }

std::string HandLine(const ReplayedGame& game, Color c) {
  std::string pieces;
  for (PieceType pt : kRecordHandOrder)
    if (const int n = game.hands[c][pt])
      absl::StrAppend(&pieces, kBoardName[pt], n > 1 ? KanjiCount(n) : "", kWideSpace);
  return absl::StrCat(SideName(c), "の持駒：", pieces.empty() ? "なし" : pieces, "\n");
}

// The board diagram (BOD): White's hand, the files, the board with White's
// pieces marked 'v', Black's hand, and who moves.
std::string BoardDiagram(const ReplayedGame& game) {
  std::string text = HandLine(game, kWhite);
  std::string files = " ", border = "+";
  for (int file = game.files; file >= 1; --file) {
    absl::StrAppend(&files, " ", kWideDigit[file]);
    border += "---";
  }
  absl::StrAppend(&text, files, "\n", border, "+\n");
  for (int rank = 1; rank <= game.ranks; ++rank) {
    text += "|";
    for (int file = game.files; file >= 1; --file) {
      const Piece p = game.board[rank - 1][file - 1];
      absl::StrAppend(&text, !p ? " ・" : color_of(p) == kBlack ? " " : "v", p ? kBoardName[type_of(p)] : "");
    }
    absl::StrAppend(&text, "|", kKanjiNumber[rank], "\n");
  }
  absl::StrAppend(&text, border, "+\n", HandLine(game, kBlack));
  if (game.side_to_move == kWhite) text += "後手番\n";
  return text;
}

std::string MoveText(const ReplayedMove& move, const ReplayedMove* previous) {
  std::string text = previous && previous->to_file == move.to_file && previous->to_rank == move.to_rank
                         ? absl::StrCat("同", kWideSpace)
                         : absl::StrCat(kWideDigit[move.to_file], kKanjiNumber[move.to_rank]);
  absl::StrAppend(&text, kMoveName[move.piece]);
  if (move.drop) return text + "打";
  return absl::StrCat(text, move.promotion ? "成" : "", "(", move.from_file, move.from_rank, ")");
}

// "( 0:16/00:00:16)": this move's time, and the mover's total so far.
std::string Times(absl::Duration elapsed, absl::Duration total) {
  const int64_t move = absl::ToInt64Seconds(elapsed), sum = absl::ToInt64Seconds(total);
  return absl::StrFormat("(%2d:%02d/%02d:%02d:%02d)", move / 60, move % 60, sum / 3600, sum / 60 % 60, sum % 60);
}

// The last "move", the way the game ended, from the side to move at the end.
std::string EndWord(const GameRecord& record, Color to_move) {
  switch (EndingOf(record, to_move)) {
    case RecordEnding::kCheckmate:
      return "詰み";
    case RecordEnding::kResignation:
      return "投了";
    case RecordEnding::kRepetition:
      return "千日手";
    case RecordEnding::kImpasse:
    case RecordEnding::kAdjudicatedDraw:
    case RecordEnding::kMaxLength:
      return "持将棋";
    case RecordEnding::kDeclarationWin:
      return "入玉勝ち";
    case RecordEnding::kTimeUp:
      return "切れ負け";
    case RecordEnding::kIllegalMove:
      return "反則負け";
    case RecordEnding::kFoul:
      return LoserOf(record.result) == to_move ? "反則負け" : "反則勝ち";
    case RecordEnding::kInterrupted:
      break;
  }
  return "中断";
}

// "まで71手で先手の勝ち".
std::string Summary(const GameRecord& record, size_t moves, const std::string& end_word) {
  const std::string played = absl::StrCat("まで", moves, "手で");
  if (const std::optional<Color> loser = LoserOf(record.result))
    return absl::StrCat(played, SideName(~*loser), "の勝ち");
  if (record.result == v1::GAME_RESULT_DRAW) return absl::StrCat(played, end_word == "千日手" ? "千日手" : "持将棋");
  return absl::StrCat(played, "中断");
}

}  // namespace

absl::StatusOr<std::string> FormatKif(const GameRecord& record) {
  absl::StatusOr<ReplayedGame> game = ReplayGame(record);
  if (!game.ok()) return game.status();
  std::string text = absl::StrCat("# ---- judkins-worker match: ", VariantTitle(record.variant), " ----\n");
  absl::StrAppend(&text, "開始日時：", RecordDateTime(record.started), "\n");
  absl::StrAppend(&text, "棋戦：judkins-worker match\n持ち時間：", record.time_control, "\n");
  const bool even_start = game->standard_start && record.variant == Variant::kShogi;
  if (even_start) text += "手合割：平手\n";
  absl::StrAppend(&text, "先手：", record.black, "\n後手：", record.white, "\n");
  if (!even_start) text += BoardDiagram(*game);
  text += "手数----指手---------消費時間--\n";
  std::array<absl::Duration, 2> used{};
  const ReplayedMove* previous = nullptr;
  for (size_t i = 0; i < game->moves.size(); ++i) {
    const ReplayedMove& move = game->moves[i];
    used[move.mover] += move.elapsed;
    absl::StrAppend(&text, absl::StrFormat("%4d ", i + 1), MoveText(move, previous), "   ",
                    Times(move.elapsed, used[move.mover]), "\n");
    previous = &move;
  }
  const Color to_move = game->side_to_move_at_end();
  const std::string end_word = EndWord(record, to_move);
  absl::StrAppend(&text, absl::StrFormat("%4d ", game->moves.size() + 1), end_word, "   ",
                  Times(absl::ZeroDuration(), used[to_move]), "\n");
  if (!record.reason.empty()) absl::StrAppend(&text, "*", OneLine(record.reason), "\n");
  absl::StrAppend(&text, Summary(record, game->moves.size(), end_word), "\n");
  return text;
}

}  // namespace judkins
