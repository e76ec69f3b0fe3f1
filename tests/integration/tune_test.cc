// A tune end to end: judkins-tune creates it from a real judkins-engine
// binary on a coordinator process, a worker process plays it with theta+ and
// theta- engines, and show and export give what the engine then loads.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "cli/tune_commands.h"
#include "tests/support/coordinator_process.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/worker_process.h"

namespace judkins {
namespace {

using testing::CoordinatorProcess;
using ::testing::HasSubstr;
using testing::WorkerProcess;

using Output = testing::CommandResult;

// judkins-tune run as a process, as a user runs it.
Output Tune(const CoordinatorProcess& coordinator, const std::string& admin_token_file,
            std::vector<std::string> words) {
  words.insert(words.begin(), JUDKINS_TUNE_PATH);
  words.insert(words.end(), {"--server", coordinator.address(), "--token-file", admin_token_file});
  return testing::RunCommand(words, admin_token_file + ".tune.stderr", absl::Seconds(120));
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The id judkins-tune printed for the tune it created (the creation must succeed).
uint64_t CreatedTune(const Output& created) {
  EXPECT_EQ(created.exit_code, 0) << created.err;
  uint64_t id = 0;
  EXPECT_TRUE(absl::SimpleAtoi(absl::StripAsciiWhitespace(created.out), &id)) << created.out;
  return id;
}

// The tune once it has finished, or after four minutes.
v1::Test WhenFinished(CoordinatorProcess& coordinator, uint64_t id) {
  const absl::Time deadline = absl::Now() + absl::Seconds(240);
  while (coordinator.Get(id).state() != v1::TEST_STATE_FINISHED && absl::Now() < deadline)
    absl::SleepFor(absl::Milliseconds(200));
  return coordinator.Get(id);
}

TEST(TuneIntegrationTest, ATuneIsCreatedPlayedShownAndExported) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string& dir = scratch.path();
  CoordinatorProcess coordinator(dir + "/coordinator");
  ASSERT_NO_FATAL_FAILURE(coordinator.Start());
  const std::string admin_token = dir + "/coordinator.admin";

  // Bad input first: one clear line, a non-zero exit.
  Output bad = Tune(
      coordinator, admin_token,
      {"spsa", "create", "--engine", JUDKINS_ENGINE_PATH, "--pairs", "6", "--nodes", "300", "--tune", "NoSuchValue"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "judkins-tune: --tune: no parameter 'NoSuchValue'\n");
  bad = Tune(coordinator, admin_token, {"spsa", "create", "--engine", "/bin/true", "--pairs", "6", "--nodes", "300"});
  EXPECT_THAT(bad.err, HasSubstr("did not print a parameter list"));
  std::ofstream(dir + "/bad.spsa") << "PawnValue,100,0,200,5,0.002\n";  // 0 is below the engine's minimum
  bad = Tune(coordinator, admin_token,
             {"spsa", "create", "--engine", JUDKINS_ENGINE_PATH, "--params", dir + "/bad.spsa", "--pairs", "6",
              "--nodes", "300"});
  EXPECT_THAT(bad.err, HasSubstr("PawnValue bounds [0, 200] exceed the engine's ["));
  std::ofstream(dir + "/unknown.spsa") << "Nonsense,100,0,200,5,0.002\n";
  bad = Tune(coordinator, admin_token,
             {"spsa", "create", "--engine", JUDKINS_ENGINE_PATH, "--params", dir + "/unknown.spsa", "--pairs", "6",
              "--nodes", "300"});
  EXPECT_THAT(bad.err, HasSubstr("the engine has no parameter 'Nonsense'"));

  const Output created =
      Tune(coordinator, admin_token,
           {"spsa", "create", "--engine", JUDKINS_ENGINE_PATH, "--tune", "PawnValue", "SilverValue", "--pairs", "6",
            "--nodes", "300", "--r-end", "0.02", "--openings", "book=default", "size=500"});
  const uint64_t id = CreatedTune(created);
  ASSERT_NE(id, 0u);

  WorkerProcess worker(coordinator, dir + "/worker");
  const v1::Test test = WhenFinished(coordinator, id);
  ASSERT_EQ(test.state(), v1::TEST_STATE_FINISHED) << worker.Log();
  EXPECT_EQ(test.finished_because(), "tune completed");
  EXPECT_EQ(test.stats().games(), 12u);
  // The worker played the perturbed engines the batches named.
  const std::vector<ParsedRecord> records = worker.Records();
  ASSERT_EQ(records.size(), 12u);
  EXPECT_THAT(records[0].tags.at("Black") + records[0].tags.at("White"), HasSubstr("tune+"));

  const std::string chart = dir + "/theta.svg";
  const Output shown = Tune(coordinator, admin_token, {"show", absl::StrCat(id), "--chart", chart});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_THAT(shown.out, HasSubstr("iterations 6 of 6"));
  EXPECT_THAT(shown.out, HasSubstr("PawnValue"));
  EXPECT_THAT(shown.out, HasSubstr("SilverValue"));
  const std::string svg = Slurp(chart);
  EXPECT_TRUE(absl::StartsWith(svg, "<svg xmlns='http://www.w3.org/2000/svg'"));
  EXPECT_THAT(svg, HasSubstr("<polyline"));
  EXPECT_TRUE(absl::EndsWith(svg, "</svg>\n"));

  const std::string params = dir + "/tuned.params";
  const Output exported = Tune(coordinator, admin_token, {"export", absl::StrCat(id), "--out", params});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_THAT(exported.out, HasSubstr("setoption name PawnValue value "));
  // The engine loads the file and plays with exactly the exported values.
  absl::StatusOr<std::unique_ptr<EngineProcess>> engine =
      EngineProcess::Start({.argv = {JUDKINS_ENGINE_PATH, "--params", params, "params"}});
  ASSERT_TRUE(engine.ok()) << engine.status();
  std::string dump;
  for (absl::StatusOr<std::string> line; (line = (*engine)->ReadLine(absl::Now() + absl::Seconds(10))).ok();)
    dump += *line + "\n";
  for (absl::string_view line : absl::StrSplit(Slurp(params), '\n'))
    if (absl::StartsWith(line, "PawnValue,") || absl::StartsWith(line, "SilverValue,")) {
      EXPECT_THAT(dump, HasSubstr(absl::StrCat(line, ","))) << "engine params:\n" << dump;
    }

  EXPECT_EQ(Tune(coordinator, admin_token, {"show", "999"}).err, "judkins-tune: NOT_FOUND: no test 999\n");
  worker.Terminate();
  coordinator.Kill();
}

// SPSA for standard shogi: the shogi edition's own weights (the lance's) are
// tuned on the cluster, the games played by standard shogi's rules.
TEST(TuneIntegrationTest, AStandardShogiTuneMovesTheShogiEditionsWeights) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string& dir = scratch.path();
  CoordinatorProcess coordinator(dir + "/coordinator");
  ASSERT_NO_FATAL_FAILURE(coordinator.Start());
  const std::string admin_token = dir + "/coordinator.admin";
  const Output created = Tune(coordinator, admin_token,
                              {"spsa", "create", "--variant", "shogi", "--engine", JUDKINS_ENGINE_SHOGI_PATH, "--tune",
                               "LanceValue", "PawnRank9", "--pairs", "4", "--nodes", "300", "--r-end", "0.02"});
  const uint64_t id = CreatedTune(created);
  ASSERT_NE(id, 0u);
  WorkerProcess worker(coordinator, dir + "/worker");
  const v1::Test test = WhenFinished(coordinator, id);
  ASSERT_EQ(test.state(), v1::TEST_STATE_FINISHED) << worker.Log();
  EXPECT_EQ(test.spec().variant(), "shogi");
  const std::vector<ParsedRecord> records = worker.Records();
  ASSERT_EQ(records.size(), 8u);
  for (const ParsedRecord& record : records) EXPECT_EQ(record.variant, Variant::kShogi);
  const Output shown = Tune(coordinator, admin_token, {"show", absl::StrCat(id)});
  EXPECT_THAT(shown.out, HasSubstr("LanceValue"));
  worker.Terminate();
  coordinator.Kill();
}

}  // namespace
}  // namespace judkins
