// Kill -9 the coordinator process while reports stream in; after a restart
// every acknowledged report is there and nothing is counted twice.
#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "tests/support/admin_calls.h"
#include "tests/support/batch_reports.h"
#include "tests/support/coordinator_process.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/worker_calls.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

using testing::As;
using testing::CoordinatorProcess;
using testing::kAdminToken;
using testing::kWorkerToken;

TEST(CrashRecoveryTest, AcknowledgedReportsSurviveKillNineAndCountOnce) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string data_dir = scratch.path() + "/coordinator";
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
  // As many workers as it takes to hold 400 leases at once.
  std::map<uint64_t, v1::RegisterResponse> workers;
  auto as_worker = [&](uint64_t id) { return testing::AsWorker(kWorkerToken, workers[id]); };

  // Lease batches, then report them from two threads while the process dies.
  std::vector<v1::BatchReport> reports;
  v1::RegisterResponse registered;
  for (int i = 0; i < 400; ++i) {
    if (i % contract::kMaxLeasesPerWorker == 0) {
      ASSERT_TRUE(coordinator.worker->Register(As(kWorkerToken).get(), registration, &registered).ok());
      workers[registered.worker_id()] = registered;
    }
    v1::WorkRequest request;
    request.set_worker_id(registered.worker_id());
    v1::WorkResponse work;
    ASSERT_TRUE(coordinator.worker->RequestWork(as_worker(registered.worker_id()).get(), request, &work).ok());
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
        if (!coordinator.worker->ReportBatch(as_worker(reports[i].worker_id()).get(), reports[i], &ack).ok())
          ++failed;
        else if (ack.counted())
          acknowledged_pairs += reports[i].games_size() / 2;
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
  for (const v1::BatchReport& report : reports)
    largest_report = std::max<uint64_t>(largest_report, report.games_size() / 2);
  EXPECT_LE(counted, acknowledged_pairs.load() + 2 * largest_report);

  // Now resend everything: each pair ends up counted exactly once.
  for (const v1::BatchReport& report : reports) {
    v1::ReportAck ack;
    ASSERT_TRUE(coordinator.worker->ReportBatch(as_worker(report.worker_id()).get(), report, &ack).ok());
  }
  ASSERT_TRUE(coordinator.admin->GetTest(As(kAdminToken).get(), get, &after).ok());
  uint64_t all_pairs = 0;
  for (const v1::BatchReport& report : reports) all_pairs += report.games_size() / 2;
  EXPECT_EQ(after.pentanomial().dd_wl(), all_pairs);
  coordinator.Kill();
}

v1::Tune GetTune(testing::CoordinatorProcess& coordinator, uint64_t test_id) {
  v1::GetTuneRequest request;
  request.set_test_id(test_id);
  v1::Tune tune;
  const grpc::Status status = coordinator.admin->GetTune(As(kAdminToken).get(), request, &tune);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return tune;
}

std::vector<double> ThetaOf(const v1::Tune& tune) {
  std::vector<double> theta;
  for (const v1::TunedParameter& parameter : tune.parameters()) theta.push_back(parameter.value());
  return theta;
}

TEST(CrashRecoveryTest, ATuneResumesItsThetaExactlyAfterKillNine) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string data_dir = scratch.path() + "/coordinator";
  CoordinatorProcess coordinator(data_dir);
  ASSERT_NO_FATAL_FAILURE(coordinator.Start());
  const std::string sha256 = testing::UploadBytes(*coordinator.admin, "an engine to tune", kAdminToken);
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(sha256, 1);
  v1::SpsaSpec& spsa = *create.mutable_spec()->mutable_spsa();
  for (const char* name : {"PawnValue", "GoldValue", "KingSafety"}) {
    v1::SpsaParameter& parameter = *spsa.add_parameters();
    parameter.set_name(name);
    parameter.set_start(300);
    parameter.set_min(0);
    parameter.set_max(1000);
    parameter.set_c_end(10);
    parameter.set_r_end(0.002);
  }
  spsa.set_pairs(100'000);
  v1::Test test;
  ASSERT_TRUE(coordinator.admin->CreateTest(As(kAdminToken).get(), create, &test).ok());
  v1::RegisterRequest registration;
  registration.mutable_capabilities()->set_name("w");
  registration.mutable_capabilities()->set_concurrency(2);
  v1::RegisterResponse registered;
  ASSERT_TRUE(coordinator.worker->Register(As(kWorkerToken).get(), registration, &registered).ok());
  auto play_batch = [&](int i) {
    v1::WorkRequest request;
    request.set_worker_id(registered.worker_id());
    v1::WorkResponse work;
    EXPECT_TRUE(
        coordinator.worker->RequestWork(testing::AsWorker(kWorkerToken, registered).get(), request, &work).ok());
    // A mix of results, so theta wanders in every direction.
    const v1::GameResult results[] = {v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_DRAW};
    const v1::BatchReport report =
        testing::ReportOf(work.batch(), registered.worker_id(), results[i % 3], results[(i / 3) % 3]);
    v1::ReportAck ack;
    EXPECT_TRUE(coordinator.worker->ReportBatch(testing::AsWorker(kWorkerToken, registered).get(), report, &ack).ok());
    EXPECT_TRUE(ack.counted());
    return work.batch();
  };
  for (int i = 0; i < 30; ++i) play_batch(i);
  const v1::Tune before = GetTune(coordinator, test.id());
  EXPECT_EQ(before.iterations(), 60u);  // 30 batches of 2 pairs

  coordinator.Kill();
  ASSERT_NO_FATAL_FAILURE(coordinator.Start());
  const v1::Tune after = GetTune(coordinator, test.id());
  EXPECT_EQ(ThetaOf(after), ThetaOf(before));  // exactly: every bit of every double
  EXPECT_EQ(after.iterations(), before.iterations());

  // And it goes on from there: the next batch is drawn at k = 61 and moves
  // the restored theta by exactly one SPSA step.
  const v1::Batch next = play_batch(30);  // results[0], results[1]: dev wins both games of both pairs
  EXPECT_EQ(next.spsa_iteration(), 61u);
  std::vector<double> expected = ThetaOf(after);
  const v1::SpsaSpec stored = next.spec().spsa();
  tuner::ApplyBatch(stored, expected, 61, *tuner::ParseFlips(next.spsa_flips(), 3), 4);
  EXPECT_EQ(ThetaOf(GetTune(coordinator, test.id())), expected);
  coordinator.Kill();
}

}  // namespace
}  // namespace judkins
