// Stored records (ours, PGN-style) converted for download: a game read back
// keeps what the shogi formats write (names, start time, each move's time,
// the ending), so a KIF or CSA file made from the store equals the one made
// from the game itself; CSA holds many games between "/" lines.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/civil_time.h"
#include "records/csa_format.h"
#include "records/game_record_format.h"
#include "records/kif_format.h"
#include "records/numbered_game.h"
#include "records/record_conversion.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

// Standard shogi from the start: 1.4 s, 2.5 s, 63.2 s; Black resigns.
GameRecord StoredGame() {
  GameRecord record;
  record.variant = Variant::kShogi;
  record.black = "dev";
  record.white = "Fairy \"quoted\" Stockfish";
  record.start_sfen = std::string(variants::Shogi::kStartSfen);
  record.time_control = "10+0.1";
  record.started = absl::FromCivil(absl::CivilSecond(2026, 12, 3, 21, 5, 9), absl::UTCTimeZone());
  record.moves = {{"7g7f", "P-7f", {.score_cp = 35, .depth = 12}, absl::Milliseconds(1400)},
                  {"3c3d", "P-3d", {.mate_plies = -5, .depth = 3}, absl::Milliseconds(2500)},
                  {"8h2b+", "Bx2b+", {}, absl::Milliseconds(63'200)}};
  record.result = v1::GAME_RESULT_WHITE_WINS;
  record.termination = v1::TERMINATION_RESIGNATION;
  record.reason = "dev resigned";
  record.pair_index = 6;
  record.game_in_pair = 1;
  record.opening_index = 41;
  return record;
}

TEST(RecordConversionTest, AStoredGameReadsBackWithItsNamesTimesReportsAndEnding) {
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(FormatGameRecord(StoredGame()));
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 1u);
  absl::StatusOr<GameRecord> game = GameOf((*parsed)[0]);
  ASSERT_TRUE(game.ok()) << game.status();
  const GameRecord expected = StoredGame();
  EXPECT_EQ(game->variant, Variant::kShogi);
  EXPECT_EQ(game->black, expected.black);
  EXPECT_EQ(game->white, expected.white);
  EXPECT_EQ(game->started, expected.started);
  EXPECT_EQ(game->time_control, "10+0.1");
  EXPECT_EQ(game->result, v1::GAME_RESULT_WHITE_WINS);
  EXPECT_EQ(game->termination, v1::TERMINATION_RESIGNATION);
  EXPECT_EQ(game->reason, "dev resigned");
  EXPECT_EQ(game->pair_index, 6);
  EXPECT_EQ(game->game_in_pair, 1);
  EXPECT_EQ(game->opening_index, 41);
  ASSERT_EQ(game->moves.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(game->moves[i].usi, expected.moves[i].usi) << i;
    EXPECT_EQ(game->moves[i].hodges, expected.moves[i].hodges) << i;
    EXPECT_EQ(game->moves[i].elapsed, expected.moves[i].elapsed) << i;
    EXPECT_EQ(game->moves[i].report.depth, expected.moves[i].report.depth) << i;
    EXPECT_EQ(game->moves[i].report.score_cp, expected.moves[i].report.score_cp) << i;
    EXPECT_EQ(game->moves[i].report.mate_plies, expected.moves[i].report.mate_plies) << i;
  }
}

TEST(RecordConversionTest, KifAndCsaFromTheStoreEqualThemFromTheGame) {
  const std::string stored = FormatGameRecord(StoredGame());
  absl::StatusOr<std::vector<std::string>> kif = ConvertRecords(stored, RecordFormat::kKif);
  absl::StatusOr<std::vector<std::string>> csa = ConvertRecords(stored, RecordFormat::kCsa);
  ASSERT_TRUE(kif.ok()) << kif.status();
  ASSERT_TRUE(csa.ok()) << csa.status();
  EXPECT_EQ(*kif, std::vector<std::string>{*FormatKif(StoredGame())});
  EXPECT_EQ(*csa, std::vector<std::string>{*FormatCsa(StoredGame())});
  EXPECT_THAT((*kif)[0], HasSubstr("   3 ２二角成(88)   ( 1:03/00:01:04)\n"));  // 1.4 + 63.2 s
  EXPECT_THAT((*csa)[0], HasSubstr("+8822UM\nT63\n%TORYO\n"));
}

TEST(RecordConversionTest, ManyGamesConvertInOrderAndCountWithoutBeingRead) {
  GameRecord second = StoredGame();
  second.moves.resize(1);
  second.black = "second";
  const std::string stored = FormatGameRecord(StoredGame()) + FormatGameRecord(second);
  EXPECT_EQ(CountGameRecords(stored), 2);
  EXPECT_EQ(CountGameRecords(""), 0);
  absl::StatusOr<std::vector<std::string>> csa = ConvertRecords(stored, RecordFormat::kCsa);
  ASSERT_TRUE(csa.ok()) << csa.status();
  ASSERT_EQ(csa->size(), 2u);
  EXPECT_THAT((*csa)[1], HasSubstr("N+second\n"));
  EXPECT_EQ(GameSeparator(RecordFormat::kCsa), "/\n");
  EXPECT_EQ(GameSeparator(RecordFormat::kPgn), "");
}

TEST(RecordConversionTest, FormatsAreNamedAndAnUnknownOneIsRefusedNamingTheChoices) {
  for (RecordFormat format : {RecordFormat::kPgn, RecordFormat::kKif, RecordFormat::kCsa})
    EXPECT_EQ(*ParseRecordFormat(RecordFormatName(format)), format);
  EXPECT_EQ(RecordFileSuffix(RecordFormat::kKif), ".kifu");
  EXPECT_FALSE(HoldsManyGames(RecordFormat::kKif));
  EXPECT_THAT(std::string(ParseRecordFormat("kifu").status().message()),
              HasSubstr("format must be pgn, kif or csa, not 'kifu'"));
}

TEST(RecordConversionTest, ARecordWrittenBeforeTheTimeTagStartsAtItsDatesMidnight) {
  std::string stored = FormatGameRecord(StoredGame());
  stored.erase(stored.find("[Time "), stored.find('\n', stored.find("[Time ")) - stored.find("[Time ") + 1);
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(stored);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  absl::StatusOr<GameRecord> game = GameOf((*parsed)[0]);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->started, absl::FromCivil(absl::CivilSecond(2026, 12, 3, 0, 0, 0), absl::UTCTimeZone()));
}

// Game N counts across batches as stored; only its batch is converted, and a
// game past the last leaves the count of what there is.
TEST(NumberedGameSearchTest, FindsGameNAcrossBatchesAndCountsWhenItIsNotThere) {
  auto named = [](const std::string& black) {
    GameRecord game = StoredGame();
    game.black = black;
    return FormatGameRecord(game);
  };
  const std::vector<std::string> batches = {named("one") + named("two"), named("three"), named("four") + named("five")};
  for (int n = 1; n <= 5; ++n) {
    NumberedGameSearch search(n, RecordFormat::kCsa);
    std::optional<std::string> found;
    int offered = 0;
    for (const std::string& batch : batches) {
      ++offered;
      absl::StatusOr<std::optional<std::string>> game = search.Offer(batch);
      ASSERT_TRUE(game.ok()) << game.status();
      if ((found = *game)) break;
    }
    ASSERT_TRUE(found.has_value()) << n;
    const char* names[] = {"one", "two", "three", "four", "five"};
    EXPECT_THAT(*found, HasSubstr(absl::StrCat("N+", names[n - 1], "\n"))) << n;
    EXPECT_EQ(offered, n <= 2 ? 1 : n == 3 ? 2 : 3) << n;
  }
  NumberedGameSearch past(6, RecordFormat::kKif);
  for (const std::string& batch : batches) EXPECT_EQ(*past.Offer(batch), std::nullopt);
  EXPECT_EQ(past.games_seen(), 5);
  // A batch whose count and readable games disagree is named, not misread.
  NumberedGameSearch broken(2, RecordFormat::kPgn);
  const std::string damaged = named("one") + "[Event \"judkins-worker match\"]\n";
  absl::StatusOr<std::optional<std::string>> game = broken.Offer(damaged);
  EXPECT_FALSE(game.ok());
}

}  // namespace
}  // namespace judkins
