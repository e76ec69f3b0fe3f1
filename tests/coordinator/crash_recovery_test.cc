// Kill -9 the coordinator process while reports stream in; after a restart
// every acknowledged report is there and nothing is counted twice.
#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "tests/support/admin_calls.h"
#include "tests/support/coordinator_process.h"

namespace judkins {
namespace {

using testing::As;
using testing::CoordinatorProcess;
using testing::kAdminToken;
using testing::kWorkerToken;

TEST(CrashRecoveryTest, AcknowledgedReportsSurviveKillNineAndCountOnce) {
  const std::string data_dir = ::testing::TempDir() + "/crash_recovery";
  std::filesystem::remove_all(data_dir);
  CoordinatorProcess coordinator(data_dir);
  ASSERT_NO_FATAL_FAILURE(coordinator.Start());

  // An artifact and a fixed-games test big enough not to end during the run.
  const std::string sha256 = testing::UploadBytes(*coordinator.admin, "an engine", kAdminToken);
  ASSERT_FALSE(sha256.empty());
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(sha256, 1'000'000);
  v1::Test test;
  ASSERT_TRUE(coordinator.admin->CreateTest(As(kAdminToken).get(), create, &test).ok());
  v1::RegisterRequest registration;
  registration.mutable_capabilities()->set_name("w");
  registration.mutable_capabilities()->set_concurrency(1);
  registration.mutable_capabilities()->set_speed(1e9);  // small batches: many reports
  v1::RegisterResponse registered;
  ASSERT_TRUE(coordinator.worker->Register(As(kWorkerToken).get(), registration, &registered).ok());

  // Lease batches, then report them from two threads while the process dies.
  std::vector<v1::BatchReport> reports;
  for (int i = 0; i < 400; ++i) {
    v1::WorkRequest request;
    request.set_worker_id(registered.worker_id());
    v1::WorkResponse work;
    ASSERT_TRUE(coordinator.worker->RequestWork(As(kWorkerToken).get(), request, &work).ok());
    v1::BatchReport& report = reports.emplace_back();
    report.set_worker_id(registered.worker_id());
    report.set_batch_id(work.batch().id());
    for (const v1::PairAssignment& pair : work.batch().pairs())
      for (uint32_t game = 0; game < 2; ++game) {
        v1::GameOutcome& outcome = *report.add_games();
        outcome.set_pair_index(pair.pair_index());
        outcome.set_game_in_pair(game);
        outcome.set_result(v1::GAME_RESULT_DRAW);
      }
  }
  std::atomic<uint64_t> acknowledged_pairs{0};
  std::atomic<int> next{0}, failed{0};
  std::vector<std::thread> senders;
  for (int t = 0; t < 2; ++t)
    senders.emplace_back([&] {
      for (int i = next++; i < int(reports.size()); i = next++) {
        v1::ReportAck ack;
        if (!coordinator.worker->ReportBatch(As(kWorkerToken).get(), reports[i], &ack).ok()) ++failed;
        else if (ack.counted()) acknowledged_pairs += reports[i].games_size() / 2;
      }
    });
  while (next < int(reports.size()) / 2) absl::SleepFor(absl::Milliseconds(1));
  coordinator.Kill();
  for (std::thread& sender : senders) sender.join();
  ASSERT_GT(acknowledged_pairs.load(), 0u);
  ASSERT_GT(failed.load(), 0) << "the kill must land while reports are still coming";

  ASSERT_NO_FATAL_FAILURE(coordinator.Start());
  v1::GetTestRequest get;
  get.set_test_id(test.id());
  v1::Test after;
  ASSERT_TRUE(coordinator.admin->GetTest(As(kAdminToken).get(), get, &after).ok());
  // Every acknowledged pair is there; a report in flight at the kill may have
  // committed without its acknowledgement arriving: at most one per sender.
  const uint64_t counted = after.pentanomial().dd_wl();
  EXPECT_GE(counted, acknowledged_pairs.load());
  uint64_t largest_report = 0;
  for (const v1::BatchReport& report : reports) largest_report = std::max<uint64_t>(largest_report, report.games_size() / 2);
  EXPECT_LE(counted, acknowledged_pairs.load() + 2 * largest_report);

  // Now resend everything: each pair ends up counted exactly once.
  for (const v1::BatchReport& report : reports) {
    v1::ReportAck ack;
    ASSERT_TRUE(coordinator.worker->ReportBatch(As(kWorkerToken).get(), report, &ack).ok());
  }
  ASSERT_TRUE(coordinator.admin->GetTest(As(kAdminToken).get(), get, &after).ok());
  uint64_t all_pairs = 0;
  for (const v1::BatchReport& report : reports) all_pairs += report.games_size() / 2;
  EXPECT_EQ(after.pentanomial().dd_wl(), all_pairs);
  coordinator.Kill();
}

}  // namespace
}  // namespace judkins
