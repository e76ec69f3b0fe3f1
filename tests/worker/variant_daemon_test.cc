// A standard-shogi test through the coordinator and a worker daemon: the
// spec names the variant, the worker plays it from the variant's book with
// the referee's rules for it and tells the engine, and the records say so.
// A variant the framework does not know is refused at the edge.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

#include "common/channel.h"
#include "common/read_file.h"
#include "proto/convert/results.h"
#include "records/game_record_format.h"
#include "tests/support/in_process_coordinator.h"
#include "worker/daemon/daemon.h"

namespace judkins {
namespace {

using testing::kAdminToken;
using testing::kWorkerToken;

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

  DaemonOptions options;
  options.coordinator = coordinator.target;
  options.token = kWorkerToken;
  options.name = "shogi-worker";
  options.work_dir = scratch.path() + "/worker";
  options.books_dir = std::string(JUDKINS_SOURCE_DIR) + "/books";
  options.concurrency = 2;
  WorkerDaemon daemon(options);
  std::thread running([&] { (void)daemon.Run(); });
  v1::Test now;
  for (const absl::Time deadline = absl::Now() + absl::Seconds(120); absl::Now() < deadline;) {
    now = testing::GetTest(*coordinator.admin, test.id(), kAdminToken);
    if (now.state() == v1::TEST_STATE_FINISHED) break;
    absl::SleepFor(absl::Milliseconds(100));
  }
  daemon.Stop();
  running.join();
  ASSERT_EQ(now.state(), v1::TEST_STATE_FINISHED) << now.finished_because();
  EXPECT_EQ(PairCount(now.pentanomial()), 3u);
  EXPECT_EQ(now.spec().variant(), "shogi");

  // The worker's records of the test: standard-shogi games from its book.
  absl::StatusOr<std::string> records = ReadFile(absl::StrCat(options.work_dir, "/records/test-", test.id(), ".pgn"));
  ASSERT_TRUE(records.ok()) << records.status();
  absl::StatusOr<std::vector<ParsedRecord>> games = ParseGameRecords(*records);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 6u);
  for (const ParsedRecord& game : *games) {
    EXPECT_EQ(game.variant, Variant::kShogi);
    EXPECT_THAT(game.start_sfen, ::testing::HasSubstr("/9/"));  // a 9x9 board
  }
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
