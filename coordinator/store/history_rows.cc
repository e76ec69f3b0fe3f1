#include "coordinator/store/history_rows.h"

#include "absl/strings/str_cat.h"

namespace judkins {

absl::Status ForEachHistoryRow(sqlite::Database& db, absl::string_view table, absl::string_view columns,
                               uint64_t test_id, size_t max_points,
                               absl::FunctionRef<absl::Status(const sqlite::Statement&)> read) {
  absl::StatusOr<sqlite::Statement> count =
      db.Cached(absl::StrCat("SELECT COUNT(*) FROM ", table, " WHERE test_id = ?"));
  if (!count.ok()) return count.status();
  count->Bind(1, int64_t(test_id));
  if (absl::StatusOr<bool> row = count->Step(); !row.ok()) return row.status();
  const size_t total = size_t(count->Int(0));
  if (absl::Status s = count->Reset(); !s.ok()) return s;
  // Kept: all rows, or max_points of them evenly spread from the first to
  // the last (the k-th at k (total - 1) / (max_points - 1)); one point is the last.
  const bool thinned = max_points > 0 && total > max_points;
  size_t kept = 0;
  auto next_kept = [&]() -> size_t {
    if (!thinned) return kept;
    if (max_points == 1) return total - 1;
    return kept * (total - 1) / (max_points - 1);
  };
  absl::StatusOr<sqlite::Statement> select =
      db.Cached(absl::StrCat("SELECT ", columns, " FROM ", table, " WHERE test_id = ? ORDER BY rowid"));
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  for (size_t i = 0;; ++i) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return absl::OkStatus();
    if (i != next_kept()) continue;
    ++kept;
    if (absl::Status s = read(*select); !s.ok()) return s;
  }
}

}  // namespace judkins
