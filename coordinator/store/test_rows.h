// A test's row (TestRow, coordinator/domain/test_rules.h) read, saved and
// presented. Shared by the parts of the store.
#ifndef JUDKINS_COORDINATOR_STORE_TEST_ROWS_H_
#define JUDKINS_COORDINATOR_STORE_TEST_ROWS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/domain/test_rules.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"
#include "judkins/v1/http_api.pb.h"

namespace judkins {

// The tests still moving, found through the indexes on state and update time
// (schema 12) rather than by reading the whole history: the scheduler reads
// the active ones on every RequestWork, the metrics the live ones (active, or
// ended since the first parameter's time) every few seconds.
inline constexpr char kSelectActiveTests[] = "SELECT id, spec FROM tests WHERE state IN (?, ?) ORDER BY id";
// ("+id": sorted after the two searches; ordered by id itself, SQLite would
// rather scan the whole table in id order.)
inline constexpr char kSelectLiveTests[] = "SELECT id FROM tests WHERE state IN (?, ?) OR updated >= ? ORDER BY +id";

absl::StatusOr<TestRow> LoadTestRow(sqlite::Database& db, uint64_t test_id);
// OK when the test exists, else NOT_FOUND naming it (the message LoadTestRow gives).
absl::Status TestExists(sqlite::Database& db, uint64_t test_id);
absl::Status SaveCounts(sqlite::Database& db, const TestRow& test);
// Pairs of the test's leased batches.
absl::StatusOr<uint64_t> PairsInFlight(sqlite::Database& db, uint64_t test_id);
// Pairs not yet leased (v1::Test.pairs_waiting).
absl::StatusOr<uint64_t> PairsWaiting(sqlite::Database& db, const TestRow& test);
v1::Test ToMessage(const TestRow& row, uint64_t pairs_in_flight);
// One point of the test's history: its statistics now (after a counted report).
absl::Status AppendTestHistory(sqlite::Database& db, const TestRow& test);
// At most max_points of them, evenly thinned, the last always kept.
absl::StatusOr<std::vector<v1::TestHistoryPoint>> LoadTestHistory(sqlite::Database& db, uint64_t test_id,
                                                                  size_t max_points);
// Puts a pair back for re-issue, unless some batch has already counted it.
absl::Status RequeuePair(sqlite::Database& db, uint64_t test_id, const v1::PairAssignment& pair);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_TEST_ROWS_H_
