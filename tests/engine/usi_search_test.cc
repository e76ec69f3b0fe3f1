// The engine binary in a scripted USI conversation, as a GUI or the worker would hold it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "tests/support/mate_solver.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/test_data.h"
#include "tests/support/usi_session.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;
using testing::UsiSession;

std::string BestMove(const std::vector<std::string>& lines) {
  std::vector<absl::string_view> words = absl::StrSplit(lines.back(), ' ');
  return words.size() > 1 ? std::string(words[1]) : "";
}

// The score field of the last info line: "cp 12" or "mate 3".
std::string LastScore(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it)
    if (const size_t at = it->find(" score "); at != std::string::npos) {
      const std::string rest = it->substr(at + 7);
      std::vector<absl::string_view> words = absl::StrSplit(rest, ' ');
      return absl::StrCat(words[0], " ", words[1]);
    }
  return "";
}

// A weight's spec. Tests set weights from its bounds, never from literals: each
// fit moves a value's default, and its bounds with it (a third to twice the default).
const ParamSpec& SpecNamed(absl::string_view name) {
  const int slot = FindParam(name);
  if (slot < 0) {
    ADD_FAILURE() << "no parameter named " << name;
    std::abort();  // a test that names a weight the registry lacks cannot go on
  }
  return ParamRegistry()[slot];
}

TEST(EngineUsiTest, ListsEveryOption) {
  UsiSession engine;
  engine.Send("usi");
  const auto lines = engine.ReadUntil("usiok");
  const std::string all = absl::StrJoin(lines, "\n");
  EXPECT_THAT(all, HasSubstr("option name Hash type spin default 16"));
  EXPECT_THAT(all, HasSubstr("option name USI_Ponder type check"));
  for (const ParamSpec& spec : ParamRegistry()) {
    if (spec.name.empty()) continue;
    EXPECT_THAT(all, HasSubstr(absl::StrCat("option name ", spec.name, " type spin default ", spec.default_value,
                                            " min ", spec.min, " max ", spec.max)));
  }
}

TEST(EngineUsiTest, PlaysALegalMoveInManyPositions) {
  UsiSession engine;
  engine.Send("setoption name UCI_Variant value judkins");
  const auto rows = testing::ReadTsv("legal-public.tsv");
  for (size_t i = 0; i < rows.size(); i += 25) {
    engine.Send("position sfen " + rows[i][0]);
    engine.Send("go nodes 3000");
    const std::string move = BestMove(engine.ReadUntil("bestmove"));
    const Position pos = *Position::FromSfen(rows[i][0]);
    if (rows[i].size() < 2 || rows[i][1].empty()) {
      EXPECT_EQ(move, "resign") << rows[i][0];
    } else {
      EXPECT_TRUE(ParseUsiMove(pos, move).ok()) << rows[i][0] << " " << move;
    }
  }
}

// A search cut short (a tiny node budget, or stop right after go) still
// answers with a legal move of the current position, never a stale one.
TEST(EngineUsiTest, ShortSearchesStillPlayLegalMoves) {
  UsiSession engine;
  const auto rows = testing::ReadTsv("legal-public.tsv");
  for (size_t i = 0; i < rows.size(); i += 10) {
    if (rows[i].size() < 2 || rows[i][1].empty()) continue;
    const Position pos = *Position::FromSfen(rows[i][0]);
    engine.Send("position sfen " + rows[i][0]);
    engine.Send(i % 20 == 0 ? "go nodes 1" : "go infinite\nstop");
    const std::string move = BestMove(engine.ReadUntil("bestmove"));
    EXPECT_TRUE(ParseUsiMove(pos, move).ok()) << rows[i][0] << " " << move;
  }
}

struct MateCase {
  const char* sfen;
  int moves;
};

class EngineMateTest : public ::testing::TestWithParam<MateCase> {};

// The engine must report a mate no longer than the checks-only one (a quiet
// first move may mate sooner), play a move after which every defence loses
// to a forced mate, and no shorter mate may exist (full-width checks).
TEST_P(EngineMateTest, FindsTheMate) {
  UsiSession engine;
  engine.Send(absl::StrCat("position sfen ", GetParam().sfen));
  engine.Send("go depth 9");
  const auto lines = engine.ReadUntil("bestmove");
  const std::string score = LastScore(lines);
  int plies = 0;
  ASSERT_TRUE(absl::StartsWith(score, "mate ") && absl::SimpleAtoi(score.substr(5), &plies)) << score;
  ASSERT_TRUE(plies % 2 == 1 && plies <= 2 * GetParam().moves - 1) << score;
  const int moves = (plies + 1) / 2;
  Position pos = *Position::FromSfen(GetParam().sfen);
  EXPECT_FALSE(testing::ForcedMate(pos, moves - 1)) << "a shorter mate exists";
  absl::StatusOr<Move> move = ParseUsiMove(pos, BestMove(lines));
  ASSERT_TRUE(move.ok()) << move.status();
  pos.DoMove(*move);
  for (Move defence : MoveList(pos)) {
    pos.DoMove(defence);
    EXPECT_TRUE(testing::ForcedMate(pos, moves - 1)) << MoveToUsi(defence);
    pos.UndoMove();
  }
}

// Found by tests/support/mate_solver.h on random playouts; each is the
// shortest checks-only mate of its length.
INSTANTIATE_TEST_SUITE_P(Positions, EngineMateTest,
                         ::testing::Values(MateCase{"1rn2k/3sg1/4bp/6/P3R1/KGSN2 w B 22", 1},
                                           MateCase{"1bns1k/6/r1b2p/P3N1/6/KGS1R1 b G 13", 1},
                                           MateCase{"4k1/2b1Bp/2K3/PR4/2+n3/G2N2 b RGSs 57", 1},
                                           MateCase{"2n3/1Bg1r1/4ks/1KR1N1/P2G2/B1S3 b P 33", 2},
                                           MateCase{"1B3k/3s1p/Bn4/6/P2gR1/KGSN2 b R 15", 2},
                                           MateCase{"4k1/2s2p/3nG1/P1+R3/K1G3/1SbNB1 b R 35", 2},
                                           MateCase{"2+N3/6/1r1nk1/PPS1g1/3+BsB/K1G3 b R 51", 3},
                                           MateCase{"r5/k3s1/3+R2/2NG2/PP3b/KGS1B1 b N 19", 3},
                                           MateCase{"1+B2k1/5p/1sgnr1/PG3B/6/K1SNR1 b - 25", 3}));

TEST(EngineUsiTest, MatedSideResignsAndAWonImpasseIsClaimed) {
  UsiSession engine;
  engine.Send("position sfen 5k/6/4G1/6/6/K5 b G 1 moves G*1b");
  engine.Send("go depth 3");
  EXPECT_EQ(engine.ReadUntil("bestmove").back(), "bestmove resign");
  engine.Send("position sfen 1K4/6/6/6/6/4k1 b 2R2BGg2s2n2p 1");
  engine.Send("go depth 3");
  EXPECT_EQ(engine.ReadUntil("bestmove").back(), "bestmove win");
}

TEST(EngineUsiTest, StopEndsAnInfiniteSearchPromptly) {
  UsiSession engine;
  engine.Send("position startpos");
  engine.Send("go infinite");
  engine.ReadUntil("info depth 3");
  absl::SleepFor(absl::Milliseconds(200));
  engine.Send("isready");
  engine.ReadUntil("readyok", absl::Seconds(2));  // answered while searching
  engine.Send("stop");
  EXPECT_TRUE(absl::StartsWith(engine.ReadUntil("bestmove", absl::Seconds(2)).back(), "bestmove "));
}

// The engine's threads, as /proc lists them: their ids, sorted.
std::vector<std::string> ThreadIds(pid_t pid) {
  std::vector<std::string> ids;
  for (const auto& entry : std::filesystem::directory_iterator(absl::StrCat("/proc/", pid, "/task")))
    ids.push_back(entry.path().filename());
  std::sort(ids.begin(), ids.end());
  return ids;
}

// One search thread for the engine's life: a thread started per "go" would
// cost a clone and an exit every move of a match.
TEST(EngineUsiTest, EverySearchRunsOnTheSameThread) {
  UsiSession engine;
  engine.Send("position startpos");
  engine.Send("go depth 1");
  engine.ReadUntil("bestmove");
  const std::vector<std::string> threads = ThreadIds(engine.process().pid());
  EXPECT_GE(threads.size(), 2u);  // the reader and the searcher (a sanitizer may add its own)
  for (int move = 0; move < 5; ++move) {
    engine.Send("position startpos");
    engine.Send(move % 2 ? "go depth 2" : "go infinite\nstop");
    engine.ReadUntil("bestmove");
    engine.Send("isready");
    engine.ReadUntil("readyok");
    EXPECT_EQ(ThreadIds(engine.process().pid()), threads) << "after search " << move + 2;
  }
}

TEST(EngineUsiTest, PonderWaitsForPonderhit) {
  UsiSession engine;
  engine.Send("position startpos moves 6e6d");
  engine.Send("go ponder btime 1000 wtime 1000 byoyomi 100");
  engine.ReadUntil("info depth 2");
  engine.Send("isready");
  const auto lines = engine.ReadUntil("readyok");
  for (const std::string& line : lines) EXPECT_FALSE(absl::StartsWith(line, "bestmove")) << line;
  engine.Send("ponderhit");
  EXPECT_TRUE(absl::StartsWith(engine.ReadUntil("bestmove", absl::Seconds(3)).back(), "bestmove "));
}

// Correctness limits with generous slack for a loaded machine, not speed checks.
// The clock starts once the engine has answered readyok, as a GUI's does: the
// engine's start (slow under a sanitizer on a busy machine) is not its move.
TEST(EngineUsiTest, MovetimeAndClockAreRespected) {
  UsiSession engine;
  engine.Send("isready");
  engine.ReadUntil("readyok");
  engine.Send("position startpos");
  absl::Time start = absl::Now();
  engine.Send("go movetime 300");
  engine.ReadUntil("bestmove");
  EXPECT_LT(absl::Now() - start, absl::Milliseconds(1000));
  EXPECT_GE(absl::Now() - start, absl::Milliseconds(150));
  start = absl::Now();
  engine.Send("go btime 400 wtime 400 binc 10 winc 10");
  engine.ReadUntil("bestmove");
  EXPECT_LT(absl::Now() - start, absl::Milliseconds(400));
  start = absl::Now();
  engine.Send("go btime 0 wtime 0 byoyomi 200");
  engine.ReadUntil("bestmove");
  EXPECT_LT(absl::Now() - start, absl::Milliseconds(800));
}

std::string BenchSignature(const std::vector<std::string>& argv_tail) {
  std::vector<std::string> argv = {JUDKINS_ENGINE_PATH};
  argv.insert(argv.end(), argv_tail.begin(), argv_tail.end());
  UsiSession bench(argv);
  return bench.ReadUntil("Nodes searched", absl::Seconds(120)).back();
}

TEST(EngineBenchTest, NodeCountIsTheSameOnEveryRun) {
  const std::string first = BenchSignature({"bench", "6"});
  EXPECT_EQ(BenchSignature({"bench", "6"}), first);
  UsiSession engine;  // the USI command gives the same signature
  engine.Send("bench 6");
  EXPECT_EQ(engine.ReadUntil("Nodes searched", absl::Seconds(120)).back(), first);
}

TEST(EngineParamsTest, SetoptionChangesTheSearchDeterministically) {
  auto search = [](absl::string_view setup) {
    UsiSession engine;
    if (!setup.empty()) engine.Send(setup);
    engine.Send("position sfen 1b1s1k/1g3p/1n1b2/2K3/+rG4/2SN1R b p 13");
    engine.Send("go depth 6");
    const auto lines = engine.ReadUntil("bestmove");
    return absl::StrCat(LastScore(lines), " ", lines.back());
  };
  const std::string base = search("");
  EXPECT_EQ(search(""), base);
  const std::string double_gold = absl::StrCat("setoption name GoldValue value ", SpecNamed("GoldValue").max);
  const std::string changed = search(double_gold);
  EXPECT_NE(changed, base);
  EXPECT_EQ(search(double_gold), changed);
}

// The search's constants are parameters like the weights: each one, at its
// minimum, changes what the bench searches (the history cap's minimum only
// bites from depth 5, hence the default depth).
TEST(EngineParamsTest, EverySearchParameterChangesTheBench) {
  UsiSession engine;
  engine.Send("bench");
  const std::string base = engine.ReadUntil("Nodes searched", absl::Seconds(120)).back();
  int search_params = 0;
  for (const ParamSpec& spec : ParamRegistry()) {
    if (spec.name.empty() || spec.group != ParamGroup::kSearch) continue;
    ++search_params;
    engine.Send(absl::StrCat("setoption name ", spec.name, " value ", spec.min));
    engine.Send("bench");
    EXPECT_NE(engine.ReadUntil("Nodes searched", absl::Seconds(120)).back(), base) << spec.name;
    engine.Send(absl::StrCat("setoption name ", spec.name, " value ", spec.default_value));
  }
  EXPECT_GE(search_params, 8);
  engine.Send("bench");
  EXPECT_EQ(engine.ReadUntil("Nodes searched", absl::Seconds(120)).back(), base) << "the defaults restored";
}

TEST(EngineParamsTest, ParamsFileIsLoadedAndBadFilesAreRefused) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string path = scratch.path() + "/params.csv";
  const ParamSpec& pawn = SpecNamed("PawnValue");
  const std::string loaded = absl::StrCat("PawnValue,", pawn.max);
  std::ofstream(path) << "name,value\n" << loaded << "\n# comment\nTempo 7\n";
  UsiSession engine;
  engine.Send("setoption name ParamsFile value " + path);
  engine.Send("params");
  const std::string all = absl::StrJoin(engine.ReadUntil("Tempo"), "\n");
  EXPECT_THAT(all, HasSubstr(absl::StrCat(loaded, ",", pawn.default_value)));  // the value loaded, then the default
  EXPECT_THAT(all, HasSubstr("Tempo,7,"));
  std::ofstream(path) << "PawnValue," << pawn.min << "\nNoSuchWeight,3\n";
  engine.Send("setoption name ParamsFile value " + path);
  EXPECT_THAT(engine.ReadUntil("info string error").back(), HasSubstr(":2: unknown parameter 'NoSuchWeight'"));
  engine.Send("params");
  EXPECT_THAT(absl::StrJoin(engine.ReadUntil("PawnValue"), "\n"), HasSubstr(loaded + ","));  // all or nothing
}

TEST(EngineUsiTest, BadInputIsAnsweredAndTheEngineStaysUsable) {
  const ParamSpec& pawn = SpecNamed("PawnValue");
  const std::string pawn_outside = absl::StrCat("PawnValue = 9999 is outside [", pawn.min, ", ", pawn.max, "]");
  UsiSession engine;
  const std::pair<const char*, const char*> cases[] = {
      {"setoption name Hash value 0", "Hash must be 1 to"},
      {"setoption name Hash value lots", "Hash must be 1 to"},
      {"setoption name NoSuchOption value 3", "unknown option 'NoSuchOption'"},
      {"setoption name PawnValue value 9999", pawn_outside.c_str()},
      {"setoption name PawnValue value x", "needs an integer"},
      {"setoption name UCI_Variant value chess", "plays only the variant 'judkins'"},
      {"setoption value 3", "setoption needs 'name"},
      {"setoption name ParamsFile value /no/such/file", "cannot read parameter file"},
      {"go depth x", "'depth' needs a non-negative integer"},
      {"go movetime -5", "'movetime' needs a non-negative integer"},
      {"go wtime", "'wtime' needs a value"},
      {"go sideways 3", "unknown go parameter 'sideways'"},
      {"position sfen 9/9/9 b - 1", "board has 3 ranks"},
      {"position startpos moves 6e6d 6e6d", "illegal"},
      {"position startpos garbage", "expected 'moves'"},
      {"bench 0", "bench takes a depth"},
      {"\x01\x02 binary", "unknown command"}};
  for (const auto& [command, reason] : cases) {
    engine.Send(command);
    EXPECT_THAT(engine.ReadUntil("info string error").back(), HasSubstr(reason)) << command;
  }
  engine.Send("isready");
  engine.ReadUntil("readyok");
  engine.Send("go depth 2");
  EXPECT_TRUE(absl::StartsWith(engine.ReadUntil("bestmove").back(), "bestmove "));
  engine.Send("quit");
  EXPECT_EQ(engine.process().Stop(absl::Seconds(5)), 0);
}

}  // namespace
}  // namespace judkins
