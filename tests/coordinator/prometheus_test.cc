// The coordinator's metrics as a real Prometheus server scrapes and serves them.
#include <gmock/gmock.h>
#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/match.h"
#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "tests/support/admin_calls.h"
#include "tests/support/batch_reports.h"
#include "tests/support/http_get.h"
#include "tests/support/promtool.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/worker_calls.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

constexpr char kWorkerToken[] = "worker-token-for-tests-0001";
constexpr char kAdminToken[] = "admin-token-for-tests-00001";

std::unique_ptr<grpc::ClientContext> As(const char* token) { return BearerContext(token, absl::InfiniteDuration()); }

TEST(PrometheusTest, ScrapesGamesTestsBatchesAndLatencies) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string& dir = scratch.path();
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.metrics_listen = "127.0.0.1:0";
  options.data_dir = dir + "/coordinator";
  options.tokens = {kWorkerToken, kAdminToken};
  options.expiry_interval = absl::Milliseconds(100);
  options.gauge_interval = absl::Milliseconds(100);
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
  ASSERT_TRUE(server.ok()) << server.status();
  ASSERT_GT((*server)->metrics_port(), 0);

  // Some traffic: an artifact, a test, a worker, one batch reported.
  auto channel = grpc::CreateChannel(absl::StrCat("127.0.0.1:", (*server)->port()), grpc::InsecureChannelCredentials());
  auto admin = v1::AdminService::NewStub(channel);
  auto worker = v1::WorkerService::NewStub(channel);
  const std::string sha256 = testing::UploadBytes(*admin, "engine", kAdminToken);
  ASSERT_FALSE(sha256.empty());
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(sha256, 1000);
  v1::Test test;
  ASSERT_TRUE(admin->CreateTest(As(kAdminToken).get(), create, &test).ok());
  v1::RegisterRequest registration;
  registration.mutable_capabilities()->set_name("w");
  registration.mutable_capabilities()->set_concurrency(1);
  registration.mutable_capabilities()->set_speed(1e9);
  v1::RegisterResponse registered;
  ASSERT_TRUE(worker->Register(As(kWorkerToken).get(), registration, &registered).ok());
  v1::WorkRequest request;
  request.set_worker_id(registered.worker_id());
  v1::WorkResponse work;
  ASSERT_TRUE(worker->RequestWork(testing::AsWorker(kWorkerToken, registered).get(), request, &work).ok());
  v1::ReportAck ack;
  const v1::BatchReport report = testing::DevWinsAll(work.batch(), registered.worker_id());
  ASSERT_TRUE(worker->ReportBatch(testing::AsWorker(kWorkerToken, registered).get(), report, &ack).ok());
  const int pairs = work.batch().pairs_size();
  // And a tune, first in line by priority, with one batch reported.
  v1::CreateTestRequest create_tune;
  *create_tune.mutable_spec() = testing::FixedPairsSpec(sha256, 1);
  create_tune.mutable_spec()->set_priority(10);
  v1::SpsaParameter& parameter = *create_tune.mutable_spec()->mutable_spsa()->add_parameters();
  parameter.set_name("PawnValue");
  parameter.set_start(100);
  parameter.set_max(200);
  parameter.set_c_end(5);
  parameter.set_r_end(0.002);
  create_tune.mutable_spec()->mutable_spsa()->set_pairs(1000);
  v1::Test tune;
  ASSERT_TRUE(admin->CreateTest(As(kAdminToken).get(), create_tune, &tune).ok());
  v1::WorkResponse tune_work;
  ASSERT_TRUE(worker->RequestWork(testing::AsWorker(kWorkerToken, registered).get(), request, &tune_work).ok());
  ASSERT_EQ(tune_work.batch().test_id(), tune.id());
  ASSERT_TRUE(worker
                  ->ReportBatch(testing::AsWorker(kWorkerToken, registered).get(),
                                testing::DevWinsAll(tune_work.batch(), registered.worker_id()), &ack)
                  .ok());

  // A real Prometheus scraping the coordinator every second.
  const int prometheus_port = testing::FreePort();
  std::ofstream(dir + "/prometheus.yml") << "global:\n  scrape_interval: 1s\nscrape_configs:\n"
                                            "  - job_name: judkins-coordinator\n    static_configs:\n"
                                            "      - targets: ['127.0.0.1:"
                                         << (*server)->metrics_port() << "']\n";
  absl::StatusOr<std::unique_ptr<EngineProcess>> prometheus =
      EngineProcess::Start({.argv = {"/usr/bin/prometheus", "--config.file=" + dir + "/prometheus.yml",
                                     "--storage.tsdb.path=" + dir + "/tsdb",
                                     absl::StrCat("--web.listen-address=127.0.0.1:", prometheus_port)},
                            .stderr_path = dir + "/prometheus.log"});
  ASSERT_TRUE(prometheus.ok()) << prometheus.status() << " (scripts/bootstrap installs prometheus)";
  auto query = [&](const std::string& expression) {
    return testing::HttpGet(prometheus_port, "/api/v1/query?query=" + expression);
  };
  std::string pairs_result;
  for (int i = 0; i < 300 && !absl::StrContains(pairs_result, "\"value\""); ++i) {
    absl::SleepFor(absl::Milliseconds(100));
    pairs_result = query("judkins_pairs_reported_total");
  }
  EXPECT_THAT(pairs_result, HasSubstr(absl::StrCat("\"", pairs, "\"]")));
  EXPECT_THAT(query("up"), HasSubstr("\"1\"]"));
  EXPECT_THAT(query("judkins_games_reported_total%7Bresult%3D%22win%22%7D"),
              HasSubstr(absl::StrCat("\"", 2 * pairs, "\"]")));
  EXPECT_THAT(query("judkins_batches_total%7Bevent%3D%22leased%22%7D"), HasSubstr("\"2\"]"));
  EXPECT_THAT(query("judkins_tests%7Bstate%3D%22running%22%7D"), HasSubstr("\"2\"]"));
  EXPECT_THAT(query("judkins_tune_theta%7Bparameter%3D%22PawnValue%22%7D"), HasSubstr("\"value\""));
  EXPECT_THAT(query("judkins_tune_iterations"), HasSubstr(absl::StrCat("\"", tune_work.batch().pairs_size(), "\"]")));
  EXPECT_THAT(query("judkins_workers_connected"), HasSubstr("\"1\"]"));
  EXPECT_THAT(query("judkins_rpc_latency_seconds_count%7Bmethod%3D%22ReportBatch%22%7D"), HasSubstr("\"2\"]"));
  EXPECT_THAT(query("judkins_store_commit_seconds_count"), HasSubstr("\"2\"]"));
  EXPECT_THAT(query("judkins_store_checkpoints_total%7Bkind%3D%22failed%22%7D"), HasSubstr("\"0\"]"));
  EXPECT_THAT(query("judkins_store_wal_pages"), HasSubstr("\"value\""));
  EXPECT_THAT(query("judkins_test_pairs%7Bstage%3D%22waiting%22%7D"), HasSubstr("\"value\""));
  EXPECT_THAT(query("judkins_test_games"), HasSubstr("\"value\""));
  EXPECT_THAT(query("judkins_batch_lease_age_seconds_count"), HasSubstr("\"2\"]"));
  EXPECT_THAT(query("judkins_build_info%7Bprogram%3D%22judkins-coordinator%22%7D"), HasSubstr("\"1\"]"));
  EXPECT_THAT(query("process_resident_memory_bytes"), HasSubstr("\"value\""));

  // The running test's per-worker gauges, set every kWorkerGaugesInterval (15 s).
  const std::string worker_outlier = absl::StrCat("judkins_worker_outlier%7Btest%3D%22", test.id(), "%22,worker%3D%22",
                                                  registered.worker_id(), "%22%7D");
  std::string outlier_result;
  for (int i = 0; i < 400 && !absl::StrContains(outlier_result, "\"value\""); ++i) {
    absl::SleepFor(absl::Milliseconds(100));
    outlier_result = query(worker_outlier);
  }
  EXPECT_THAT(outlier_result, HasSubstr("\"0\"]")) << "one worker alone is no outlier";
  EXPECT_THAT(query(absl::StrCat("judkins_worker_excluded%7Bworker%3D%22", registered.worker_id(), "%22%7D")),
              HasSubstr("\"0\"]"));

  // The whole exposition as Prometheus's linter reads it.
  EXPECT_EQ(testing::PromtoolComplaints(testing::HttpGet((*server)->metrics_port(), "/metrics"), dir), "");
}

}  // namespace
}  // namespace judkins
