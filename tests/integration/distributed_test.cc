// The whole system as processes on loopback: a coordinator, workers running
// real engines, and the faults a cluster sees.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "common/sha256.h"
#include "proto/contract.h"
#include "proto/convert/results.h"
#include "records/game_record_format.h"
#include "tests/support/coordinator_process.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/worker_process.h"
#include "worker/daemon/bench_signature.h"

namespace judkins {
namespace {

using testing::As;
using testing::CoordinatorProcess;
using testing::kAdminToken;
using testing::ScratchDirectory;
using testing::WorkerProcess;

const std::string kSource = JUDKINS_SOURCE_DIR;

class DistributedTest : public ::testing::Test {
 protected:
  void StartCoordinator(std::vector<std::string> flags = {"--lease-seconds=3", "--batch-seconds=2"}) {
    coordinator_ = std::make_unique<CoordinatorProcess>(root_ + "/coordinator", flags);
    ASSERT_NO_FATAL_FAILURE(coordinator_->Start());
  }
  uint64_t CreateTest(const std::string& dev_sha, const std::string& base_sha,
                      std::function<void(v1::TestSpec&)> edit) {
    v1::CreateTestRequest request;
    v1::TestSpec& spec = *request.mutable_spec();
    spec.mutable_dev()->set_name("dev");
    spec.mutable_dev()->set_artifact_sha256(dev_sha);
    spec.mutable_base()->set_name("base");
    spec.mutable_base()->set_artifact_sha256(base_sha);
    spec.mutable_time_control()->set_nodes(1500);
    spec.set_book("default");
    spec.set_book_size(500);
    edit(spec);
    v1::Test test;
    const grpc::Status status = coordinator_->admin->CreateTest(As(kAdminToken).get(), request, &test);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return test.id();
  }
  v1::Test WaitForEnd(uint64_t id, absl::Duration timeout = absl::Seconds(180)) {
    const absl::Time deadline = absl::Now() + timeout;
    v1::Test test;
    while (absl::Now() < deadline) {
      test = coordinator_->Get(id);
      if (test.state() == v1::TEST_STATE_FINISHED || test.state() == v1::TEST_STATE_STOPPED) return test;
      absl::SleepFor(absl::Milliseconds(200));
    }
    ADD_FAILURE() << "test " << id << " did not end: " << test.ShortDebugString();
    return test;
  }
  static uint64_t Pairs(const v1::Test& test) { return PairCount(test.pentanomial()); }
  // Until the workers hold `count` leases in all.
  bool WaitForLeases(uint64_t count, absl::Duration timeout = absl::Seconds(30)) {
    for (const absl::Time deadline = absl::Now() + timeout; absl::Now() < deadline;) {
      if (testing::BatchesInFlight(*coordinator_->admin, kAdminToken) >= count) return true;
      absl::SleepFor(absl::Milliseconds(50));
    }
    return false;
  }
  static bool WaitForLog(std::vector<WorkerProcess*> workers, const std::string& text,
                         absl::Duration timeout = absl::Seconds(60)) {
    for (const absl::Time deadline = absl::Now() + timeout; absl::Now() < deadline;) {
      for (WorkerProcess* worker : workers)
        if (absl::StrContains(worker->Log(), text)) return true;
      absl::SleepFor(absl::Milliseconds(100));
    }
    return false;
  }
  // The games in the workers' records; each (pair, game) must appear once.
  static uint64_t GamesOnce(std::vector<WorkerProcess*> workers) {
    std::set<std::string> rounds;
    uint64_t games = 0;
    for (WorkerProcess* worker : workers)
      for (const ParsedRecord& record : worker->Records()) {
        ++games;
        EXPECT_TRUE(rounds.insert(record.tags.at("Round")).second) << "game " << record.tags.at("Round") << " twice";
      }
    return games;
  }
  static int SpooledFiles(const std::string& work_dir) {
    int reports = 0;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(work_dir + "/spool", error))
      reports += absl::EndsWith(entry.path().string(), ".report");
    return reports;
  }
  static int SpooledFiles(const WorkerProcess& worker) { return SpooledFiles(worker.directory()); }
  ScratchDirectory scratch_{testing::CurrentTestName()};  // declared first: removed after the processes stop
  const std::string root_ = scratch_.path();
  std::unique_ptr<CoordinatorProcess> coordinator_;
};

TEST_F(DistributedTest, ThreeWorkersRunAnSprtToH1AndTheTotalsMatchTheirGames) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) {
    for (const char* option : {"PawnValue=50", "RookValue=300", "BishopValue=250"}) {
      std::vector<std::string> parts = absl::StrSplit(option, '=');
      v1::EngineOption& o = *spec.mutable_base()->add_options();
      o.set_name(parts[0]);
      o.set_value(parts[1]);
    }
    spec.mutable_sprt()->set_elo0(0);
    spec.mutable_sprt()->set_elo1(30);
  });
  std::vector<std::unique_ptr<WorkerProcess>> workers;
  for (int i = 0; i < 3; ++i)
    workers.push_back(std::make_unique<WorkerProcess>(*coordinator_, absl::StrCat(root_, "/w", i)));
  const v1::Test finished = WaitForEnd(id);
  EXPECT_EQ(finished.finished_because(), "sprt accepted");
  for (auto& worker : workers) EXPECT_EQ(worker->Terminate(), 0) << worker->Log();
  uint64_t games = 0;
  for (auto& worker : workers) games += worker->Records().size();
  EXPECT_EQ(2 * Pairs(coordinator_->Get(id)), games);  // batches in flight at the end were reported too
}

TEST_F(DistributedTest, IdenticalEnginesPlayAFixedGamesTestToItsEnd) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(6); });
  WorkerProcess a(*coordinator_, root_ + "/a"), b(*coordinator_, root_ + "/b");
  const v1::Test finished = WaitForEnd(id);
  EXPECT_EQ(finished.finished_because(), "fixed games played");
  EXPECT_EQ(Pairs(finished), 6u);
  EXPECT_EQ(a.Terminate(), 0);
  EXPECT_EQ(b.Terminate(), 0);
  EXPECT_EQ(a.Records().size() + b.Records().size(), 12u);
  // The workers sent them along: the coordinator has the same twelve games.
  v1::GetRecordsRequest request;
  request.set_test_id(id);
  auto context = As(kAdminToken);
  auto reader = coordinator_->admin->GetRecords(context.get(), request);
  std::string records;
  for (v1::RecordsChunk chunk; reader->Read(&chunk);) records += chunk.records();
  ASSERT_TRUE(reader->Finish().ok());
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(records);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->size(), 12u);
}

TEST_F(DistributedTest, AKilledWorkersLeaseIsReissuedAndNoGameCountsTwice) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) {
    spec.set_fixed_pairs(8);
    spec.mutable_time_control()->set_nodes(20000);  // slow enough to be caught mid-batch
  });
  WorkerProcess doomed(*coordinator_, root_ + "/doomed");
  ASSERT_TRUE(WaitForLeases(1)) << "the doomed worker never held a lease";
  doomed.Kill();
  WorkerProcess survivor(*coordinator_, root_ + "/survivor");
  const v1::Test finished = WaitForEnd(id);
  EXPECT_EQ(Pairs(finished), 8u);
  EXPECT_EQ(survivor.Terminate(), 0);
  // The pairs of the lease the killed worker held were played again by the
  // survivor: together their records hold every game once.
  EXPECT_EQ(GamesOnce({&doomed, &survivor}), 16u);
  EXPECT_LT(doomed.Records().size(), 16u);
}

TEST_F(DistributedTest, ReportsSpooledWhileTheCoordinatorIsDownAreDeliveredAfterItsRestart) {
  // Leases outlast the test, so no pair is ever re-issued: each is counted
  // from the report of the batch that played it, spooled or not.
  StartCoordinator({"--lease-seconds=600", "--batch-seconds=2"});
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(16); });
  WorkerProcess a(*coordinator_, root_ + "/a"), b(*coordinator_, root_ + "/b");
  // Killed while a worker plays its second batch (its first was reported):
  // killed between batches instead, the workers would have nothing to spool.
  const auto batches_received = [&] {
    const std::string logs = a.Log() + b.Log(), line = "judkins-worker: batch ";
    int count = 0;
    for (size_t at = logs.find(line); at != std::string::npos; at = logs.find(line, at + 1)) ++count;
    return count;
  };
  while (batches_received() < 3) absl::SleepFor(absl::Milliseconds(10));
  coordinator_->Kill();
  // The workers finish batches they cannot report, and spool them.
  ASSERT_TRUE(WaitForLog({&a, &b}, "waits")) << a.Log() << b.Log();
  ASSERT_NO_FATAL_FAILURE(coordinator_->Start());
  const v1::Test finished = WaitForEnd(id, absl::Seconds(300));
  EXPECT_EQ(Pairs(finished), 16u) << a.Log() << b.Log();
  EXPECT_EQ(a.Terminate(), 0);
  EXPECT_EQ(b.Terminate(), 0);
  EXPECT_EQ(GamesOnce({&a, &b}), 32u);
  EXPECT_EQ(SpooledFiles(a) + SpooledFiles(b), 0);
}

TEST_F(DistributedTest, AWorkerRestartedWithReportsInItsSpoolDeliversThemAsItself) {
  StartCoordinator({"--lease-seconds=600", "--batch-seconds=2"});
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(6); });
  {
    WorkerProcess worker(*coordinator_, root_ + "/w");
    ASSERT_TRUE(WaitForLeases(1));
    coordinator_->Kill();
    ASSERT_TRUE(WaitForLog({&worker}, "waits")) << worker.Log();
    EXPECT_EQ(worker.Terminate(), 0);  // gives up sending; the report stays on disk
  }
  ASSERT_GE(SpooledFiles(root_ + "/w"), 1);
  ASSERT_NO_FATAL_FAILURE(coordinator_->Start());
  WorkerProcess restarted(*coordinator_, root_ + "/w");
  const v1::Test finished = WaitForEnd(id, absl::Seconds(120));
  EXPECT_EQ(Pairs(finished), 6u);
  EXPECT_EQ(restarted.Terminate(), 0);
  EXPECT_THAT(restarted.Log(), ::testing::HasSubstr("resuming as worker"));
  EXPECT_THAT(restarted.Log(), ::testing::Not(::testing::ContainsRegex("report of batch [0-9]+ refused")));
  EXPECT_EQ(SpooledFiles(restarted), 0);
}

TEST_F(DistributedTest, SigtermInTheMiddleOfABatchHandsBackWhatWasNotPlayed) {
  // Leases outlast the test: its unplayed pairs come back only if handed back.
  // Long batches: half the test (guided scheduling) goes to the first worker.
  StartCoordinator({"--lease-seconds=600", "--batch-seconds=86400"});
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) {
    spec.set_fixed_pairs(12);
    spec.mutable_time_control()->set_nodes(20000);
  });
  WorkerProcess stopped(*coordinator_, root_ + "/stopped", "", {"--grace", "1"});
  ASSERT_TRUE(WaitForLeases(1));
  absl::SleepFor(absl::Seconds(1));
  EXPECT_EQ(stopped.Terminate(), 0);
  EXPECT_THAT(stopped.Log(), ::testing::HasSubstr("stopping: finishing batch"));
  EXPECT_THAT(stopped.Log(), ::testing::HasSubstr("handing back"));
  EXPECT_EQ(coordinator_->Get(id).pairs_in_flight(), 0u);
  WorkerProcess survivor(*coordinator_, root_ + "/survivor");
  const v1::Test finished = WaitForEnd(id);
  EXPECT_EQ(Pairs(finished), 12u);
  EXPECT_EQ(survivor.Terminate(), 0);
  EXPECT_EQ(GamesOnce({&stopped, &survivor}), 24u);
}

TEST_F(DistributedTest, SpooledReportsThatAreRefusedOrUnreadableAreSetAsideLoudlyAndWorkGoesOn) {
  StartCoordinator();
  const std::string spool = root_ + "/w/spool";
  std::filesystem::create_directories(spool);
  v1::BatchReport unknown_batch;
  unknown_batch.set_worker_id(1);
  unknown_batch.set_batch_id(999999);
  std::ofstream(spool + "/batch-999999.report", std::ios::binary) << unknown_batch.SerializeAsString();
  std::ofstream(spool + "/batch-5.report", std::ios::binary) << "\x0a\x05\xff\xff";
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(2); });
  WorkerProcess worker(*coordinator_, root_ + "/w");
  EXPECT_EQ(Pairs(WaitForEnd(id, absl::Seconds(60))), 2u);
  EXPECT_EQ(worker.Terminate(), 0);
  EXPECT_TRUE(std::filesystem::exists(spool + "/batch-999999.report.refused"));
  EXPECT_TRUE(std::filesystem::exists(spool + "/batch-5.report.unreadable"));
  EXPECT_THAT(worker.Log(), ::testing::HasSubstr("report of batch 999999 refused"));
  EXPECT_THAT(worker.Log(), ::testing::HasSubstr("ERROR: unreadable spooled report"));
}

TEST_F(DistributedTest, ACorruptCachedArtifactIsFetchedAgainNeverRun) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t first = CreateTest(engine, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(1); });
  {
    WorkerProcess worker(*coordinator_, root_ + "/w");
    WaitForEnd(first);
    EXPECT_EQ(worker.Terminate(), 0);
  }
  const std::string cached = root_ + "/w/cache/" + engine;
  ASSERT_TRUE(std::filesystem::exists(cached));
  std::ofstream(cached, std::ios::binary | std::ios::trunc) << "#!/bin/sh\necho corrupted\n";
  const uint64_t second = CreateTest(engine, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(1); });
  WorkerProcess worker(*coordinator_, root_ + "/w");
  const v1::Test finished = WaitForEnd(second);
  EXPECT_EQ(Pairs(finished), 1u);
  EXPECT_EQ(*Sha256OfFile(cached), engine);
  for (const ParsedRecord& record : worker.Records()) EXPECT_NE(record.tags.at("Termination"), "crash");
  EXPECT_EQ(worker.Terminate(), 0);
}

TEST_F(DistributedTest, AWorkerSlowerThanTheReferencePlaysAScaledTimeControlAndRecordsIt) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  // Far above any machine: the worker's scale reaches its bound, ten times.
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) {
    spec.mutable_time_control()->set_fischer("0.1+0.001");
    spec.set_reference_speed(contract::kMaxReferenceSpeed);
    spec.set_fixed_pairs(1);
  });
  WorkerProcess worker(*coordinator_, root_ + "/w", "", {"--speed-engine", JUDKINS_ENGINE_PATH});
  EXPECT_EQ(WaitForEnd(id).state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(worker.Terminate(), 0);
  const std::vector<ParsedRecord> records = worker.Records();
  ASSERT_EQ(records.size(), 2u);
  for (const ParsedRecord& record : records) EXPECT_EQ(record.tags.at("TimeControl"), "1+0.01");
}

TEST_F(DistributedTest, AWorkerWhoseBuildBenchesDifferentlyRefusesTheTestAndTheCoordinatorSaysWhy) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(engine, engine, [](v1::TestSpec& spec) {
    spec.mutable_dev()->set_bench_signature(12345);  // not what judkins-engine's bench prints
    spec.set_fixed_pairs(2);
  });
  WorkerProcess worker(*coordinator_, root_ + "/w");
  v1::Test test;
  for (const absl::Time deadline = absl::Now() + absl::Seconds(60);
       absl::Now() < deadline && (test.workers_size() == 0 || test.workers(0).excluded_because().empty());)
    test = coordinator_->Get(id), absl::SleepFor(absl::Milliseconds(100));
  ASSERT_EQ(test.workers_size(), 1) << worker.Log();
  EXPECT_THAT(
      test.workers(0).excluded_because(),
      ::testing::MatchesRegex("refused: engine dev: its bench signature here is [0-9]+, the test expects 12345"));
  // None of it was played, all of it waits for a worker with the right build.
  EXPECT_EQ(Pairs(test), 0u);
  EXPECT_EQ(test.pairs_waiting(), 2u);
  EXPECT_EQ(test.pairs_in_flight(), 0u);
  EXPECT_EQ(worker.Terminate(), 0);
}

TEST_F(DistributedTest, AWorkerWhoseBuildBenchesAsDeclaredPlaysTheTest) {
  StartCoordinator();
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  absl::StatusOr<uint64_t> signature = RunBenchSignature(JUDKINS_ENGINE_PATH, root_, root_ + "/bench.stderr");
  ASSERT_TRUE(signature.ok()) << signature.status();
  const uint64_t id = CreateTest(engine, engine, [&](v1::TestSpec& spec) {
    spec.mutable_dev()->set_bench_signature(*signature);
    spec.mutable_base()->set_bench_signature(*signature);
    spec.set_fixed_pairs(2);
  });
  WorkerProcess worker(*coordinator_, root_ + "/w");
  EXPECT_EQ(WaitForEnd(id).state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(worker.Terminate(), 0);
}

TEST_F(DistributedTest, AnEngineThatAlwaysCrashesLosesEveryGameAndTheWorkerCarriesOn) {
  StartCoordinator();
  const std::string crasher = coordinator_->Upload(kSource + "/tests/fixtures/crashing_engine.sh");
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(crasher, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(3); });
  WorkerProcess worker(*coordinator_, root_ + "/w");
  const v1::Test finished = WaitForEnd(id);
  EXPECT_EQ(finished.wdl().losses(), 6u);
  const std::vector<ParsedRecord> records = worker.Records();
  ASSERT_EQ(records.size(), 6u);
  for (const ParsedRecord& record : records) EXPECT_EQ(record.tags.at("Termination"), "crash");
  EXPECT_EQ(worker.Terminate(), 0);
}

TEST_F(DistributedTest, AnEngineThatAnswersInBytesThatAreNotUtf8HasItsLossesCounted) {
  // Its reasons once made reports that the worker's spool could not read
  // back: the pairs were leased again forever and the losses never counted.
  StartCoordinator();
  const std::string wrapper = root_ + "/not_utf8_engine.sh";
  std::ofstream(wrapper) << "#!/bin/sh\nexec " << kSource << "/tests/fixtures/misbehaving_engine.sh not-utf8\n";
  const std::string babbler = coordinator_->Upload(wrapper);
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(babbler, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(3); });
  WorkerProcess worker(*coordinator_, root_ + "/w");
  const v1::Test finished = WaitForEnd(id, absl::Seconds(60));
  EXPECT_EQ(finished.finished_because(), "fixed games played");
  EXPECT_EQ(finished.wdl().losses(), 6u);
  EXPECT_EQ(finished.pentanomial().ll(), 3u);
  EXPECT_EQ(finished.pairs_in_flight(), 0u);
  for (const ParsedRecord& record : worker.Records()) EXPECT_EQ(record.tags.at("Termination"), "illegal move");
  EXPECT_EQ(worker.Terminate(), 0);
  EXPECT_THAT(worker.Log(), ::testing::Not(::testing::HasSubstr("unreadable")));
}

TEST_F(DistributedTest, AnUploadedEngineSeesNoneOfTheWorkersEnvironmentAndRunsInItsOwnDirectory) {
  StartCoordinator();
  const std::string wrapper = root_ + "/snooping_engine.sh";
  std::ofstream(wrapper) << "#!/bin/sh\nexec " << kSource << "/tests/fixtures/misbehaving_engine.sh environment\n";
  const std::string snoop = coordinator_->Upload(wrapper);
  const std::string engine = coordinator_->Upload(JUDKINS_ENGINE_PATH);
  const uint64_t id = CreateTest(snoop, engine, [](v1::TestSpec& spec) { spec.set_fixed_pairs(1); });
  // As a careless operator would start it: the admin token in its environment.
  setenv("JUDKINS_ADMIN_TOKEN", kAdminToken, 1);
  WorkerProcess worker(*coordinator_, root_ + "/w");
  unsetenv("JUDKINS_ADMIN_TOKEN");
  WaitForEnd(id, absl::Seconds(60));
  EXPECT_EQ(worker.Terminate(), 0);
  const std::string directory = root_ + "/w/engines/" + snoop.substr(0, 12);
  std::ifstream in(directory + "/environment.txt");
  std::stringstream seen;
  seen << in.rdbuf();
  EXPECT_THAT(seen.str(), ::testing::HasSubstr("PWD_IS=" + directory));
  EXPECT_THAT(seen.str(), ::testing::Not(::testing::HasSubstr(kAdminToken)));
  EXPECT_THAT(seen.str(), ::testing::Not(::testing::HasSubstr("JUDKINS")));
}

TEST_F(DistributedTest, AWorkerWithAWrongTokenIsRefusedWithAClearMessage) {
  StartCoordinator();
  const std::string bad_token = root_ + "/bad.token";
  std::ofstream(bad_token) << "this-is-not-the-worker-token";
  WorkerProcess worker(*coordinator_, root_ + "/w", bad_token);
  for (int i = 0; i < 100 && !worker.Exited(); ++i) absl::SleepFor(absl::Milliseconds(100));
  EXPECT_TRUE(worker.Exited());
  EXPECT_THAT(worker.Log(), ::testing::HasSubstr("the coordinator refused this worker: invalid token"));
}

}  // namespace
}  // namespace judkins
