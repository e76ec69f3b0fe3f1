// A history table (one row per step of a test: tune_history, test_history)
// read back for a chart: in order, thinned evenly to at most max_points, the
// last row always kept.
#ifndef JUDKINS_COORDINATOR_STORE_HISTORY_ROWS_H_
#define JUDKINS_COORDINATOR_STORE_HISTORY_ROWS_H_

#include <cstddef>
#include <cstdint>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "coordinator/store/sqlite.h"

namespace judkins {

// Calls `read` on each kept row of `table`'s rows of the test, with `columns`
// selected. max_points 0: every row.
absl::Status ForEachHistoryRow(sqlite::Database& db, absl::string_view table, absl::string_view columns,
                               uint64_t test_id, size_t max_points,
                               absl::FunctionRef<absl::Status(const sqlite::Statement&)> read);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_HISTORY_ROWS_H_
