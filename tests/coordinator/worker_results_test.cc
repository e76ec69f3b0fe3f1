// Each worker's share of a test on a real SQLite file: tallies, the
// crash/time-loss rule, outliers, and an admin's exclusion with its purge.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "absl/strings/str_cat.h"
#include "proto/convert/results.h"
#include "tests/coordinator/store_fixture.h"

namespace judkins::testing {
namespace {

class WorkerResultsTest : public StoreTest {
 protected:
  uint64_t NewWorker() {
    v1::WorkerCapabilities capabilities;
    capabilities.set_name(absl::StrCat("w", ++workers_made_));
    capabilities.set_concurrency(1);
    return *store_->RegisterWorker(capabilities, kSecretSha256, kNow);
  }
  // Leases `pairs` and reports every pair with the same two results.
  v1::Batch Play(uint64_t test, uint64_t worker, int pairs, v1::GameResult first, v1::GameResult second,
                 v1::Termination termination = v1::TERMINATION_CHECKMATE) {
    const v1::Batch batch = Lease(test, pairs, worker);
    v1::BatchReport report = ReportOf(batch, worker, first, second);
    for (v1::GameOutcome& game : *report.mutable_games()) game.set_termination(termination);
    EXPECT_TRUE(store_->RecordReport(report, kNow).ok());
    return batch;
  }
  // 10 pairs won by dev, 10 lost, 10 even: an honest worker of an even match.
  void PlayEvenly(uint64_t test, uint64_t worker) {
    Play(test, worker, 10, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);
    Play(test, worker, 10, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_BLACK_WINS);
    Play(test, worker, 10, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW);
  }
  static const v1::WorkerResult& Of(const v1::Test& test, uint64_t worker) {
    for (const v1::WorkerResult& result : test.workers())
      if (result.worker_id() == worker) return result;
    ADD_FAILURE() << "no worker " << worker;
    static const v1::WorkerResult none;
    return none;
  }
  uint64_t FixedTest(uint64_t pairs) {
    v1::TestSpec spec = Spec();
    spec.set_fixed_pairs(pairs);
    return store_->CreateTest(spec, kNow)->id();
  }
  int workers_made_ = 0;
};

TEST_F(WorkerResultsTest, EachWorkersShareIsKeptWithItsCrashesAndTimeLosses) {
  const uint64_t test = FixedTest(1000);
  const uint64_t a = NewWorker(), b = NewWorker();
  Play(test, a, 3, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);
  Play(test, b, 2, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_TIME_FORFEIT);
  const v1::Test shown = *store_->GetTest(test);
  ASSERT_EQ(shown.workers_size(), 2);
  EXPECT_EQ(Of(shown, a).pentanomial().ww(), 3u);
  EXPECT_EQ(Of(shown, a).wdl().wins(), 6u);
  EXPECT_EQ(Of(shown, a).name(), "w1");
  EXPECT_EQ(Of(shown, b).pentanomial().dd_wl(), 2u);
  EXPECT_EQ(Of(shown, b).time_losses(), 4u);
  EXPECT_EQ(Of(shown, b).crashes(), 0u);
  EXPECT_FALSE(shown.has_homogeneity()) << "too few pairs to test";
}

TEST_F(WorkerResultsTest, TheTestTalliesItsGamesByColourAndByHowEachEnginesGamesEnded) {
  const uint64_t test = FixedTest(1000);
  const uint64_t a = NewWorker(), b = NewWorker();
  Play(test, a, 3, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);  // dev wins both, by checkmate
  Play(test, b, 2, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_DRAW, v1::TERMINATION_TIME_FORFEIT);
  const v1::GameTally tally = store_->GetTest(test)->tally();
  EXPECT_EQ(tally.black_wins(), 3u);
  EXPECT_EQ(tally.white_wins(), 5u);
  EXPECT_EQ(tally.draws(), 2u);
  ASSERT_EQ(tally.dev_endings_size(), 2);
  EXPECT_EQ(tally.dev_endings(0).termination(), v1::TERMINATION_CHECKMATE);
  EXPECT_EQ(tally.dev_endings(0).wins(), 6u);
  EXPECT_EQ(tally.dev_endings(1).termination(), v1::TERMINATION_TIME_FORFEIT);
  EXPECT_EQ(tally.dev_endings(1).losses(), 2u);  // dev had Black in game 0, which White won
  EXPECT_EQ(tally.dev_endings(1).draws(), 2u);
  ASSERT_EQ(tally.base_endings_size(), 2);
  EXPECT_EQ(tally.base_endings(0).losses(), 6u);
  EXPECT_EQ(tally.base_endings(1).wins(), 2u);
  // A duplicate report counts nothing, in the tally as in the totals.
  const v1::Batch again = Lease(test, 1, a);
  ASSERT_TRUE(store_->RecordReport(ReportOf(again, a, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW), kNow).ok());
  ASSERT_TRUE(store_->RecordReport(ReportOf(again, a, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW), kNow).ok());
  EXPECT_EQ(store_->GetTest(test)->tally().draws(), 4u);
  // A purged worker's games leave the tally with its pairs.
  ASSERT_TRUE(store_->ExcludeWorker(test, b, "tampered build", kNow).ok());
  const v1::GameTally purged = store_->GetTest(test)->tally();
  EXPECT_EQ(purged.white_wins(), 3u);
  EXPECT_EQ(purged.draws(), 2u);
}

TEST_F(WorkerResultsTest, TheWorkerListSaysWhatEachPlaysNowAndItsGamesCrashesAndTimeLosses) {
  const uint64_t first = FixedTest(1000), second = FixedTest(1000);
  const uint64_t a = NewWorker(), b = NewWorker();
  Play(first, a, 3, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CRASH);
  Play(second, a, 2, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_TIME_FORFEIT);
  Lease(second, 1, a);
  Lease(first, 1, a);
  const std::vector<v1::WorkerInfo> workers = *store_->ListWorkers();
  auto find = [&](uint64_t id) {
    for (const v1::WorkerInfo& worker : workers)
      if (worker.id() == id) return worker;
    ADD_FAILURE() << "no worker " << id;
    return v1::WorkerInfo();
  };
  const v1::WorkerInfo shown = find(a);
  EXPECT_THAT(shown.playing_test_ids(), ::testing::ElementsAre(first, second));
  EXPECT_EQ(shown.batches_in_flight(), 2u);
  EXPECT_EQ(shown.games(), 10u);
  EXPECT_EQ(shown.crashes(), 6u);
  EXPECT_EQ(shown.time_losses(), 4u);
  const v1::WorkerInfo idle = find(b);
  EXPECT_EQ(idle.playing_test_ids_size(), 0);
  EXPECT_EQ(idle.games(), 0u);
}

TEST_F(WorkerResultsTest, AWorkerWhoseEnginesKeepCrashingGetsNoMoreOfTheTest) {
  const uint64_t test = FixedTest(1000);
  const uint64_t crashing = NewWorker(), healthy = NewWorker();
  Play(test, healthy, 2, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW);
  Play(test, crashing, 2, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_CRASH);
  const v1::Test shown = *store_->GetTest(test);
  EXPECT_EQ(Of(shown, crashing).crashes(), 4u);
  EXPECT_THAT(Of(shown, crashing).excluded_because(), ::testing::HasSubstr("4 crashes"));
  EXPECT_EQ(PairCount(shown.pentanomial()), 4u) << "its games so far still count";
  absl::StatusOr<std::optional<v1::Batch>> refused =
      store_->LeaseBatch(test, crashing, 2, kNow, kNow + absl::Minutes(5));
  ASSERT_TRUE(refused.ok());
  EXPECT_FALSE(refused->has_value());
  EXPECT_GT(Lease(test, 2, healthy).pairs_size(), 0);
}

TEST_F(WorkerResultsTest, AnEngineThatCrashesOnEveryWorkerKeepsLosingInsteadOfStallingTheTest) {
  const uint64_t test = FixedTest(1000);
  const uint64_t a = NewWorker(), b = NewWorker();
  for (uint64_t worker : {a, b, a, b})
    Play(test, worker, 2, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_CRASH);
  const v1::Test shown = *store_->GetTest(test);
  EXPECT_EQ(Of(shown, a).excluded_because(), "");
  EXPECT_EQ(Of(shown, b).excluded_because(), "");
  EXPECT_EQ(shown.wdl().losses(), 16u);
}

TEST_F(WorkerResultsTest, AForgerIsAnOutlierAndExcludingItPurgesAndReplaysItsPairs) {
  const uint64_t test = FixedTest(1000);
  std::vector<uint64_t> honest = {NewWorker(), NewWorker(), NewWorker()};
  for (uint64_t worker : honest) PlayEvenly(test, worker);
  const uint64_t forger = NewWorker();
  std::set<uint32_t> forged_pairs;
  for (int i = 0; i < 3; ++i) {
    const v1::Batch forged = Play(test, forger, 10, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);
    for (const v1::PairAssignment& pair : forged.pairs()) forged_pairs.insert(pair.pair_index());
  }
  v1::Test shown = *store_->GetTest(test);
  ASSERT_TRUE(shown.has_homogeneity());
  EXPECT_LT(shown.homogeneity().p_value(), 0.001);
  EXPECT_TRUE(Of(shown, forger).outlier());
  EXPECT_GT(Of(shown, forger).residual(), shown.homogeneity().z_99());
  for (uint64_t worker : honest) EXPECT_FALSE(Of(shown, worker).outlier()) << worker;

  absl::StatusOr<v1::Test> excluded = store_->ExcludeWorker(test, forger, "all wins, 30 pairs", kNow);
  ASSERT_TRUE(excluded.ok()) << excluded.status();
  shown = *excluded;
  EXPECT_EQ(PairCount(shown.pentanomial()), 90u) << "its 30 pairs are off the totals";
  EXPECT_EQ(shown.pentanomial().ww(), 30u);
  EXPECT_EQ(Of(shown, forger).excluded_because(), "excluded by admin: all wins, 30 pairs");
  EXPECT_EQ(PairCount(Of(shown, forger).pentanomial()), 0u);
  // Its pairs go out again, to the others; it gets nothing more.
  absl::StatusOr<std::optional<v1::Batch>> none = store_->LeaseBatch(test, forger, 10, kNow, kNow + absl::Minutes(5));
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
  std::set<uint32_t> replayed;
  for (int i = 0; i < 3; ++i) {
    const v1::Batch batch = Play(test, honest[i], 10, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW);
    for (const v1::PairAssignment& pair : batch.pairs()) replayed.insert(pair.pair_index());
  }
  EXPECT_EQ(replayed, forged_pairs);
  EXPECT_EQ(PairCount(store_->GetTest(test)->pentanomial()), 120u);
}

TEST_F(WorkerResultsTest, ATestItsWorkerFinishedRunsAgainOnceThatWorkerIsPurged) {
  const uint64_t test = FixedTest(4);
  Play(test, NewWorker(), 2, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW);
  const uint64_t forger = NewWorker();
  // Near the end a batch takes at most half of what is left: it plays the rest in turns.
  for (int i = 0; i < 4 && store_->GetTest(test)->state() != v1::TEST_STATE_FINISHED; ++i)
    Play(test, forger, 2, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);
  ASSERT_EQ(store_->GetTest(test)->state(), v1::TEST_STATE_FINISHED);
  const v1::Test reopened = *store_->ExcludeWorker(test, forger, "forged", kNow);
  EXPECT_EQ(reopened.state(), v1::TEST_STATE_RUNNING);
  EXPECT_EQ(reopened.finished_because(), "");
  EXPECT_EQ(PairCount(reopened.pentanomial()), 2u);
}

TEST_F(WorkerResultsTest, AReportArrivingAfterItsWorkersPurgeCountsNothing) {
  const uint64_t test = FixedTest(1000);
  const uint64_t worker = NewWorker();
  Play(test, worker, 2, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);
  const v1::Batch late = Lease(test, 3, worker);
  ASSERT_TRUE(store_->ExcludeWorker(test, worker, "tampered build", kNow).ok());
  absl::StatusOr<Store::ReportResult> result = store_->RecordReport(DevWinsAll(late, worker), kNow);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_FALSE(result->counted);
  EXPECT_EQ(PairCount(store_->GetTest(test)->pentanomial()), 0u);
  // Its pairs are played by someone else.
  const v1::Batch again = Lease(test, 5, NewWorker());
  EXPECT_EQ(again.pairs_size(), 5);
}

TEST_F(WorkerResultsTest, ExclusionIsRefusedForATuneAndForAWorkerWithNothingThere) {
  const uint64_t test = FixedTest(10);
  EXPECT_TRUE(absl::IsNotFound(store_->ExcludeWorker(test, worker_, "x", kNow).status()));
}

}  // namespace
}  // namespace judkins::testing
