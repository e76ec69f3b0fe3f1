// The cluster as an operator runs it: the coordinator and the workers in
// containers of the project's images (scripts/build-images) on a private
// network, and the faults a cluster sees, made with Docker itself: a killed
// worker, a worker cut off from the network, a killed coordinator, a rolling
// restart. Whatever happens, every pair counts once and the coordinator's
// totals are the games in its records.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "absl/strings/match.h"
#include "proto/convert/results.h"
#include "tests/support/docker_cluster.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

using testing::DockerCluster;
using testing::kAdminToken;

// Short leases and batches, so that faults bite within seconds.
const std::vector<std::string> kCoordinatorFlags = {"--lease-seconds=3", "--batch-seconds=2"};
constexpr absl::Duration kTestTimeout = absl::Seconds(300);

class ContainerFaultsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(cluster_.StartCoordinator(kCoordinatorFlags));
    engine_ = cluster_.UploadImageEngine();
  }

  // A test of the image's engine against itself with weaker material
  // (`weaker`) or unchanged, at 1500 nodes a move.
  uint64_t CreateTest(bool weaker, std::function<void(v1::TestSpec&)> edit) {
    v1::CreateTestRequest request;
    v1::TestSpec& spec = *request.mutable_spec() = testing::FixedPairsSpec(engine_, 0, 1500);
    if (weaker) {
      spec.mutable_base()->set_name("weak-material");
      for (const auto& [name, value] : {std::pair{"PawnValue", "40"}, {"RookValue", "300"}, {"BishopValue", "250"}}) {
        v1::EngineOption& option = *spec.mutable_base()->add_options();
        option.set_name(name);
        option.set_value(value);
      }
    }
    edit(spec);
    v1::Test test;
    const grpc::Status status = cluster_.admin->CreateTest(testing::As(kAdminToken).get(), request, &test);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return test.id();
  }
  uint64_t CreateFixedPairsTest(int pairs) {
    return CreateTest(false, [pairs](v1::TestSpec& spec) { spec.set_fixed_pairs(pairs); });
  }

  // The invariant of every fault: the records hold each game of each counted
  // pair once, and nothing else.
  void ExpectTotalsAreTheGamesInTheRecords(uint64_t id) {
    const v1::Test test = cluster_.Get(id);
    std::set<std::string> rounds;
    const std::vector<ParsedRecord> records = cluster_.Records(id);
    for (const ParsedRecord& record : records)
      EXPECT_TRUE(rounds.insert(record.tags.at("Round")).second) << "game " << record.tags.at("Round") << " twice";
    EXPECT_EQ(records.size(), 2 * PairCount(test.pentanomial())) << test.ShortDebugString();
    EXPECT_EQ(uint64_t(test.stats().games()), records.size());
  }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
  DockerCluster cluster_{scratch_.path()};
  std::string engine_;
};

TEST_F(ContainerFaultsTest, ThreeWorkerContainersRunAnSprtToH1AndTheTotalsAreTheGamesInTheRecords) {
  const uint64_t id = CreateTest(true, [](v1::TestSpec& spec) {
    spec.mutable_sprt()->set_elo0(0);
    spec.mutable_sprt()->set_elo1(30);
  });
  for (int i = 0; i < 3; ++i) cluster_.AddWorker();
  const v1::Test finished = cluster_.WaitForEnd(id, kTestTimeout);
  EXPECT_EQ(finished.finished_because(), "sprt accepted") << finished.ShortDebugString();
  // The images' HEALTHCHECKs: `judkins health` and `judkins-worker health`.
  EXPECT_TRUE(cluster_.WaitForHealth(cluster_.coordinator(), "healthy")) << cluster_.AllLogs();
  for (const std::string& worker : cluster_.workers())
    EXPECT_TRUE(cluster_.WaitForHealth(worker, "healthy")) << cluster_.Logs(worker);
  for (const std::string& worker : cluster_.workers()) cluster_.Stop(worker, 30);
  ExpectTotalsAreTheGamesInTheRecords(id);
}

TEST_F(ContainerFaultsTest, AKilledWorkerContainersPairsAreReissuedAndEachCountedOnce) {
  const uint64_t id = CreateFixedPairsTest(30);
  const std::string doomed = cluster_.AddWorker();
  ASSERT_TRUE(cluster_.WaitForLeases(1)) << cluster_.AllLogs();
  cluster_.Kill(doomed);  // mid-batch: its lease expires, its pairs go to the survivor
  cluster_.AddWorker();
  const v1::Test finished = cluster_.WaitForEnd(id, kTestTimeout);
  EXPECT_EQ(finished.state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(PairCount(finished.pentanomial()), 30u);
  ExpectTotalsAreTheGamesInTheRecords(id);
}

TEST_F(ContainerFaultsTest, AWorkerCutOffLongerThanItsLeaseDeliversItsSpoolAndCountsNothingTwice) {
  const uint64_t id = CreateFixedPairsTest(30);
  const std::string cut_off = cluster_.AddWorker();
  ASSERT_TRUE(cluster_.WaitForLeases(1)) << cluster_.AllLogs();
  cluster_.CutOff(cut_off);
  cluster_.AddWorker();  // takes the pairs of the expired lease
  // Longer than the 3 s lease and the 2 s batch: the cut-off worker finishes
  // its batch, cannot report, and keeps the report in its spool.
  for (const absl::Time until = absl::Now() + absl::Seconds(60);
       absl::Now() < until && !absl::StrContains(cluster_.Logs(cut_off), " waits");)
    absl::SleepFor(absl::Milliseconds(500));
  ASSERT_THAT(cluster_.Logs(cut_off), ::testing::HasSubstr("coordinator unavailable; report of batch"));
  absl::SleepFor(absl::Seconds(5));
  cluster_.Reconnect(cut_off);
  const v1::Test finished = cluster_.WaitForEnd(id, kTestTimeout);
  EXPECT_EQ(PairCount(finished.pentanomial()), 30u);
  // The late report is delivered once the worker's connection comes back
  // (gRPC's reconnection backoff may take a while): its spool empties, and its
  // health check says it hears from the coordinator again.
  testing::CommandResult spool, health;
  for (const absl::Time until = absl::Now() + absl::Seconds(180); absl::Now() < until;) {
    spool = cluster_.Docker({"exec", cut_off, "find", "/var/lib/judkins/worker/spool", "-name", "*.report"}, false);
    health = cluster_.Docker(
        {"exec", cut_off, "judkins-worker", "health", "--work-dir=/var/lib/judkins/worker", "--max-age=30"}, false);
    if (spool.exit_code == 0 && spool.out.empty() && health.exit_code == 0) break;
    absl::SleepFor(absl::Seconds(1));
  }
  EXPECT_EQ(spool.out, "") << cluster_.Logs(cut_off);
  EXPECT_EQ(health.exit_code, 0) << health.err << cluster_.Logs(cut_off);
  ExpectTotalsAreTheGamesInTheRecords(id);
}

TEST_F(ContainerFaultsTest, ACoordinatorKilledAndRestartedOnItsVolumeLosesNothingAcknowledged) {
  const uint64_t id = CreateFixedPairsTest(40);
  for (int i = 0; i < 2; ++i) cluster_.AddWorker();
  uint64_t acknowledged = 0;
  for (const absl::Time until = absl::Now() + absl::Seconds(120); absl::Now() < until && acknowledged < 6;) {
    acknowledged = PairCount(cluster_.Get(id).pentanomial());
    absl::SleepFor(absl::Milliseconds(200));
  }
  ASSERT_GE(acknowledged, 6u) << cluster_.AllLogs();
  cluster_.Kill(cluster_.coordinator());
  absl::SleepFor(absl::Seconds(4));  // the workers' reports wait in their spools
  ASSERT_NO_FATAL_FAILURE(cluster_.RestartCoordinator());
  EXPECT_GE(PairCount(cluster_.Get(id).pentanomial()), acknowledged);
  const v1::Test finished = cluster_.WaitForEnd(id, kTestTimeout);
  EXPECT_EQ(PairCount(finished.pentanomial()), 40u);
  ExpectTotalsAreTheGamesInTheRecords(id);
}

TEST_F(ContainerFaultsTest, ARollingRestartOfEveryWorkerLosesAndDoublesNoPair) {
  const uint64_t id = CreateFixedPairsTest(40);
  for (int i = 0; i < 3; ++i) cluster_.AddWorker({"--grace=10"});
  ASSERT_TRUE(cluster_.WaitForLeases(2)) << cluster_.AllLogs();
  // One at a time, as a Deployment's rolling update does: SIGTERM, the
  // worker finishes or hands back its batch within its grace, then starts again.
  for (const std::string& worker : cluster_.workers()) {
    cluster_.Stop(worker, 30);
    EXPECT_THAT(cluster_.Logs(worker), ::testing::HasSubstr("stopped"));
    cluster_.Start(worker);
  }
  const v1::Test finished = cluster_.WaitForEnd(id, kTestTimeout);
  EXPECT_EQ(PairCount(finished.pentanomial()), 40u);
  ExpectTotalsAreTheGamesInTheRecords(id);
}

}  // namespace
}  // namespace judkins
