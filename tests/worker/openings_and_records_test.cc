#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/rules/edition.h"
#include "records/game_record_format.h"
#include "worker/match/game_clock.h"
#include "worker/match/openings.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

TEST(OpeningBookTest, DefaultBookHasFourHundredDistinctPlayablePositions) {
  absl::StatusOr<OpeningBook> book =
      OpeningBook::Load(std::string(JUDKINS_SOURCE_DIR) + "/books/default.sfen", Variant::kJudkins);
  ASSERT_TRUE(book.ok()) << book.status();
  EXPECT_GE(book->size(), 400);
  std::set<std::string> positions;
  for (int i = 0; i < book->size(); ++i) {
    const Position pos = (*book)[i].StartPosition<variants::Judkins>();
    positions.insert(pos.ToSfen().substr(0, pos.ToSfen().rfind(' ')));
  }
  EXPECT_EQ(int(positions.size()), book->size());
}

TEST(OpeningBookTest, BadLinesAreRejectedWithTheirLineNumber) {
  EXPECT_THAT(
      std::string(OpeningBook::Parse("startpos\nrbnsgk/5p/6 b - 1\n", "book", Variant::kJudkins).status().message()),
      HasSubstr("book:2: bad SFEN"));
  EXPECT_THAT(
      std::string(
          OpeningBook::Parse("# c\nstartpos moves 6e6d 6d6c 6c6b\n", "book", Variant::kJudkins).status().message()),
      HasSubstr("book:2: bad move '6d6c'"));
  EXPECT_THAT(std::string(OpeningBook::Parse("# only comments\n", "book", Variant::kJudkins).status().message()),
              HasSubstr("no openings"));
  EXPECT_FALSE(OpeningBook::Load("/no/such/file", Variant::kJudkins).ok());
}

TEST(OpeningBookTest, OrderIsSequentialOrAShuffleOfTheWholeBook) {
  EXPECT_EQ(OpeningOrder(3, 5, false, 1), (std::vector<int>{0, 1, 2, 0, 1}));
  std::vector<int> shuffled = OpeningOrder(10, 10, true, 7);
  EXPECT_EQ(std::set<int>(shuffled.begin(), shuffled.end()).size(), 10u);
  EXPECT_EQ(OpeningOrder(10, 10, true, 7), shuffled);
}

TEST(TimeControlTest, ParsesAndRejects) {
  EXPECT_EQ(TimeControl::Fischer("10+0.1")->Label(), "10+0.1");
  EXPECT_EQ(TimeControl::Byoyomi("0+1")->Label(), "0 byoyomi 1");
  EXPECT_THAT(std::string(TimeControl::Fischer("10").status().message()), HasSubstr("BASE+EXTRA"));
  EXPECT_THAT(std::string(TimeControl::Fischer("x+1").status().message()), HasSubstr("not a number of seconds"));
  EXPECT_THAT(std::string(TimeControl::Fischer("0+1").status().message()), HasSubstr("positive base"));
  EXPECT_FALSE(TimeControl::Nodes("-3").ok());
  EXPECT_FALSE(TimeControl::Depth("0").ok());
  EXPECT_FALSE(TimeControl::Movetime("0").ok());
}

TEST(GameClockTest, ChargesTimeAndDetectsForfeits) {
  const TimeControl fischer = *TimeControl::Fischer("1+0.1");
  GameClock clock({fischer, fischer}, absl::Milliseconds(50));
  EXPECT_EQ(clock.GoCommand(kBlack), "go btime 1000 wtime 1000 binc 100 winc 100");
  GameClock uneven({fischer, *TimeControl::Fischer("5+0.2")}, absl::ZeroDuration());
  EXPECT_EQ(uneven.GoCommand(kBlack), "go btime 1000 wtime 5000 binc 100 winc 200");
  // For engines that read the fields the other way round (Fairy-Stockfish 11.1 in USI mode).
  EXPECT_EQ(uneven.GoCommand(kBlack, true), "go btime 5000 wtime 1000 binc 200 winc 100");
  EXPECT_TRUE(clock.Charge(kBlack, absl::Milliseconds(300)));
  EXPECT_EQ(clock.remaining(kBlack), absl::Milliseconds(800));
  EXPECT_FALSE(clock.Charge(kWhite, absl::Milliseconds(1100)));
  const TimeControl byoyomi = *TimeControl::Byoyomi("0+1");
  GameClock byo({byoyomi, *TimeControl::Nodes("100")}, absl::ZeroDuration());
  EXPECT_EQ(byo.GoCommand(kBlack), "go btime 0 wtime 0 byoyomi 1000");
  EXPECT_EQ(byo.GoCommand(kWhite), "go nodes 100");
  EXPECT_TRUE(byo.Charge(kBlack, absl::Milliseconds(900)));
  EXPECT_FALSE(byo.Charge(kBlack, absl::Milliseconds(1100)));
  EXPECT_TRUE(byo.Charge(kWhite, absl::Hours(1)));  // untimed
}

TEST(GameRecordTest, RoundTripsAndRejectsIllegalMoves) {
  GameRecord record;
  record.black = "a \"quoted\" name";
  record.white = "b";
  record.start_sfen = std::string(HandicapSfen(Handicap::kBishop));  // White moves first
  record.time_control = "nodes 10";
  record.started = absl::FromUnixSeconds(1800000000);
  for (const char* move : {"1b1c", "6e6d", "3a2b"}) record.moves.push_back({move, "?", {}, absl::Milliseconds(5)});
  record.result = v1::GAME_RESULT_DRAW;
  record.termination = v1::TERMINATION_ADJUDICATED_DRAW;
  const std::string text = FormatGameRecord(record);
  EXPECT_THAT(text, HasSubstr("1... 1b1c"));
  EXPECT_THAT(text, HasSubstr("2. 6e6d"));
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(text + text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[0].tags.at("Black"), record.black);
  EXPECT_EQ((*parsed)[0].moves, (std::vector<std::string>{"1b1c", "6e6d", "3a2b"}));
  EXPECT_EQ((*parsed)[0].result, v1::GAME_RESULT_DRAW);
  std::string bad = text;
  bad.replace(bad.find("6e6d"), 4, "6e6a");
  EXPECT_THAT(std::string(ParseGameRecords(bad).status().message()), HasSubstr("bad move '6e6a'"));
  EXPECT_THAT(std::string(ParseGameRecords("[Event \"x\"]\n1. 6e6d").status().message()), HasSubstr("missing result"));
}

TEST(GameRecordTest, CommentsGiveScoreDepthAndTimeOfEachMove) {
  GameRecord record;
  record.start_sfen = std::string(kStartSfen);
  record.started = absl::FromUnixSeconds(1800000000);
  const auto played = [](std::optional<int> cp, std::optional<int> mate, int depth, absl::Duration elapsed) {
    return PlayedMove{"", "H", {.score_cp = cp, .mate_plies = mate, .depth = depth}, elapsed};
  };
  record.moves = {played(35, {}, 7, absl::Milliseconds(5)),      played(-5, {}, 0, absl::Nanoseconds(1234567)),
                  played(0, {}, 1, absl::Microseconds(1500)),    played(12345, {}, 12, absl::Nanoseconds(2999600000)),
                  played({}, -3, 9, absl::ZeroDuration()),       played({}, {}, 0, absl::Seconds(61)),
                  played(-250, {}, 3, absl::Nanoseconds(499999))};
  const char* usi[] = {"2f4d", "5a3c", "1f2f", "3c4d", "3f4d", "6a6b", "4d3c"};
  for (size_t i = 0; i < record.moves.size(); ++i) record.moves[i].usi = usi[i];
  const std::string text = FormatGameRecord(record);
  for (const char* comment : {"{H +0.35/7 0.005s}", "{H -0.05 0.001s}", "{H +0.00/1 0.002s}", "{H +123.45/12 3.000s}",
                              "{H M-3/9 0.000s}", "{H 61.000s}", "{H -2.50/3 0.000s}"})
    EXPECT_THAT(text, HasSubstr(comment));
}

}  // namespace
}  // namespace judkins
