// Matches between real engine processes: our engine, Fairy-Stockfish, and
// fixture engines that crash, hang, babble, cheat or dawdle.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>
#include <fstream>
#include <sstream>

#include <cstdlib>
#include <filesystem>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "common/read_file.h"
#include "common/valid_text.h"
#include "proto/contract.h"
#include "proto/convert/results.h"
#include "records/game_record_format.h"
#include "tests/support/match_play.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/test_data.h"
#include "worker/cli/match_command.h"
#include "worker/match/match_runner.h"

namespace judkins {
namespace {

const std::string kFixture = testing::FixturePath("misbehaving_engine.sh");
const std::string kBook = std::string(JUDKINS_SOURCE_DIR) + "/books/default.sfen";

using testing::ParseMatch;
using testing::PlayMatch;

TEST(MatchTest, SelfPlayAtFixedNodesCountsEveryGameAndWritesReadableRecords) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string records = scratch.path() + "/self_play.pgn";
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=dev", "--engine", "cmd=" JUDKINS_ENGINE_PATH,
                            "name=base", "option.Tempo=0", "--nodes", "3000", "--openings", "file=" + kBook,
                            "order=random", "--pairs", "6", "--concurrency", "2", "--records", records}));
  EXPECT_EQ(results.games(), 12u);
  EXPECT_EQ(PairCount(results.pentanomial()), 6u);
  EXPECT_EQ(results.wdl().wins() + results.wdl().draws() + results.wdl().losses(), 12u);
  EXPECT_EQ(results.black_wins() + results.white_wins() + results.draws(), 12u);
  ASSERT_EQ(results.games_played_size(), 12);
  for (const v1::GameOutcome& game : results.games_played()) {
    EXPECT_NE(game.termination(), v1::TERMINATION_CRASH);
    EXPECT_NE(game.termination(), v1::TERMINATION_ILLEGAL_MOVE);
    EXPECT_NE(game.termination(), v1::TERMINATION_TIME_FORFEIT);
  }
  std::ifstream in(records);
  std::stringstream text;
  text << in.rdbuf();
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(text.str());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 12u);
  for (const ParsedRecord& record : *parsed) {
    EXPECT_EQ(record.tags.at("Variant"), "judkins");
    EXPECT_THAT(record.tags.at("Black"), ::testing::AnyOf("dev", "base"));
    EXPECT_EQ(std::to_string(record.moves.size()), record.tags.at("PlyCount"));
    EXPECT_NE(record.result, v1::GAME_RESULT_UNSPECIFIED);
  }
}

TEST(MatchTest, ResultsDoNotDependOnConcurrency) {
  auto play = [](const std::string& concurrency) {
    return PlayMatch(ParseMatch({"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=a", "--engine",
                                 "cmd=" JUDKINS_ENGINE_PATH, "name=b", "option.PawnValue=80", "--nodes", "2000",
                                 "--openings", "file=" + kBook, "--pairs", "4", "--concurrency", concurrency}));
  };
  const v1::MatchResults one = play("1");
  ASSERT_EQ(one.games_played_size(), 8);
  // With 8 slots, every game of every pair at once.
  for (const std::string concurrency : {"2", "8"}) {
    const v1::MatchResults many = play(concurrency);
    ASSERT_EQ(many.games_played_size(), 8);
    for (int i = 0; i < 8; ++i) {
      SCOPED_TRACE(absl::StrCat("concurrency ", concurrency, ", game ", i, ": ", one.games_played(i).reason(), " / ",
                                many.games_played(i).reason()));
      EXPECT_EQ(one.games_played(i).result(), many.games_played(i).result());
      EXPECT_EQ(one.games_played(i).termination(), many.games_played(i).termination());
      EXPECT_EQ(one.games_played(i).plies(), many.games_played(i).plies());
    }
    EXPECT_EQ(one.pentanomial().SerializeAsString(), many.pentanomial().SerializeAsString()) << concurrency;
  }
}

// A pair's two games are handed out one by one: with two slots, a one-pair
// match plays both at once (each slot starts its own engines), and a match's
// last games keep every slot busy.
TEST(MatchTest, TheTwoGamesOfAPairArePlayedOnTwoSlotsAtOnce) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string starts = scratch.path() + "/starts.txt";
  const std::string counted_engine = absl::StrCat("echo started >> ", starts, "; exec ", JUDKINS_ENGINE_PATH);
  MatchSettings settings = ParseMatch({"--engine", "cmd=/bin/sh", "arg=-c", "arg=" + counted_engine, "name=a",
                                       "--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=b", "--nodes", "3000", "--pairs",
                                       "1", "--concurrency", "2", "--records", scratch.path() + "/games.txt"});
  const v1::MatchResults results = PlayMatch(settings);
  EXPECT_EQ(results.games_played_size(), 2);
  EXPECT_EQ(results.games(), 2u);
  absl::StatusOr<std::string> started = ReadFile(starts);
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(*started, "started\nstarted\n");
  absl::StatusOr<std::string> records = ReadFile(scratch.path() + "/games.txt");
  ASSERT_TRUE(records.ok()) << records.status();
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(*records);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ(parsed->at(0).tags.at("Black"), "a");  // the pair's games in order, however they finished
  EXPECT_EQ(parsed->at(1).tags.at("Black"), "b");
}

struct Misbehaviour {
  const char* mode;
  v1::Termination termination;
  const char* time_control;
  const char* value;
};

void PrintTo(const Misbehaviour& m, std::ostream* out) { *out << m.mode; }

class MisbehavingEngineTest : public ::testing::TestWithParam<Misbehaviour> {};

TEST_P(MisbehavingEngineTest, LosesEveryGameWithTheRightReasonWhileTheMatchGoesOn) {
  const Misbehaviour& m = GetParam();
  testing::ScratchDirectory scratch(absl::StrCat("misbehaving-", m.mode));
  const std::string records = scratch.path() + "/records.pgn";
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--engine", "cmd=" + kFixture, std::string("arg=") + m.mode, "name=fixture", "--engine",
                            "cmd=" JUDKINS_ENGINE_PATH, "name=judkins", std::string("--") + m.time_control, m.value,
                            "--hang-timeout", "1", "--margin", "200", "--pairs", "2", "--records", records}));
  ASSERT_EQ(results.games(), 4u) << "every game is played to an end";
  EXPECT_EQ(results.wdl().losses(), 4u);
  for (const v1::GameOutcome& game : results.games_played()) {
    EXPECT_EQ(game.termination(), m.termination) << game.reason();
    EXPECT_THAT(game.reason(), ::testing::HasSubstr("fixture"));
    // A loss on time says what the clock allowed (0.2 s a move, 0.2 s margin).
    if (m.termination == v1::TERMINATION_TIME_FORFEIT)
      EXPECT_THAT(game.reason(), ::testing::HasSubstr("400ms its clock allowed"));
    EXPECT_TRUE(IsValidText(game.reason())) << game.reason();
    // However much it said, the reason quotes a bounded part of it.
    EXPECT_LE(game.reason().size(), contract::kMaxGameReasonBytes);
  }
  // What the engine printed reached the results and the records only as
  // valid text: both read back, as a worker's spool and the coordinator must.
  v1::MatchResults read_back;
  EXPECT_TRUE(read_back.ParseFromString(results.SerializeAsString()));
  absl::StatusOr<std::string> text = ReadFile(records);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_TRUE(IsValidText(absl::StrReplaceAll(*text, {{"\n", ""}})));
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(*text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->size(), 4u);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, MisbehavingEngineTest,
                         ::testing::Values(Misbehaviour{"crash", v1::TERMINATION_CRASH, "nodes", "1000"},
                                           Misbehaviour{"hang", v1::TERMINATION_UNRESPONSIVE, "nodes", "1000"},
                                           Misbehaviour{"garbage", v1::TERMINATION_ILLEGAL_MOVE, "nodes", "1000"},
                                           Misbehaviour{"illegal", v1::TERMINATION_ILLEGAL_MOVE, "nodes", "1000"},
                                           Misbehaviour{"slow", v1::TERMINATION_TIME_FORFEIT, "movetime", "0.2"},
                                           Misbehaviour{"not-utf8", v1::TERMINATION_ILLEGAL_MOVE, "nodes", "1000"},
                                           Misbehaviour{"nul", v1::TERMINATION_ILLEGAL_MOVE, "nodes", "1000"},
                                           Misbehaviour{"endless-line", v1::TERMINATION_ILLEGAL_MOVE, "nodes", "1000"},
                                           Misbehaviour{"long-bestmove", v1::TERMINATION_ILLEGAL_MOVE, "nodes",
                                                        "1000"}),
                         [](const auto& info) {
                           return absl::StrReplaceAll(info.param.mode, {{"-", "_"}});
                         });

TEST(EngineProcessTest, ALineWithoutEndIsCutOffAtTheBoundNotBuffered) {
  absl::StatusOr<std::unique_ptr<EngineProcess>> process =
      EngineProcess::Start({.argv = {"/bin/sh", "-c", "head -c 10000000 /dev/zero | tr '\\0' x; sleep 100"}});
  ASSERT_TRUE(process.ok()) << process.status();
  absl::StatusOr<std::string> line = (*process)->ReadLine(absl::Now() + absl::Seconds(20));
  EXPECT_TRUE(absl::IsDataLoss(line.status())) << line.status();
  EXPECT_THAT(std::string(line.status().message()), ::testing::HasSubstr(absl::StrCat("longer than ", kMaxLineBytes)));
}

// Lines sent in one write come back one by one, whole, however the reads cut
// them: a long line spans many reads, short ones share one.
TEST(EngineProcessTest, LinesWrittenTogetherAreReadBackWholeAndInOrder) {
  absl::StatusOr<std::unique_ptr<EngineProcess>> echo = EngineProcess::Start({.argv = {"cat"}});
  ASSERT_TRUE(echo.ok()) << echo.status();
  const std::string long_line(kMaxLineBytes - 1, 'x');
  for (int round = 0; round < 3; ++round) {
    ASSERT_TRUE((*echo)->WriteLines({"first", "", long_line, "last\r"}).ok());
    for (const std::string& expected : {std::string("first"), std::string(), long_line, std::string("last")}) {
      absl::StatusOr<std::string> line = (*echo)->ReadLine(absl::Now() + absl::Seconds(10));
      ASSERT_TRUE(line.ok()) << line.status();
      EXPECT_EQ(*line, expected) << "round " << round;
    }
  }
}

// Stop closes the input and waits out the grace for an exit: a process that
// ends when its input does keeps its own exit status, one that does not is
// killed once the grace is over.
TEST(EngineProcessTest, ALastLineWithoutNewlineIsReadOnceThenTheEndOfOutput) {
  absl::StatusOr<std::unique_ptr<EngineProcess>> process =
      EngineProcess::Start({.argv = {"printf", "whole\\npartial"}});
  ASSERT_TRUE(process.ok()) << process.status();
  for (const char* expected : {"whole", "partial"}) {
    absl::StatusOr<absl::string_view> line = (*process)->NextLine(absl::Now() + absl::Seconds(10));
    ASSERT_TRUE(line.ok()) << line.status();
    EXPECT_EQ(*line, expected);
  }
  EXPECT_TRUE(absl::IsUnavailable((*process)->NextLine(absl::Now() + absl::Seconds(10)).status()));
}

TEST(EngineProcessTest, StopWaitsForAnExitWithinTheGraceAndKillsAfterIt) {
  absl::StatusOr<std::unique_ptr<EngineProcess>> polite =
      EngineProcess::Start({.argv = {"/bin/sh", "-c", "cat > /dev/null; sleep 0.2; exit 7"}});
  ASSERT_TRUE(polite.ok()) << polite.status();
  const int polite_status = (*polite)->Stop(absl::Seconds(30));
  EXPECT_TRUE(WIFEXITED(polite_status) && WEXITSTATUS(polite_status) == 7) << polite_status;

  absl::StatusOr<std::unique_ptr<EngineProcess>> deaf = EngineProcess::Start({.argv = {"sleep", "1000"}});
  ASSERT_TRUE(deaf.ok()) << deaf.status();
  const int deaf_status = (*deaf)->Stop(absl::Milliseconds(100));
  EXPECT_TRUE(WIFSIGNALED(deaf_status) && WTERMSIG(deaf_status) == SIGKILL) << deaf_status;
}

TEST(EngineProcessTest, AnEngineStartsWithAMinimalEnvironmentInItsOwnDirectory) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string& directory = scratch.path();
  setenv("JUDKINS_ADMIN_TOKEN", "admin-token-an-engine-must-not-see", 1);
  UsiEngine engine({.name = "snoop", .command = {kFixture, "environment"}, .working_directory = directory});
  ASSERT_TRUE(engine.NewGame().ok());
  EXPECT_FALSE(engine.Think("position startpos", "go nodes 1", absl::Now() + absl::Seconds(10)).ok());
  unsetenv("JUDKINS_ADMIN_TOKEN");
  absl::StatusOr<std::string> seen = ReadFile(directory + "/environment.txt");
  ASSERT_TRUE(seen.ok()) << seen.status();
  EXPECT_THAT(*seen, ::testing::Not(::testing::HasSubstr("JUDKINS")));
  EXPECT_THAT(*seen, ::testing::HasSubstr("PWD_IS=" + directory));
  EXPECT_THAT(*seen, ::testing::HasSubstr("HOME=" + directory));
  for (absl::string_view variable : absl::StrSplit(*seen, '\n', absl::SkipEmpty())) {
    const absl::string_view name = variable.substr(0, variable.find('='));
    // The shell running the fixture adds a few of its own.
    EXPECT_THAT(std::string(name), ::testing::AnyOf("PATH", "LC_ALL", "HOME", "PWD", "SHLVL", "_", "OLDPWD", "PWD_IS"))
        << variable;
  }
}

// The runner's own files (the records of the batch) are not the engine's to
// write: it starts with its standard input, output and error alone.
TEST(MatchTest, AnEngineInheritsNoDescriptorButItsStandardThree) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string records = scratch.path() + "/records.pgn";
  PlayMatch(
      ParseMatch({"--engine", "cmd=" + kFixture, "arg=descriptors", "name=fixture", "dir=" + scratch.path(), "--engine",
                  "cmd=" JUDKINS_ENGINE_PATH, "name=judkins", "--nodes", "100", "--pairs", "1", "--records", records}));
  absl::StatusOr<std::string> seen = ReadFile(scratch.path() + "/descriptors.txt");
  ASSERT_TRUE(seen.ok()) << seen.status();
  for (absl::string_view line : absl::StrSplit(*seen, '\n', absl::SkipEmpty())) {
    const size_t arrow = line.find(" -> ");
    if (arrow == absl::string_view::npos) continue;  // "total 0"
    const absl::string_view fd = line.substr(line.rfind(' ', arrow - 1) + 1, arrow - line.rfind(' ', arrow - 1) - 1);
    // Bash keeps its script open on a descriptor of its own (255).
    EXPECT_THAT(std::string(fd), ::testing::AnyOf("0", "1", "2", "255")) << line;
    EXPECT_THAT(std::string(line), ::testing::Not(::testing::HasSubstr("records.pgn")));
  }
}

// A chatty engine's stderr keeps its first and its latest output within a
// bound, however much it writes.
TEST(EngineProcessTest, AnEnginesStderrLogKeepsItsHeadAndTailWithinABound) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string log = scratch.path() + "/engine.stderr";
  constexpr int kLines = 2'000'000;  // about 15 MB
  absl::StatusOr<std::unique_ptr<EngineProcess>> chatty =
      EngineProcess::Start({.argv = {"/bin/sh", "-c", absl::StrCat("seq 1 ", kLines, " >&2")}, .stderr_path = log});
  ASSERT_TRUE(chatty.ok()) << chatty.status();
  (*chatty)->Stop(absl::Seconds(60));
  const StderrLimits limits;
  uintmax_t total = 0;
  for (const std::string& suffix : {"", ".tail", ".tail.1"})
    if (std::filesystem::exists(log + suffix)) total += std::filesystem::file_size(log + suffix);
  EXPECT_LE(total, limits.head_bytes + 2 * limits.tail_bytes + (64 << 10));
  absl::StatusOr<std::string> head = ReadFile(log);
  ASSERT_TRUE(head.ok()) << head.status();
  EXPECT_TRUE(absl::StartsWith(*head, "1\n2\n3\n"));
  EXPECT_THAT(*head, ::testing::HasSubstr("the latest output is in"));
  // The latest output: the rotated tail, then the tail (empty if just rotated).
  const std::string tail = ReadFile(log + ".tail.1").value_or("") + ReadFile(log + ".tail").value_or("");
  EXPECT_TRUE(absl::EndsWith(tail, absl::StrCat(kLines - 1, "\n", kLines, "\n"))) << tail.substr(tail.size() - 40);
}

TEST(EngineProcessTest, AHeadFilledExactlyStillSaysWhereTheRestWent) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string log = scratch.path() + "/engine.stderr";
  // Ten bytes fill the head to its bound in one write; the rest comes later.
  absl::StatusOr<std::unique_ptr<EngineProcess>> engine =
      EngineProcess::Start({.argv = {"/bin/sh", "-c", "printf '123456789\\n' >&2; sleep 0.3; echo more >&2"},
                            .stderr_path = log,
                            .stderr_limits = {.head_bytes = 10, .tail_bytes = 1 << 20}});
  ASSERT_TRUE(engine.ok()) << engine.status();
  (*engine)->Stop(absl::Seconds(10));
  absl::StatusOr<std::string> head = ReadFile(log);
  ASSERT_TRUE(head.ok()) << head.status();
  EXPECT_TRUE(absl::StartsWith(*head, "123456789\n")) << *head;
  EXPECT_THAT(*head, ::testing::HasSubstr("the latest output is in"));
  EXPECT_EQ(ReadFile(log + ".tail").value_or(""), "more\n");
}

TEST(MatchTest, PlaysFairyStockfish) {
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=judkins", "--engine",
                            "cmd=/usr/games/fairy-stockfish", "name=fairy-stockfish", "option.UCI_Variant=judkins",
                            "--nodes", "5000", "--openings", "file=" + kBook, "--pairs", "2", "--concurrency", "2"}));
  ASSERT_EQ(results.games(), 4u);
  for (const v1::GameOutcome& game : results.games_played()) {
    EXPECT_THAT(game.termination(),
                ::testing::AnyOf(v1::TERMINATION_CHECKMATE, v1::TERMINATION_RESIGNATION, v1::TERMINATION_REPETITION,
                                 v1::TERMINATION_PERPETUAL_CHECK, v1::TERMINATION_NO_LEGAL_MOVES,
                                 v1::TERMINATION_IMPASSE, v1::TERMINATION_MAX_LENGTH))
        << game.reason();
  }
}

TEST(MatchTest, SprtStopsAMatchBetweenClearlyUnequalEngines) {
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=deep", "depth=4", "--engine",
                            "cmd=" JUDKINS_ENGINE_PATH, "name=shallow", "depth=1", "--openings", "file=" + kBook,
                            "order=random", "--pairs", "500", "--concurrency", "2", "--sprt", "elo0=0", "elo1=30"}));
  EXPECT_EQ(results.stats().state(), "accepted");
  EXPECT_EQ(results.stopped_because(), "sprt accepted");
  EXPECT_LT(results.games(), 1000u);
  EXPECT_GT(results.stats().elo(), 100);
}

TEST(MatchTest, AdjudicatesOnTheEnginesScores) {
  // Both engines agree one side is lost by 5 pawns for 2 moves each: resign.
  const v1::MatchResults resign = PlayMatch(ParseMatch(
      {"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=deep", "depth=4", "--engine", "cmd=" JUDKINS_ENGINE_PATH,
       "name=shallow", "depth=2", "--openings", "file=" + kBook, "--pairs", "4", "--resign", "score=500", "moves=2"}));
  int adjudicated = 0;
  for (const v1::GameOutcome& game : resign.games_played()) {
    if (game.termination() != v1::TERMINATION_ADJUDICATED_RESIGN) continue;
    ++adjudicated;
    EXPECT_NE(game.result(), v1::GAME_RESULT_DRAW);
  }
  EXPECT_GT(adjudicated, 0);
  // Any score within 10000 from move 1 on, for one move each: every game is a draw at once.
  const v1::MatchResults draw =
      PlayMatch(ParseMatch({"--engine", "cmd=" JUDKINS_ENGINE_PATH, "--engine", "cmd=" JUDKINS_ENGINE_PATH, "--nodes",
                            "500", "--pairs", "2", "--draw", "score=10000", "moves=1", "from=1"}));
  ASSERT_EQ(draw.games_played_size(), 4);
  for (const v1::GameOutcome& game : draw.games_played()) {
    EXPECT_EQ(game.termination(), v1::TERMINATION_ADJUDICATED_DRAW);
    EXPECT_EQ(game.plies(), 2u);
  }
}

TEST(MatchCommandTest, RejectsBadCommandLinesWithTheirReason) {
  const std::pair<std::vector<std::string>, const char*> cases[] = {
      {{"--engine", "cmd=x"}, "two --engine groups"},
      {{"--engine", "cmd=x", "--engine", "name=y", "--nodes", "5"}, "needs cmd=PROGRAM"},
      {{"--engine", "cmd=x", "--engine", "cmd=y"}, "give a time control"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--tc", "fast"}, "BASE+EXTRA"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--tc", "10+0.1", "--nodes", "5"}, "give only one of"},
      {{"--engine", "cmd=x", "bogus", "--engine", "cmd=y", "--nodes", "5"}, "expected key=value"},
      {{"--engine", "cmd=x", "colour=red", "--engine", "cmd=y", "--nodes", "5"}, "unknown key 'colour'"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "5", "--games", "3"}, "must be even"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "5", "--sprt", "elo0=5", "elo1=0"},
       "elo0: must be below elo1"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "5", "--sprt", "elo0=0x10", "elo1=20"},
       "'0x10' is not a number"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "5", "--sprt", "elo0=0", "elo1=1e308"},
       "elo1: a number from -200 to 200"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "5", "--openings", "file=/no/such/book"},
       "cannot read opening book"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "0"}, "positive integer"},
      {{"--engine", "cmd=x", "--engine", "cmd=y", "--nodes", "5", "--fly"}, "not expected: --fly"},
      {{"stray", "--engine", "cmd=x"}, "not expected: stray"}};
  for (const auto& [words, reason] : cases) {
    absl::StatusOr<MatchPlan> command = ParseMatchCommand(words);
    ASSERT_FALSE(command.ok()) << reason;
    EXPECT_THAT(std::string(command.status().message()), ::testing::HasSubstr(reason));
  }
}

// `judkins-worker match` refuses such an engine before its first game
// (program_path_test.cc); the runner itself, as a worker's daemon drives it,
// scores each of its games as lost by a crash.
TEST(MatchTest, AnEngineThatCannotStartLosesItsGamesInTheRunner) {
  const v1::MatchResults results =
      PlayMatch(ParseMatch({"--engine", "cmd=/no/such/engine", "name=ghost", "--engine", "cmd=" JUDKINS_ENGINE_PATH,
                            "--nodes", "100", "--pairs", "1"}));
  ASSERT_EQ(results.games(), 2u);
  EXPECT_EQ(results.wdl().losses(), 2u);
  EXPECT_EQ(results.games_played(0).termination(), v1::TERMINATION_CRASH);
}

TEST(MatchCommandTest, AnOptionTheEngineDoesNotListIsRefusedNotIgnored) {
  UsiEngine engine({.name = "judkins-engine",
                    .command = {JUDKINS_ENGINE_PATH},
                    .options = {{"PawnValue", "90"}, {"Pawnvalue", "91"}}});
  EXPECT_TRUE(engine.NewGame().ok());  // option names are case-insensitive
  UsiEngine misspelled({.name = "judkins-engine",
                        .command = {JUDKINS_ENGINE_PATH},
                        .options = {{"PawnValu", "90"}, {"USI_Ponder", "false"}}});
  EXPECT_EQ(misspelled.NewGame().message(), "judkins-engine has no option 'PawnValu'");
}

}  // namespace
}  // namespace judkins
