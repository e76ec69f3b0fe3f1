// Each worker's share of a test (table worker_results): its counted pairs,
// crashes and time losses, and whether it was taken off the test.
#ifndef JUDKINS_COORDINATOR_STORE_WORKER_RESULTS_H_
#define JUDKINS_COORDINATOR_STORE_WORKER_RESULTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// What one report adds to its worker's share.
struct WorkerShare {
  v1::Pentanomial pentanomial;
  v1::WinDrawLoss wdl;
  uint64_t crashes = 0;
  uint64_t time_losses = 0;
};

// Adds to the worker's row (made if missing) and returns the row as it now is.
absl::StatusOr<v1::WorkerResult> AddToWorkerResult(sqlite::Database& db, uint64_t test_id, uint64_t worker_id,
                                                   const WorkerShare& share);
absl::StatusOr<std::optional<v1::WorkerResult>> LoadWorkerResult(sqlite::Database& db, uint64_t test_id,
                                                                 uint64_t worker_id);
// Every worker of the test, by worker id, with names; residuals not filled.
absl::StatusOr<std::vector<v1::WorkerResult>> LoadWorkerResults(sqlite::Database& db, uint64_t test_id);
// Sets the reason (and, when `purged`, zeroes the counts taken off the totals).
absl::Status ExcludeWorkerResult(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, const std::string& because,
                                 bool purged);
// Whether the worker may be given the test at `now`: not taken off it, and
// not waiting after batches it handed back unplayed.
absl::StatusOr<bool> WorkerMayPlay(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, absl::Time now);
// The worker handed a batch of the test back unplayed: one more in a row, and
// it waits HandBackWait of them (coordinator/domain/hand_backs.h).
absl::Status CountWorkerHandBack(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, absl::Time now);
// The worker's batch counted games: it no longer waits.
absl::Status ClearWorkerHandBacks(sqlite::Database& db, uint64_t test_id, uint64_t worker_id);
// Whether the worker's pairs of the test were purged.
absl::StatusOr<bool> WorkerPurged(sqlite::Database& db, uint64_t test_id, uint64_t worker_id);

// Fills each worker's residual and outlier flag, and the test's homogeneity,
// from the workers' pentanomials (stats/worker_homogeneity).
void AddHomogeneity(v1::Test& test);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_WORKER_RESULTS_H_
