// Each test's log (table test_events): what happened to it and who did it.
// Entries are written in the transaction of the change they record.
#ifndef JUDKINS_COORDINATOR_STORE_TEST_EVENTS_H_
#define JUDKINS_COORDINATOR_STORE_TEST_EVENTS_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "coordinator/domain/test_rules.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/http_api.pb.h"

namespace judkins {

// Who the log names for what the coordinator decides by itself.
inline constexpr char kByCoordinator[] = "coordinator";

absl::Status AppendTestEvent(sqlite::Database& db, uint64_t test_id, v1::TestEventKind kind, int64_t at_unix,
                             const std::string& by, const std::string& detail);
// The entry `test`'s change from `before` makes (StateChangeEvent), at its
// `updated` time, with how it ended as the detail; nothing when unchanged.
absl::Status LogStateChange(sqlite::Database& db, v1::TestState before, const TestRow& test, const std::string& by);
// A worker taken off the test: the detail names it and says why.
absl::Status LogWorkerExcluded(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, int64_t at_unix,
                               const std::string& by, const std::string& why);
// "name (#id)", as the log names a worker.
absl::StatusOr<std::string> WorkerLabel(sqlite::Database& db, uint64_t worker_id);
absl::StatusOr<v1::TestLog> LoadTestLog(sqlite::Database& db, uint64_t test_id);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_TEST_EVENTS_H_
