// The store on a real SQLite file: tests, leases, idempotent reports,
// expiry and re-issue, SPRT and fixed-games stops, and durability.
#include "coordinator/store/store.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "coordinator/store/migrations.h"
#include "coordinator/store/test_rows.h"
#include "proto/contract.h"
#include "tests/coordinator/store_fixture.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;
using testing::kNow;
using ::testing::Not;
using testing::StoreTest;

TEST_F(StoreTest, CreatesListsGetsAndStopsTests) {
  const v1::Test created = *store_->CreateTest(Spec(), kNow);
  EXPECT_EQ(created.state(), v1::TEST_STATE_PENDING);
  EXPECT_EQ(created.spec().dev().name(), "dev");
  EXPECT_EQ(store_->GetTest(created.id())->id(), created.id());
  EXPECT_EQ(store_->ListTests(false)->size(), 1u);
  EXPECT_EQ(store_->StopTest(created.id(), kNow)->state(), v1::TEST_STATE_STOPPED);
  EXPECT_EQ(store_->ListTests(false)->size(), 0u);
  EXPECT_EQ(store_->ListTests(true)->size(), 1u);
  EXPECT_EQ(store_->GetTest(999).status().code(), absl::StatusCode::kNotFound);
  EXPECT_FALSE(store_->LeaseBatch(created.id(), worker_, 4, kNow, kNow)->has_value());  // stopped: no work
}

TEST_F(StoreTest, ReportsCountOnceHoweverOftenTheyArrive) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch batch = Lease(test, 3);
  ASSERT_EQ(batch.pairs_size(), 3);
  EXPECT_EQ(store_->GetTest(test)->pairs_in_flight(), 3u);
  absl::StatusOr<Store::ReportResult> first = store_->RecordReport(Report(batch, worker_), kNow);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_TRUE(first->counted);
  EXPECT_EQ(first->test_id, test);
  EXPECT_EQ(store_->GetTest(test)->pentanomial().ww(), 3u);
  EXPECT_EQ(store_->GetTest(test)->wdl().wins(), 6u);
  EXPECT_EQ(store_->GetTest(test)->pairs_in_flight(), 0u);
  for (int again = 0; again < 3; ++again) {
    absl::StatusOr<Store::ReportResult> duplicate = store_->RecordReport(Report(batch, worker_), kNow);
    ASSERT_TRUE(duplicate.ok()) << duplicate.status();
    EXPECT_FALSE(duplicate->counted);
    EXPECT_EQ(store_->GetTest(test)->pentanomial().ww(), 3u);
  }
}

TEST_F(StoreTest, TheLiveTestsCanBeReadWithoutTheirPerWorkerResults) {
  // The metrics read the live tests every second, their per-worker results
  // (a row per worker of the fleet) only every kWorkerGaugesInterval.
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  ASSERT_TRUE(store_->RecordReport(Report(Lease(test, 3), worker_), kNow).ok());
  absl::StatusOr<std::vector<v1::Test>> full = store_->ListLiveTests(kNow, TestDetail::kFull);
  absl::StatusOr<std::vector<v1::Test>> summary = store_->ListLiveTests(kNow, TestDetail::kWithoutWorkers);
  ASSERT_TRUE(full.ok() && summary.ok());
  ASSERT_EQ(full->size(), 1u);
  ASSERT_EQ(summary->size(), 1u);
  EXPECT_EQ(full->front().workers_size(), 1);
  EXPECT_EQ(summary->front().workers_size(), 0);
  EXPECT_EQ(summary->front().stats().games(), full->front().stats().games());
  EXPECT_EQ(summary->front().pentanomial().ww(), 3u);
}

TEST_F(StoreTest, RecordsAreKeptWithTheirBatchOnceAndReadInPages) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  std::vector<v1::Batch> batches;
  for (int i = 0; i < 3; ++i) batches.push_back(Lease(test, 1));
  for (int i = 0; i < 3; ++i) {
    v1::BatchReport report = Report(batches[i], worker_);
    report.set_records(absl::StrCat("[Event \"batch ", i, "\"]\n"));
    ASSERT_TRUE(store_->RecordReport(report, kNow)->counted);
  }
  v1::BatchReport again = Report(batches[0], worker_);
  again.set_records("a duplicate's records");
  EXPECT_FALSE(store_->RecordReport(again, kNow)->counted);
  absl::StatusOr<std::vector<Store::BatchRecords>> first = store_->RecordsAfter(test, 0, 2);
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_EQ(first->size(), 2u);
  EXPECT_EQ((*first)[0].records, "[Event \"batch 0\"]\n");
  absl::StatusOr<std::vector<Store::BatchRecords>> rest = store_->RecordsAfter(test, (*first)[1].batch_id, 2);
  ASSERT_EQ(rest->size(), 1u);
  EXPECT_EQ((*rest)[0].records, "[Event \"batch 2\"]\n");
  EXPECT_TRUE(store_->RecordsAfter(test, (*rest)[0].batch_id, 2)->empty());
}

TEST_F(StoreTest, BadReportsAreRefusedWithTheFieldNamed) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch batch = Lease(test, 2);
  v1::BatchReport report = Report(batch, worker_);
  report.set_batch_id(12345);
  EXPECT_THAT(std::string(store_->RecordReport(report, kNow).status().message()), HasSubstr("batch_id: no batch"));
  report = Report(batch, worker2_);
  EXPECT_EQ(store_->RecordReport(report, kNow).status().code(), absl::StatusCode::kPermissionDenied);
  report = Report(batch, worker_);
  report.mutable_games()->RemoveLast();  // one game of a pair missing
  EXPECT_THAT(std::string(store_->RecordReport(report, kNow).status().message()), HasSubstr("is incomplete"));
  report = Report(batch, worker_);
  report.mutable_games(0)->set_pair_index(77);
  EXPECT_THAT(std::string(store_->RecordReport(report, kNow).status().message()), HasSubstr("not part of batch"));
  report = Report(batch, worker_);
  report.mutable_games(0)->set_result(v1::GAME_RESULT_UNSPECIFIED);
  EXPECT_THAT(std::string(store_->RecordReport(report, kNow).status().message()), HasSubstr("has no result"));
  report = Report(batch, worker_);
  report.mutable_pentanomial()->set_ll(1);
  EXPECT_THAT(std::string(store_->RecordReport(report, kNow).status().message()), HasSubstr("pentanomial"));
  EXPECT_EQ(store_->GetTest(test)->wdl().wins(), 0u);  // nothing was counted
}

TEST_F(StoreTest, ExpiredLeasesAreReissuedAndLateReportsCountOnce) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch lost = Lease(test, 2, worker_, kNow + absl::Seconds(10));
  EXPECT_EQ(*store_->ExpireLeases(kNow + absl::Seconds(5)), 0);
  EXPECT_EQ(*store_->ExpireLeases(kNow + absl::Seconds(11)), 1);
  const v1::Batch again = Lease(test, 4, worker2_);
  ASSERT_EQ(again.pairs_size(), 4);
  EXPECT_EQ(again.pairs(0).pair_index(), lost.pairs(0).pair_index());  // re-issued first
  EXPECT_EQ(again.pairs(1).pair_index(), lost.pairs(1).pair_index());
  EXPECT_EQ(again.pairs(0).opening_index(), lost.pairs(0).opening_index());
  // The first worker was only late: its report still counts, once.
  EXPECT_TRUE(store_->RecordReport(Report(lost, worker_), kNow)->counted);
  absl::StatusOr<Store::ReportResult> second = store_->RecordReport(Report(again, worker2_), kNow);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_TRUE(second->counted);
  EXPECT_EQ(store_->GetTest(test)->pentanomial().ww(), 4u);  // 2 + the 2 new pairs, not 6
}

// The worker's next request after a lease whose answer it never got (the
// coordinator stopped between the commit and the answer).
absl::StatusOr<std::optional<v1::Batch>> LeaseFirst(Store& store, uint64_t test, uint64_t worker,
                                                    std::optional<std::vector<uint64_t>> held) {
  absl::Notification leased;
  absl::StatusOr<std::optional<v1::Batch>> result;
  store.LeaseFirstAsync({{test, 4}}, worker, std::move(held), kNow, kNow + absl::Minutes(5),
                        [&](absl::StatusOr<std::optional<v1::Batch>> batch) {
                          result = std::move(batch);
                          leased.Notify();
                        });
  leased.WaitForNotification();
  return result;
}

TEST_F(StoreTest, ALeaseWhoseAnswerNeverReachedTheWorkerIsHandedBackAtItsNextRequest) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch lost = Lease(test, 2);
  const v1::Batch spooled = Lease(test, 1);  // played; its report waits in the worker's spool
  const v1::Batch elsewhere = Lease(test, 1, worker2_);
  absl::StatusOr<std::optional<v1::Batch>> next =
      LeaseFirst(*store_, test, worker_, std::vector<uint64_t>{spooled.id()});
  ASSERT_TRUE(next.ok()) << next.status();
  ASSERT_TRUE(next->has_value());
  ASSERT_GE((*next)->pairs_size(), 2);
  EXPECT_EQ((*next)->pairs(0).pair_index(), lost.pairs(0).pair_index());  // out again, first
  EXPECT_EQ((*next)->pairs(1).pair_index(), lost.pairs(1).pair_index());
  // The spooled batch and the other worker's are still leased.
  EXPECT_EQ(store_->GetTest(test)->pairs_in_flight(), uint64_t(1 + 1 + (*next)->pairs_size()));
  EXPECT_TRUE(store_->RecordReport(Report(spooled, worker_), kNow)->counted);
  EXPECT_TRUE(store_->RecordReport(Report(elsewhere, worker2_), kNow)->counted);
  // Should the lost answer turn up after all, its pairs count once.
  EXPECT_TRUE(store_->RecordReport(Report(lost, worker_), kNow)->counted);
  EXPECT_TRUE(store_->RecordReport(Report(**next, worker_), kNow)->counted);
  EXPECT_EQ(store_->GetTest(test)->pentanomial().ww(), uint64_t(1 + 1 + (*next)->pairs_size()));
}

TEST_F(StoreTest, AWorkerThatDoesNotListWhatItHoldsKeepsItsLeases) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch first = Lease(test, 2);
  absl::StatusOr<std::optional<v1::Batch>> next = LeaseFirst(*store_, test, worker_, std::nullopt);
  ASSERT_TRUE(next.ok() && next->has_value()) << next.status();
  EXPECT_GT((*next)->pairs(0).pair_index(), first.pairs(1).pair_index());  // new pairs
  EXPECT_EQ(store_->GetTest(test)->pairs_in_flight(), uint64_t(2 + (*next)->pairs_size()));
}

TEST_F(StoreTest, PairsWithoutGamesAreHandedBackAndReissued) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch batch = Lease(test, 3);
  v1::BatchReport report = Report(batch, worker_);
  report.mutable_games()->DeleteSubrange(2, 4);  // only the first pair was played
  absl::StatusOr<Store::ReportResult> result = store_->RecordReport(report, kNow);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(store_->GetTest(test)->pentanomial().ww(), 1u);
  const v1::Batch again = Lease(test, 2, worker2_);
  ASSERT_EQ(again.pairs_size(), 2);
  EXPECT_EQ(again.pairs(0).pair_index(), batch.pairs(1).pair_index());
  EXPECT_EQ(again.pairs(1).pair_index(), batch.pairs(2).pair_index());
}

TEST_F(StoreTest, HeartbeatsExtendLeasesAndCarryStopOrders) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch batch = Lease(test, 1, worker_, kNow + absl::Seconds(10));
  const uint64_t ids[] = {batch.id()};
  EXPECT_TRUE(store_->Heartbeat(worker_, ids, kNow, kNow + absl::Minutes(1))->empty());
  EXPECT_EQ(*store_->ExpireLeases(kNow + absl::Seconds(30)), 0);  // extended
  ASSERT_TRUE(store_->StopTest(test, kNow).ok());
  EXPECT_THAT(*store_->Heartbeat(worker_, ids, kNow, kNow + absl::Minutes(1)), ::testing::ElementsAre(batch.id()));
  EXPECT_EQ(store_->Heartbeat(4242, ids, kNow, kNow).status().code(), absl::StatusCode::kNotFound);
}

TEST_F(StoreTest, SprtStopsTheTestWhenItDecides) {
  v1::TestSpec spec = Spec();
  spec.mutable_sprt()->set_elo1(50);
  const uint64_t test = store_->CreateTest(spec, kNow)->id();
  bool ended = false;
  for (int batch = 0; batch < 200 && !ended; ++batch) {
    absl::StatusOr<Store::ReportResult> result = store_->RecordReport(Report(Lease(test, 2), worker_), kNow);
    ASSERT_TRUE(result.ok()) << result.status();
    ended = result->test_ended;
  }
  const v1::Test finished = *store_->GetTest(test);
  EXPECT_EQ(finished.state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(finished.finished_because(), "sprt accepted");
  EXPECT_EQ(finished.stats().state(), "accepted");
  EXPECT_FALSE(store_->LeaseBatch(test, worker_, 2, kNow, kNow)->has_value());
}

TEST_F(StoreTest, FixedGamesTestsHandOutExactlyTheirPairs) {
  v1::TestSpec spec = Spec();
  spec.set_fixed_pairs(5);
  const uint64_t test = store_->CreateTest(spec, kNow)->id();
  // Guided: no batch takes more than half of what is left, so the tail is shared.
  const v1::Batch a = Lease(test, 3), b = Lease(test, 3), c = Lease(test, 3);
  EXPECT_EQ(a.pairs_size(), 3);
  EXPECT_EQ(b.pairs_size(), 1);
  EXPECT_EQ(c.pairs_size(), 1);
  EXPECT_FALSE(store_->LeaseBatch(test, worker_, 3, kNow, kNow)->has_value());
  for (const v1::Batch* batch : {&a, &b}) ASSERT_TRUE(store_->RecordReport(Report(*batch, worker_, false), kNow).ok());
  absl::StatusOr<Store::ReportResult> last = store_->RecordReport(Report(c, worker_, false), kNow);
  ASSERT_TRUE(last.ok()) << last.status();
  EXPECT_TRUE(last->test_ended);
  EXPECT_EQ(store_->GetTest(test)->finished_because(), "fixed games played");
  EXPECT_EQ(store_->GetTest(test)->pentanomial().dd_wl(), 5u);
}

TEST_F(StoreTest, ReportsArrivingTogetherAreCommittedTogetherAndEachCountsOnce) {
  v1::TestSpec spec = Spec();
  spec.set_fixed_pairs(100000);
  const uint64_t test = store_->CreateTest(spec, kNow)->id();
  // 160 leases at once: as many workers as that takes.
  std::vector<std::pair<v1::Batch, uint64_t>> batches;
  v1::WorkerCapabilities capabilities;
  capabilities.set_name("w");
  capabilities.set_concurrency(1);
  for (int i = 0; i < 160; ++i) {
    const uint64_t worker = i % contract::kMaxLeasesPerWorker == 0
                                ? *store_->RegisterWorker(capabilities, testing::kSecretSha256, kNow)
                                : batches.back().second;
    batches.emplace_back(Lease(test, 2, worker), worker);
  }
  std::atomic<int> next{0}, refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = next++; i < int(batches.size()); i = next++) {
        const auto& [batch, worker] = batches[i];
        v1::BatchReport report = Report(batch, worker);
        if (i % 10 == 0) report.mutable_games(0)->set_pair_index(999999);  // refused alone
        absl::StatusOr<Store::ReportResult> result = store_->RecordReport(report, kNow);
        if (!result.ok()) {
          ++refused;
          continue;
        }
        // Sent twice, counted once.
        EXPECT_FALSE(store_->RecordReport(Report(batch, worker), kNow)->counted);
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(refused.load(), 16);
  EXPECT_EQ(store_->GetTest(test)->pentanomial().ww(), 2u * (160 - 16));
}

TEST_F(StoreTest, EverythingCommittedSurvivesReopening) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  const v1::Batch batch = Lease(test, 2);
  ASSERT_TRUE(store_->RecordReport(Report(batch, worker_), kNow).ok());
  Reopen();
  const v1::Test reopened = *store_->GetTest(test);
  EXPECT_EQ(reopened.pentanomial().ww(), 2u);
  EXPECT_FALSE(store_->RecordReport(Report(batch, worker_), kNow)->counted);
  EXPECT_EQ(Lease(test, 1).pairs(0).pair_index(), 2u);  // pair numbering continues
}

TEST_F(StoreTest, ConnectedWorkersAndTheirCoresAreCountedFromTheirLastContact) {
  v1::WorkerCapabilities late;
  late.set_name("late");
  late.set_concurrency(5);
  ASSERT_TRUE(store_->RegisterWorker(late, testing::kSecretSha256, kNow + absl::Minutes(2)).ok());
  // Both fixture workers (2 cores each) were seen at kNow.
  absl::StatusOr<Store::ConnectedWorkers> all = store_->CountConnectedWorkers(kNow);
  ASSERT_TRUE(all.ok()) << all.status();
  EXPECT_EQ(all->workers, 3);
  EXPECT_EQ(all->cores, 9);
  absl::StatusOr<Store::ConnectedWorkers> recent = store_->CountConnectedWorkers(kNow + absl::Minutes(1));
  ASSERT_TRUE(recent.ok()) << recent.status();
  EXPECT_EQ(recent->workers, 1);
  EXPECT_EQ(recent->cores, 5);
  EXPECT_EQ(store_->CountConnectedWorkers(kNow + absl::Minutes(3))->workers, 0);
}

TEST_F(StoreTest, TestsAreCountedByStateAndOnlyLiveOrJustEndedOnesAreLoaded) {
  const uint64_t pending = store_->CreateTest(Spec(), kNow)->id();
  const uint64_t stopped_long_ago = store_->CreateTest(Spec(), kNow)->id();
  ASSERT_TRUE(store_->StopTest(stopped_long_ago, kNow).ok());
  const uint64_t stopped_now = store_->CreateTest(Spec(), kNow)->id();
  ASSERT_TRUE(store_->StopTest(stopped_now, kNow + absl::Minutes(10)).ok());
  const std::map<v1::TestState, int> by_state = *store_->CountTestsByState();
  EXPECT_EQ(by_state, (std::map<v1::TestState, int>{{v1::TEST_STATE_PENDING, 1}, {v1::TEST_STATE_STOPPED, 2}}));
  absl::StatusOr<std::vector<v1::Test>> live = store_->ListLiveTests(kNow + absl::Minutes(5));
  ASSERT_TRUE(live.ok()) << live.status();
  std::vector<uint64_t> ids;
  for (const v1::Test& test : *live) ids.push_back(test.id());
  EXPECT_THAT(ids, ::testing::ElementsAre(pending, stopped_now));
}

TEST_F(StoreTest, TheTestsStillMovingAreFoundThroughAnIndexNotByReadingTheHistory) {
  // The scheduler reads the active tests on every RequestWork: a scan of the
  // table would make every request cost as much as the whole history.
  auto db = *sqlite::Database::Open(path_);
  for (const char* query : {kSelectActiveTests, kSelectLiveTests}) {
    absl::StatusOr<sqlite::Statement> plan = db->Prepare(absl::StrCat("EXPLAIN QUERY PLAN ", query));
    ASSERT_TRUE(plan.ok()) << plan.status();
    std::string steps;
    while (*plan->Step()) absl::StrAppend(&steps, plan->Text(3), "\n");
    EXPECT_THAT(steps, HasSubstr("USING INDEX tests_by_state")) << query;
    EXPECT_THAT(steps, Not(HasSubstr("SCAN tests"))) << query;
  }
}

TEST_F(StoreTest, AnUpgradeFillsInTheConcurrencyOfWorkersRegisteredBefore) {
  store_.reset();
  {  // the database as schema version 8 left it: no concurrency column
    auto db = *sqlite::Database::Open(path_);
    // what versions 10 to 15 added
    ASSERT_TRUE(
        db->Execute("ALTER TABLE artifacts DROP COLUMN provenance; "
                    "DROP TABLE audit_log; DROP TABLE api_tokens; DROP TABLE accounts; "
                    "ALTER TABLE tests DROP COLUMN owner; "
                    "DROP TABLE test_events; DROP TABLE game_tallies; DROP TABLE worker_game_tallies; "
                    "DROP INDEX tests_by_state; DROP INDEX tests_by_update; "
                    "ALTER TABLE worker_results DROP COLUMN hand_backs; "
                    "ALTER TABLE worker_results DROP COLUMN backed_off_until_ms; "
                    "ALTER TABLE tests DROP COLUMN hand_backs; ALTER TABLE tests DROP COLUMN unplayable_because")
            .ok());
    ASSERT_TRUE(db->Execute("ALTER TABLE workers DROP COLUMN concurrency").ok());
    ASSERT_TRUE(db->Execute("UPDATE schema_version SET version = 8").ok());
  }
  Reopen();
  ASSERT_TRUE(store_);
  EXPECT_EQ(store_->CountConnectedWorkers(kNow)->cores, 4);  // two workers of 2
}

TEST_F(StoreTest, ADatabaseFromANewerCoordinatorIsRefused) {
  store_.reset();
  {
    auto db = *sqlite::Database::Open(path_);
    ASSERT_TRUE(db->Execute("UPDATE schema_version SET version = 99").ok());
  }
  absl::StatusOr<std::unique_ptr<Store>> store = Store::Open(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_THAT(std::string(store.status().message()), HasSubstr("newer than this coordinator"));
}

TEST_F(StoreTest, EveryConnectionRunsInWalModeWithFullSync) {
  // A kill -9 cannot show a missing fsync; the setting itself is checked.
  auto db = *sqlite::Database::Open(path_);
  EXPECT_EQ(*db->QueryText("PRAGMA synchronous"), "2");  // FULL
  EXPECT_EQ(*db->QueryText("PRAGMA journal_mode"), "wal");
}

TEST_F(StoreTest, ADamagedDatabaseIsRefusedAtStartWithAClearMessage) {
  // Enough rows for several pages, then a page of the tests table overwritten.
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(store_->CreateTest(Spec(), kNow).ok());
  store_.reset();
  {
    auto db = *sqlite::Database::Open(path_);
    ASSERT_TRUE(db->Execute("PRAGMA wal_checkpoint(TRUNCATE)").ok());
  }
  const int64_t page_size = 4096;
  ASSERT_GT(std::filesystem::file_size(path_), uint64_t(6 * page_size));
  {
    std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(3 * page_size);
    const std::string junk(page_size, '\x5a');
    file.write(junk.data(), std::streamsize(junk.size()));
  }
  absl::StatusOr<std::unique_ptr<Store>> store = Store::Open(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_THAT(std::string(store.status().message()), HasSubstr("restore it from a backup"));
}

TEST_F(StoreTest, AFileThatIsNotADatabaseIsRefused) {
  store_.reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + suffix);
  std::ofstream(path_) << "this is a text file, not a database; it is long enough to have a header......\n";
  absl::StatusOr<std::unique_ptr<Store>> store = Store::Open(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_THAT(std::string(store.status().message()), HasSubstr("not a database"));
}

}  // namespace
}  // namespace judkins
