// A standard-shogi test through the coordinator and a worker daemon: the
// spec names the variant, the worker plays it from the variant's book with
// the referee's rules for it and tells the engine, and the records say so.
// A variant the framework does not know is refused at the edge.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/str_split.h"
#include "common/channel.h"
#include "common/read_file.h"
#include "proto/convert/results.h"
#include "records/game_record_format.h"
#include "tests/support/admin_calls.h"
#include "tests/support/in_process_coordinator.h"
#include "tests/support/run_command.h"
#include "worker/daemon/daemon.h"

namespace judkins {
namespace {

using testing::kAdminToken;
using testing::kWorkerToken;

std::string WorkerFolder(const testing::ScratchDirectory& scratch) { return scratch.path() + "/worker"; }

// Runs a worker daemon on the coordinator's tests (its folder under `scratch`)
// until test `id` finishes or `patience` runs out; the test as it then is.
v1::Test PlayUntilFinished(const testing::LocalCoordinator& coordinator, const testing::ScratchDirectory& scratch,
                           uint64_t id, int concurrency, absl::Duration patience) {
  DaemonOptions options;
  options.coordinator = coordinator.target;
  options.token = kWorkerToken;
  options.name = "variant-worker";
  options.work_dir = WorkerFolder(scratch);
  options.books_dir = std::string(JUDKINS_SOURCE_DIR) + "/books";
  options.concurrency = concurrency;
  WorkerDaemon daemon(options);
  std::thread running([&] { (void)daemon.Run(); });
  v1::Test now;
  for (const absl::Time deadline = absl::Now() + patience; absl::Now() < deadline;) {
    now = testing::GetTest(*coordinator.admin, id, kAdminToken);
    if (now.state() == v1::TEST_STATE_FINISHED) break;
    absl::SleepFor(absl::Milliseconds(100));
  }
  daemon.Stop();
  running.join();
  return now;
}

TEST(VariantDaemonTest, AStandardShogiTestIsPlayedByItsRulesFromItsBook) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  testing::LocalCoordinator coordinator =
      testing::StartCoordinator(scratch, CoordinatorOptions(), JUDKINS_ENGINE_SHOGI_PATH);
  ASSERT_TRUE(coordinator.server);
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(coordinator.engine_sha, 3, 400);
  create.mutable_spec()->set_variant("shogi");
  grpc::ClientContext context;
  AddBearerToken(context, kAdminToken);
  v1::Test test;
  ASSERT_TRUE(coordinator.admin->CreateTest(&context, create, &test).ok());

  const v1::Test now = PlayUntilFinished(coordinator, scratch, test.id(), 2, absl::Seconds(120));
  ASSERT_EQ(now.state(), v1::TEST_STATE_FINISHED) << now.finished_because();
  EXPECT_EQ(PairCount(now.pentanomial()), 3u);
  EXPECT_EQ(now.spec().variant(), "shogi");

  // The worker's records of the test: standard-shogi games from its book.
  absl::StatusOr<std::string> records =
      ReadFile(absl::StrCat(WorkerFolder(scratch), "/records/test-", test.id(), ".pgn"));
  ASSERT_TRUE(records.ok()) << records.status();
  absl::StatusOr<std::vector<ParsedRecord>> games = ParseGameRecords(*records);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 6u);
  for (const ParsedRecord& game : *games) {
    EXPECT_EQ(game.variant, Variant::kShogi);
    EXPECT_THAT(game.start_sfen, ::testing::HasSubstr("/9/"));  // a 9x9 board
  }

  // The same games from the coordinator, as `judkins test records` gives
  // them to shogi programs: a KIF file per game in a folder, CSA in one file.
  const std::string token_file = scratch.path() + "/admin.token";
  ASSERT_TRUE(std::ofstream(token_file) << kAdminToken);
  auto records_command = [&](std::vector<std::string> more) {
    std::vector<std::string> words = {JUDKINS_CLI_PATH,        "test",     "records",
                                      absl::StrCat(test.id()), "--server", coordinator.target,
                                      "--token-file",          token_file};
    words.insert(words.end(), more.begin(), more.end());
    return testing::RunCommand(words, scratch.path() + "/cli.stderr");
  };
  const std::string kif_folder = scratch.path() + "/kif";
  testing::CommandResult kif = records_command({"--format", "kif", "--out", kif_folder});
  ASSERT_EQ(kif.exit_code, 0) << kif.err;
  for (int game = 1; game <= 6; ++game) {
    absl::StatusOr<std::string> text = ReadFile(absl::StrCat(kif_folder, "/test-", test.id(), "-game-", game, ".kifu"));
    ASSERT_TRUE(text.ok()) << text.status();
    EXPECT_THAT(*text, ::testing::HasSubstr("# ---- judkins-worker match: standard shogi ----\n")) << game;
    EXPECT_THAT(*text, ::testing::ContainsRegex("\n +1 [１-９].+\\( [0-9]:[0-9]{2}/00:00:[0-9]{2}\\)\n")) << game;
  }
  testing::CommandResult csa = records_command({"--format", "csa"});
  ASSERT_EQ(csa.exit_code, 0) << csa.err;
  const std::vector<std::string> lines = absl::StrSplit(csa.out, '\n');
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "/"), 5) << "a separator between each two of six games";
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "V3.0"), 6);
  testing::CommandResult third = records_command({"--format", "csa", "--game", "3"});
  ASSERT_EQ(third.exit_code, 0) << third.err;
  EXPECT_THAT(third.out, ::testing::StartsWith("'CSA encoding=UTF-8\nV3.0\n"));
  EXPECT_EQ(third.out.find("V3.0", 21), std::string::npos) << "one game: " << third.out;
  testing::CommandResult seventh = records_command({"--game", "7"});
  EXPECT_EQ(seventh.exit_code, 1);
  EXPECT_THAT(seventh.err, ::testing::HasSubstr(absl::StrCat("--game 7: test ", test.id(), " has 6 recorded games")));
  testing::CommandResult no_folder = records_command({"--format", "kif"});
  EXPECT_EQ(no_folder.exit_code, 2);
  EXPECT_THAT(no_folder.err, ::testing::HasSubstr("--format kif holds one game to a file: name a folder with --out"));
}

// A bundle's engine that needs the evaluation file packed beside it (it will
// not start without eval/nn.bin in its working folder) and reads a net from
// the path an option names, as 9x9 NNUE engines do; it writes down what it
// hears and resigns when asked to move.
constexpr char kBundledEngine[] = R"SH(#!/bin/sh
[ -f eval/nn.bin ] || { echo "no eval/nn.bin" >&2; exit 1; }
while IFS= read -r line; do
  echo "$line" >> received.txt
  case "$line" in
    usi) printf 'id name bundled\noption name EvalFile type string default nn.bin\nusiok\n' ;;
    "setoption name EvalFile value "*) [ "$(cat "${line#setoption name EvalFile value }")" = net-weights ] && echo "net read" >> received.txt ;;
    isready) echo readyok ;;
    go*) echo "bestmove resign" ;;
    quit) exit 0 ;;
  esac
done
)SH";

TEST(VariantDaemonTest, AnEngineBundleAndItsNetArePlayedThroughTheCoordinator) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  testing::LocalCoordinator coordinator = testing::StartCoordinator(scratch, CoordinatorOptions());
  ASSERT_TRUE(coordinator.server);
  const std::string source = scratch.path() + "/bundle";
  std::filesystem::create_directories(source + "/eval");
  std::ofstream(source + "/engine.sh") << kBundledEngine;
  std::filesystem::permissions(source + "/engine.sh", std::filesystem::perms(0755));
  std::ofstream(source + "/eval/nn.bin") << "packed weights";
  const testing::CommandResult tar = testing::RunCommand(
      {"/bin/tar", "-C", source, "-czf", scratch.path() + "/bundle.tar.gz", "."}, scratch.path() + "/tar.stderr");
  ASSERT_EQ(tar.exit_code, 0) << tar.err;
  const std::string bundle_sha =
      testing::UploadBytes(*coordinator.admin, ReadFile(scratch.path() + "/bundle.tar.gz").value(), kAdminToken);
  const std::string net_sha = testing::UploadBytes(*coordinator.admin, "net-weights", kAdminToken);
  ASSERT_FALSE(bundle_sha.empty() || net_sha.empty());

  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(coordinator.engine_sha, 1);
  v1::EngineSpec& dev = *create.mutable_spec()->mutable_dev();
  dev.set_artifact_sha256(bundle_sha);
  dev.set_bundle_program("engine.sh");
  dev.mutable_net()->set_artifact_sha256(net_sha);
  dev.mutable_net()->set_option("EvalFile");
  v1::Test test;
  ASSERT_TRUE(coordinator.admin->CreateTest(BearerContext(kAdminToken, absl::Seconds(10)).get(), create, &test).ok());

  const v1::Test now = PlayUntilFinished(coordinator, scratch, test.id(), 1, absl::Seconds(60));
  ASSERT_EQ(now.state(), v1::TEST_STATE_FINISHED) << now.finished_because();
  // The bundled engine started in its unpacked folder and resigned both games.
  ASSERT_EQ(now.tally().dev_endings_size(), 1) << now.DebugString();
  EXPECT_EQ(now.tally().dev_endings(0).termination(), v1::TERMINATION_RESIGNATION);
  EXPECT_EQ(now.tally().dev_endings(0).losses(), 2u);
  const std::string heard =
      ReadFile(absl::StrCat(WorkerFolder(scratch), "/engines/", bundle_sha.substr(0, 12), "/received.txt"))
          .value_or("");
  EXPECT_THAT(heard,
              ::testing::HasSubstr(absl::StrCat("setoption name EvalFile value ", WorkerFolder(scratch), "/cache/")));
  EXPECT_THAT(heard, ::testing::HasSubstr("net read\n"));
}

TEST(VariantDaemonTest, AnUnknownVariantIsRefusedNamingTheField) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  testing::LocalCoordinator coordinator = testing::StartCoordinator(scratch, CoordinatorOptions());
  ASSERT_TRUE(coordinator.server);
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(coordinator.engine_sha, 1);
  create.mutable_spec()->set_variant("chess");
  grpc::ClientContext context;
  AddBearerToken(context, kAdminToken);
  v1::Test test;
  const grpc::Status status = coordinator.admin->CreateTest(&context, create, &test);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), ::testing::HasSubstr("spec.variant"));
}

}  // namespace
}  // namespace judkins
