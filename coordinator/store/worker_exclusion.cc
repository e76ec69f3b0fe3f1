// Taking a worker off a test (fishtest's purge): its counted pairs leave the
// totals and go out again to other workers, its records go, the SPRT is
// evaluated afresh on what remains, and it gets no more of the test's work.
#include <cassert>

#include "absl/strings/str_cat.h"
#include "coordinator/domain/test_rules.h"
#include "coordinator/store/batch_state.h"
#include "coordinator/store/game_tallies.h"
#include "coordinator/store/store.h"
#include "coordinator/store/test_events.h"
#include "coordinator/store/test_rows.h"
#include "coordinator/store/worker_results.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"

namespace judkins {

absl::StatusOr<v1::Test> Store::ExcludeWorker(uint64_t test_id, uint64_t worker_id, const std::string& reason,
                                              absl::Time now, const Caller& by) {
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    // Step 1. The test and the worker's share of it.
    absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
    if (!test.ok()) return test.status();
    if (test->spec.has_spsa())
      return absl::FailedPreconditionError("test_id: a tune's theta cannot be moved back; stop the tune instead");
    absl::StatusOr<std::optional<v1::WorkerResult>> share = LoadWorkerResult(*db_, test_id, worker_id);
    if (!share.ok()) return share.status();
    if (!share->has_value())
      return absl::NotFoundError(
          absl::StrCat("worker_id: worker ", worker_id, " has played nothing of test ", test_id));
    // Step 2. Its counted pairs, batch by batch, go back to the queue.
    absl::StatusOr<sqlite::Statement> batches =
        db_->Prepare("SELECT id, pairs FROM batches WHERE test_id = ? AND worker_id = ? AND state = ?");
    if (!batches.ok()) return batches.status();
    batches->Bind(1, int64_t(test_id)).Bind(2, int64_t(worker_id)).Bind(3, SqlValue(BatchState::kReported));
    std::vector<std::pair<uint64_t, v1::Batch>> reported;
    while (true) {
      absl::StatusOr<bool> row = batches->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      v1::Batch batch;
      if (!batch.ParseFromString(batches->Text(1)))
        return absl::DataLossError(absl::StrCat("batch ", batches->Int(0), ": stored pairs do not parse"));
      reported.emplace_back(batches->Int(0), std::move(batch));
    }
    uint64_t purged_pairs = 0;
    for (const auto& [batch_id, batch] : reported) {
      for (const v1::PairAssignment& pair : batch.pairs()) {
        absl::StatusOr<sqlite::Statement> uncount =
            db_->Cached("DELETE FROM counted_pairs WHERE test_id = ? AND pair_index = ? AND batch_id = ?");
        if (!uncount.ok()) return uncount.status();
        uncount->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair.pair_index())).Bind(3, int64_t(batch_id));
        if (absl::Status s = uncount->Run(); !s.ok()) return s;
        if (db_->changes() == 0) continue;  // another batch counted this pair
        ++purged_pairs;
        if (absl::Status s = RequeuePair(*db_, test_id, pair); !s.ok()) return s;
      }
      absl::StatusOr<sqlite::Statement> records = db_->Cached("DELETE FROM batch_records WHERE batch_id = ?");
      if (!records.ok()) return records.status();
      if (absl::Status s = records->Bind(1, int64_t(batch_id)).Run(); !s.ok()) return s;
    }
    // Every pair its share holds was counted from one of its batches.
    assert(purged_pairs == PairCount((*share)->pentanomial()));
    // Step 3. The totals without it, and the stop rules on what remains.
    const v1::TestState before = test->state;
    RemoveWorkerShare((*share)->pentanomial(), (*share)->wdl(), *test);
    test->updated = absl::ToUnixSeconds(now);
    if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
    if (absl::Status s = RemoveFromGameTallies(*db_, test_id, worker_id); !s.ok()) return s;
    // Step 4. No more work of this test for it; the log says why, and by whom.
    const std::string because = absl::StrCat("excluded by ", by.name, ": ", reason);
    if (absl::Status s = ExcludeWorkerResult(*db_, test_id, worker_id, because, /*purged=*/true); !s.ok()) return s;
    if (absl::Status s = LogWorkerExcluded(*db_, test_id, worker_id, test->updated, by.Label(), because); !s.ok())
      return s;
    return LogStateChange(*db_, before, *test, by.Label());
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

}  // namespace judkins
