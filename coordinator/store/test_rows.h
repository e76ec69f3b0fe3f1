// A test as the tests table holds it, and the helpers that read, save and
// present it. Shared by the parts of the store.
#ifndef JUDKINS_COORDINATOR_STORE_TEST_ROWS_H_
#define JUDKINS_COORDINATOR_STORE_TEST_ROWS_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"
#include "stats/sprt.h"

namespace judkins {

// Everything a test row holds, as the store works with it.
struct TestRow {
  uint64_t id = 0;
  v1::TestSpec spec;
  v1::TestState state = v1::TEST_STATE_PENDING;
  v1::Pentanomial pentanomial;
  v1::WinDrawLoss wdl;
  uint64_t next_pair = 0;
  stats::OvershootRecord overshoot;
  std::string finished_because;
  int64_t created = 0, updated = 0;
};

std::optional<stats::SprtParameters> SprtOf(const v1::TestSpec& spec);
bool Ended(v1::TestState state);
// Finishes a running test whose counted pairs reached its fixed number, its
// tune's iterations or its maximum (the SPRT decides in its own update).
void FinishIfCountReached(TestRow& test);
absl::StatusOr<TestRow> LoadTestRow(sqlite::Database& db, uint64_t test_id);
absl::Status SaveCounts(sqlite::Database& db, const TestRow& test);
// Pairs of the test's leased batches.
absl::StatusOr<uint64_t> PairsInFlight(sqlite::Database& db, uint64_t test_id);
v1::Test ToMessage(const TestRow& row, uint64_t pairs_in_flight);
// Puts a pair back for re-issue, unless some batch has already counted it.
absl::Status RequeuePair(sqlite::Database& db, uint64_t test_id, const v1::PairAssignment& pair);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_TEST_ROWS_H_
