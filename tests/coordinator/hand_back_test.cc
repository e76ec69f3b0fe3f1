// Batches a worker could not start (a book it lacks, an engine that does not
// check out): the worker waits before it is given the test again, longer each
// time in a row; a test handed back by every try is flagged, in its row and
// its log, until a batch counts games again. And a test whose stored row
// cannot be read is listed as damaged, never scheduled, and hides no other.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "coordinator/domain/hand_backs.h"
#include "tests/coordinator/store_fixture.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;
using testing::kNow;

class HandBackTest : public testing::StoreTest {
 protected:
  // A report that the batch could not be started.
  static v1::BatchReport CannotPlay(const v1::Batch& batch, uint64_t worker) {
    v1::BatchReport report;
    report.set_worker_id(worker);
    report.set_batch_id(batch.id());
    report.set_cannot_play_because("book 'missing' has 0 openings here, the test uses 500");
    report.set_hand_back_reason(v1::HAND_BACK_REASON_BOOK);
    return report;
  }
  // Whether the worker is given a batch of the test at `now`.
  bool Leases(uint64_t test, uint64_t worker, absl::Time now) {
    absl::StatusOr<std::optional<v1::Batch>> batch = store_->LeaseBatch(test, worker, 1, now, now + absl::Minutes(5));
    EXPECT_TRUE(batch.ok()) << batch.status();
    return batch.ok() && batch->has_value();
  }
};

TEST_F(HandBackTest, AWorkerThatCannotPlayATestWaitsLongerEachTimeInARow) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  absl::Time now = kNow;
  for (int64_t in_a_row = 1; in_a_row <= 4; ++in_a_row) {
    absl::StatusOr<std::optional<v1::Batch>> batch = store_->LeaseBatch(test, worker_, 1, now, now + absl::Minutes(5));
    ASSERT_TRUE(batch.ok() && batch->has_value()) << "hand-back " << in_a_row;
    absl::StatusOr<Store::ReportResult> result = store_->RecordReport(CannotPlay(**batch, worker_), now);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(result->hand_back, v1::HAND_BACK_REASON_BOOK);
    const absl::Duration wait = HandBackWait(in_a_row);
    EXPECT_EQ(wait, kFirstHandBackWait * (int64_t{1} << (in_a_row - 1)));
    EXPECT_FALSE(Leases(test, worker_, now)) << "not straight back after hand-back " << in_a_row;
    EXPECT_FALSE(Leases(test, worker_, now + wait - absl::Seconds(1)));
    // The other worker is not held back by this one's trouble...
    EXPECT_TRUE(Leases(test, worker2_, now)) << "hand-back " << in_a_row;
    now += wait;
    EXPECT_TRUE(store_->ExpireLeases(now + absl::Hours(1)).ok());
  }
  EXPECT_EQ(HandBackWait(100), kLongestHandBackWait);
}

TEST_F(HandBackTest, ATestHandedBackByEveryTryIsFlaggedUntilABatchCountsGames) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  absl::Time now = kNow;
  for (int64_t i = 1; i <= kUnplayableAfterHandBacks; ++i) {
    const uint64_t worker = i % 2 ? worker_ : worker2_;
    absl::StatusOr<std::optional<v1::Batch>> batch = store_->LeaseBatch(test, worker, 1, now, now + absl::Minutes(5));
    ASSERT_TRUE(batch.ok() && batch->has_value()) << i;
    absl::StatusOr<Store::ReportResult> result = store_->RecordReport(CannotPlay(**batch, worker), now);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_EQ(result->flagged_unplayable, i == kUnplayableAfterHandBacks) << i;
    EXPECT_EQ(store_->GetTest(test)->unplayable_because().empty(), i < kUnplayableAfterHandBacks) << i;
    now += kLongestHandBackWait;
  }
  const v1::Test flagged = *store_->GetTest(test);
  EXPECT_THAT(flagged.unplayable_because(), HasSubstr("3 batches in a row handed back unplayed"));
  EXPECT_THAT(flagged.unplayable_because(), HasSubstr("book 'missing'"));
  const v1::TestLog log = *store_->GetTestLog(test);
  ASSERT_FALSE(log.events().empty());
  EXPECT_EQ(log.events(log.events_size() - 1).kind(), v1::TEST_EVENT_KIND_UNPLAYABLE);
  // The pairs handed back went out again, none lost.
  EXPECT_EQ(flagged.pairs_in_flight(), 0u);
  EXPECT_GE(flagged.pairs_waiting(), 0u);

  // A worker that can play it clears the flag, and its own wait.
  absl::StatusOr<std::optional<v1::Batch>> played = store_->LeaseBatch(test, worker_, 1, now, now + absl::Minutes(5));
  ASSERT_TRUE(played.ok() && played->has_value());
  ASSERT_TRUE(store_->RecordReport(Report(**played, worker_), now).ok());
  EXPECT_EQ(store_->GetTest(test)->unplayable_because(), "");
  EXPECT_TRUE(Leases(test, worker_, now));
}

TEST_F(HandBackTest, AStoredSpecThatDoesNotParseIsListedAsDamagedAndHidesNoOtherTest) {
  const uint64_t damaged = store_->CreateTest(Spec(), kNow)->id();
  const uint64_t healthy = store_->CreateTest(Spec(), kNow)->id();
  store_.reset();
  {
    auto db = *sqlite::Database::Open(path_);
    ASSERT_TRUE(db->Execute(absl::StrCat("UPDATE tests SET spec = x'ffff' WHERE id = ", damaged)).ok());
  }
  Reopen();
  absl::StatusOr<std::vector<v1::Test>> tests = store_->ListTests(/*include_finished=*/true);
  ASSERT_TRUE(tests.ok()) << tests.status();
  ASSERT_EQ(tests->size(), 2u);
  for (const v1::Test& test : *tests)
    EXPECT_EQ(test.damaged().empty(), test.id() == healthy) << test.id() << ": " << test.damaged();
  absl::StatusOr<Store::TestPageRows> page = store_->ListTestsPage({}, nullptr, 0, 10);
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_EQ(page->total, 2u);
  // A filter matches the healthy one only; the scheduler never sees the damaged one.
  page = store_->ListTestsPage(
      {}, [](const v1::TestSpec& spec, const std::string&) { return spec.dev().name() == "dev"; }, 0, 10);
  ASSERT_TRUE(page.ok()) << page.status();
  EXPECT_EQ(page->total, 1u);
  absl::StatusOr<std::vector<ActiveTest>> active = store_->ActiveTests(/*count_in_flight=*/true);
  ASSERT_TRUE(active.ok()) << active.status();
  ASSERT_EQ(active->size(), 1u);
  EXPECT_EQ(active->front().id, healthy);
  EXPECT_THAT(store_->GetTest(damaged)->damaged(), HasSubstr("stored spec does not parse"));
}

}  // namespace
}  // namespace judkins
