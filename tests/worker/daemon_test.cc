// The worker daemon in-process against an in-process coordinator: its main
// thread plays batches while its heartbeat thread renews the lease, then
// Stop() ends it cleanly. In the ThreadSanitizer job (it found the
// coordinator's shutdown race there).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include <grpcpp/create_channel.h>

#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/convert/results.h"
#include "tests/support/admin_calls.h"
#include "tests/support/http_get.h"
#include "tests/support/promtool.h"
#include "tests/support/scratch_directory.h"
#include "worker/daemon/daemon.h"

namespace judkins {
namespace {

constexpr char kWorkerToken[] = "worker-token-for-tests-0001";
constexpr char kAdminToken[] = "admin-token-for-tests-00001";

TEST(DaemonTest, PlaysBatchesWhileItsHeartbeatThreadRenewsTheLeaseAndStopsCleanly) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.data_dir = scratch.path() + "/coordinator";
  options.tokens = {kWorkerToken, kAdminToken};
  options.scheduler.lease = absl::Seconds(2);  // shorter than the batch: only heartbeats keep it
  options.scheduler.target_batch_time = absl::Seconds(4);
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
  ASSERT_TRUE(server.ok()) << server.status();
  const std::string target = absl::StrCat("127.0.0.1:", (*server)->port());
  auto admin = v1::AdminService::NewStub(grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
  // The artifact is a two-line script that runs the engine: this test is
  // about the daemon's threads, and under ThreadSanitizer streaming the
  // sanitized engine's 11 MB through uninstrumented gRPC takes minutes.
  const std::string engine = absl::StrCat("#!/bin/sh\nexec '", JUDKINS_ENGINE_PATH, "' \"$@\"\n");
  const std::string sha = testing::UploadBytes(*admin, engine, kAdminToken);
  ASSERT_FALSE(sha.empty());
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

}  // namespace
}  // namespace judkins
