// Records in the shogi players' formats, checked line for line against what
// the format documents show: KIF (Kakinoki's, UTF-8) and CSA V3.0, for a
// standard-shogi game from the even start and a minishogi game whose board
// must be drawn.
#include <gtest/gtest.h>

#include "absl/time/civil_time.h"
#include "records/csa_format.h"
#include "records/kif_format.h"

namespace judkins {
namespace {

GameRecord Record(Variant variant, std::string start_sfen, std::vector<std::pair<std::string, int>> moves,
                  v1::GameResult result, v1::Termination termination, std::string reason) {
  GameRecord record;
  record.variant = variant;
  record.black = "dev";
  record.white = "base";
  record.start_sfen = std::move(start_sfen);
  record.time_control = "10+0.1";
  record.started = absl::FromCivil(absl::CivilSecond(2026, 12, 3, 12, 34, 56), absl::UTCTimeZone());
  for (const auto& [usi, seconds] : moves) record.moves.push_back({usi, "", {}, absl::Seconds(seconds)});
  record.result = result;
  record.termination = termination;
  record.reason = std::move(reason);
  return record;
}

// Bishops exchanged, the silver recaptures ("同"), a bishop dropped, White resigns.
GameRecord ShogiGame() {
  return Record(Variant::kShogi, std::string(variants::Shogi::kStartSfen),
                {{"7g7f", 1}, {"3c3d", 2}, {"8h2b+", 3}, {"3a2b", 4}, {"B*4e", 65}}, v1::GAME_RESULT_BLACK_WINS,
                v1::TERMINATION_RESIGNATION, "base resigned");
}

TEST(KifFormatTest, AStandardShogiGameReadsAsKakinokisExample) {
  absl::StatusOr<std::string> kif = FormatKif(ShogiGame());
  ASSERT_TRUE(kif.ok()) << kif.status();
  EXPECT_EQ(*kif,
            "# ---- judkins-worker match: standard shogi ----\n"
            "開始日時：2026/12/03 12:34:56\n"
            "棋戦：judkins-worker match\n"
            "持ち時間：10+0.1\n"
            "手合割：平手\n"
            "先手：dev\n"
            "後手：base\n"
            "手数----指手---------消費時間--\n"
            "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
            "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
            "   3 ２二角成(88)   ( 0:03/00:00:04)\n"
            "   4 同　銀(31)   ( 0:04/00:00:06)\n"
            "   5 ４五角打   ( 1:05/00:01:09)\n"
            "   6 投了   ( 0:00/00:00:06)\n"
            "*base resigned\n"
            "まで5手で先手の勝ち\n");
}

TEST(CsaFormatTest, AStandardShogiGameReadsAsTheV3Document) {
  absl::StatusOr<std::string> csa = FormatCsa(ShogiGame());
  ASSERT_TRUE(csa.ok()) << csa.status();
  EXPECT_EQ(*csa,
            "'CSA encoding=UTF-8\n"
            "V3.0\n"
            "N+dev\n"
            "N-base\n"
            "$EVENT:judkins-worker match\n"
            "$START_TIME:2026/12/03 12:34:56\n"
            "'variant shogi, time control 10+0.1\n"
            "PI\n"
            "+\n"
            "+7776FU\nT1\n"
            "-3334FU\nT2\n"
            "+8822UM\nT3\n"
            "-3122GI\nT4\n"
            "+0045KA\nT65\n"
            "%TORYO\n"
            "'sente wins: base resigned\n");
}

// White lets its clock run out after Black's first move.
GameRecord MinishogiGame() {
  return Record(Variant::kMinishogi, std::string(variants::Minishogi::kStartSfen), {{"5d5c", 0}},
                v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_TIME_FORFEIT, "base did not move in time");
}

TEST(KifFormatTest, AMinishogiGameDrawsItsBoard) {
  absl::StatusOr<std::string> kif = FormatKif(MinishogiGame());
  ASSERT_TRUE(kif.ok()) << kif.status();
  EXPECT_EQ(*kif,
            "# ---- judkins-worker match: minishogi ----\n"
            "開始日時：2026/12/03 12:34:56\n"
            "棋戦：judkins-worker match\n"
            "持ち時間：10+0.1\n"
            "先手：dev\n"
            "後手：base\n"
            "後手の持駒：なし\n"
            "  ５ ４ ３ ２ １\n"
            "+---------------+\n"
            "|v飛v角v銀v金v玉|一\n"
            "| ・ ・ ・ ・v歩|二\n"
            "| ・ ・ ・ ・ ・|三\n"
            "| 歩 ・ ・ ・ ・|四\n"
            "| 玉 金 銀 角 飛|五\n"
            "+---------------+\n"
            "先手の持駒：なし\n"
            "手数----指手---------消費時間--\n"
            "   1 ５三歩(54)   ( 0:00/00:00:00)\n"
            "   2 切れ負け   ( 0:00/00:00:00)\n"
            "*base did not move in time\n"
            "まで1手で先手の勝ち\n");
}

TEST(CsaFormatTest, AMinishogiGameWritesItsBoardAtItsOwnSize) {
  absl::StatusOr<std::string> csa = FormatCsa(MinishogiGame());
  ASSERT_TRUE(csa.ok()) << csa.status();
  EXPECT_EQ(*csa,
            "'CSA encoding=UTF-8\n"
            "V3.0\n"
            "N+dev\n"
            "N-base\n"
            "$EVENT:judkins-worker match\n"
            "$START_TIME:2026/12/03 12:34:56\n"
            "'variant minishogi, time control 10+0.1\n"
            "P1-HI-KA-GI-KI-OU\n"
            "P2 *  *  *  * -FU\n"
            "P3 *  *  *  *  * \n"
            "P4+FU *  *  *  * \n"
            "P5+OU+KI+GI+KA+HI\n"
            "+\n"
            "+5453FU\nT0\n"
            "%TIME_UP\n"
            "'sente wins: base did not move in time\n");
}

TEST(ShogiRecordFormatsTest, HandsAndWhiteToMoveAreWrittenAndARecordThatCannotReplayIsRefused) {
  // White to move with pieces in both hands: 18 pawns are 歩十八.
  const GameRecord hands = Record(Variant::kShogi, "4k4/9/9/9/9/9/9/9/4K4 w 2L18Pr 1", {}, v1::GAME_RESULT_DRAW,
                                  v1::TERMINATION_MAX_LENGTH, "maximum length");
  absl::StatusOr<std::string> kif = FormatKif(hands);
  ASSERT_TRUE(kif.ok()) << kif.status();
  EXPECT_NE(kif->find("後手の持駒：飛　\n"), std::string::npos) << *kif;
  EXPECT_NE(kif->find("先手の持駒：香二　歩十八　\n"), std::string::npos) << *kif;
  EXPECT_NE(kif->find("後手番\n"), std::string::npos) << *kif;
  EXPECT_NE(kif->find("まで0手で持将棋\n"), std::string::npos) << *kif;
  absl::StatusOr<std::string> csa = FormatCsa(hands);
  ASSERT_TRUE(csa.ok()) << csa.status();
  EXPECT_NE(csa->find("P+00KY00KY00FU"), std::string::npos) << *csa;
  EXPECT_NE(csa->find("P-00HI\n-\n%MAX_MOVES\n"), std::string::npos) << *csa;
  GameRecord broken = ShogiGame();
  broken.moves[1].usi = "3c3e";
  EXPECT_FALSE(FormatKif(broken).ok());
  EXPECT_FALSE(FormatCsa(broken).ok());
}

}  // namespace
}  // namespace judkins
