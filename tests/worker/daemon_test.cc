// The worker daemon in-process against an in-process coordinator: its main
// thread plays batches while its heartbeat thread renews the lease, then
// Stop() ends it cleanly. In the ThreadSanitizer job (it found the
// coordinator's shutdown race there).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include <grpcpp/create_channel.h>

#include "absl/strings/numbers.h"
#include "common/channel.h"
#include "coordinator/domain/hand_backs.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/convert/results.h"
#include "tests/support/admin_calls.h"
#include "tests/support/http_get.h"
#include "tests/support/in_process_coordinator.h"
#include "tests/support/promtool.h"
#include "tests/support/scratch_directory.h"
#include "worker/daemon/daemon.h"

namespace judkins {
namespace {

using testing::kAdminToken;
using testing::kWorkerToken;
using testing::LocalCoordinator;
using testing::StartCoordinator;

TEST(DaemonTest, PlaysBatchesWhileItsHeartbeatThreadRenewsTheLeaseAndStopsCleanly) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  CoordinatorOptions options;
  options.scheduler.lease = absl::Seconds(2);  // shorter than the batch: only heartbeats keep it
  options.scheduler.target_batch_time = absl::Seconds(4);
  LocalCoordinator coordinator = StartCoordinator(scratch, options);
  ASSERT_TRUE(coordinator.server);
  const std::string& target = coordinator.target;
  v1::AdminService::Stub* admin = coordinator.admin.get();
  const std::string& sha = coordinator.engine_sha;
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(sha, 4, 300);
  grpc::ClientContext context;
  AddBearerToken(context, kAdminToken);
  v1::Test test;
  ASSERT_TRUE(admin->CreateTest(&context, create, &test).ok());

  DaemonOptions daemon_options;
  daemon_options.coordinator = target;
  daemon_options.token = kWorkerToken;
  daemon_options.name = "in-process";
  daemon_options.work_dir = scratch.path() + "/worker";
  daemon_options.books_dir = std::string(JUDKINS_SOURCE_DIR) + "/books";
  daemon_options.heartbeat_interval = absl::Milliseconds(100);
  daemon_options.grace = absl::Seconds(5);
  const int metrics_port = testing::FreePort();
  daemon_options.metrics_listen = absl::StrCat("127.0.0.1:", metrics_port);
  WorkerDaemon daemon(daemon_options);
  absl::Status ended;
  std::thread running([&] { ended = daemon.Run(); });
  v1::Test now;
  for (const absl::Time deadline = absl::Now() + absl::Seconds(120); absl::Now() < deadline;) {
    grpc::ClientContext get_context;
    AddBearerToken(get_context, kAdminToken);
    v1::GetTestRequest get;
    get.set_test_id(test.id());
    ASSERT_TRUE(admin->GetTest(&get_context, get, &now).ok());
    if (now.state() == v1::TEST_STATE_FINISHED) break;
    absl::SleepFor(absl::Milliseconds(100));
  }
  // Its metrics as Prometheus lints them, after games and reports.
  const std::string metrics = testing::HttpGet(metrics_port, "/metrics");
  EXPECT_THAT(metrics, ::testing::HasSubstr("judkins_worker_game_plies_count 8"));
  EXPECT_THAT(metrics, ::testing::HasSubstr("judkins_worker_engine_nodes_total{test=\"1\"}"));
  EXPECT_THAT(metrics, ::testing::HasSubstr("judkins_build_info{"));
  EXPECT_THAT(metrics, ::testing::HasSubstr("process_resident_memory_bytes"));
  EXPECT_EQ(testing::PromtoolComplaints(metrics, scratch.path()), "");
  // Its last contact, as `judkins-worker health` reads it: just now.
  absl::StatusOr<absl::Duration> contact_age =
      LastContact::Age(daemon_options.work_dir + "/" + LastContact::kFileName, absl::Now());
  ASSERT_TRUE(contact_age.ok()) << contact_age.status();
  EXPECT_LT(*contact_age, absl::Seconds(5));
  daemon.Stop();
  running.join();
  EXPECT_TRUE(ended.ok()) << ended;
  EXPECT_EQ(now.state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(PairCount(now.pentanomial()), 4u);
}

// A test no worker here can play (a book the worker lacks) is handed back
// once, with the reason, and the worker goes on to the next test instead of
// asking for the same batch again and again.
TEST(DaemonTest, ATestItCannotPlayIsHandedBackWithWhyAndHoldsUpNoOther) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  CoordinatorOptions options;
  options.metrics_listen = "127.0.0.1:0";
  options.scheduler.target_batch_time = absl::Seconds(2);
  LocalCoordinator coordinator = StartCoordinator(scratch, options);
  ASSERT_TRUE(coordinator.server);
  const std::string& target = coordinator.target;
  v1::AdminService::Stub* admin = coordinator.admin.get();
  const std::string& sha = coordinator.engine_sha;
  auto create = [&](const std::string& book, int priority) {
    v1::CreateTestRequest request;
    *request.mutable_spec() = testing::FixedPairsSpec(sha, 2, 100);
    request.mutable_spec()->set_book(book);
    request.mutable_spec()->set_priority(priority);
    grpc::ClientContext context;
    AddBearerToken(context, kAdminToken);
    v1::Test test;
    EXPECT_TRUE(admin->CreateTest(&context, request, &test).ok());
    return test.id();
  };
  const uint64_t unplayable = create("no-such-book", 10);  // served first
  const uint64_t playable = create("default", 0);

  DaemonOptions daemon_options;
  daemon_options.coordinator = target;
  daemon_options.token = kWorkerToken;
  daemon_options.name = "no-books-but-the-default";
  daemon_options.work_dir = scratch.path() + "/worker";
  daemon_options.books_dir = std::string(JUDKINS_SOURCE_DIR) + "/books";
  WorkerDaemon daemon(daemon_options);
  const absl::Time started = absl::Now();
  std::thread running([&] { (void)daemon.Run(); });
  v1::Test played;
  for (const absl::Time deadline = absl::Now() + absl::Seconds(120); absl::Now() < deadline;) {
    played = testing::GetTest(*admin, playable, kAdminToken);
    if (played.state() == v1::TEST_STATE_FINISHED) break;
    absl::SleepFor(absl::Milliseconds(100));
  }
  daemon.Stop();
  running.join();
  const absl::Duration elapsed = absl::Now() - started;
  EXPECT_EQ(played.state(), v1::TEST_STATE_FINISHED) << "the other test was held up";
  // Handed back, counted by reason, and not again before the worker's wait
  // is out: once, plus at most one per first wait of the time the other test
  // took (slow under a sanitizer); its pairs wait for a worker that can play them.
  const std::string metrics = testing::HttpGet(coordinator.server->metrics_port(), "/metrics");
  const std::string counter = "judkins_batches_unplayable_total{reason=\"book\"} ";
  const size_t at = metrics.find(counter);
  ASSERT_NE(at, std::string::npos) << metrics;
  absl::string_view value = absl::string_view(metrics).substr(at + counter.size());
  value = value.substr(0, value.find('\n'));
  int64_t hand_backs = 0;
  ASSERT_TRUE(absl::SimpleAtoi(value, &hand_backs)) << value;
  EXPECT_GE(hand_backs, 1);
  EXPECT_LE(hand_backs, 1 + elapsed / kFirstHandBackWait) << "handed back again before the wait was out";
  const v1::Test waiting = testing::GetTest(*admin, unplayable, kAdminToken);
  EXPECT_EQ(waiting.pairs_waiting(), 2u);
  EXPECT_EQ(PairCount(waiting.pentanomial()), 0u);
}

}  // namespace
}  // namespace judkins
