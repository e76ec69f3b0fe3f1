#include "coordinator/store/test_events.h"

#include "absl/strings/str_cat.h"

namespace judkins {

absl::Status AppendTestEvent(sqlite::Database& db, uint64_t test_id, v1::TestEventKind kind, int64_t at_unix,
                             const std::string& by, const std::string& detail) {
  absl::StatusOr<sqlite::Statement> insert =
      db.Cached("INSERT INTO test_events (test_id, kind, at_unix, actor, detail) VALUES (?, ?, ?, ?, ?)");
  if (!insert.ok()) return insert.status();
  return insert->Bind(1, int64_t(test_id)).Bind(2, int64_t(kind)).Bind(3, at_unix).Bind(4, by).Bind(5, detail).Run();
}

absl::Status LogStateChange(sqlite::Database& db, v1::TestState before, const TestRow& test, const std::string& by) {
  const std::optional<v1::TestEventKind> kind = StateChangeEvent(before, test.state);
  if (!kind) return absl::OkStatus();
  return AppendTestEvent(db, test.id, *kind, test.updated, by, Ended(test.state) ? test.finished_because : "");
}

absl::Status LogWorkerExcluded(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, int64_t at_unix,
                               const std::string& by, const std::string& why) {
  absl::StatusOr<std::string> worker = WorkerLabel(db, worker_id);
  if (!worker.ok()) return worker.status();
  return AppendTestEvent(db, test_id, v1::TEST_EVENT_KIND_WORKER_EXCLUDED, at_unix, by,
                         absl::StrCat(*worker, ": ", why));
}

absl::StatusOr<std::string> WorkerLabel(sqlite::Database& db, uint64_t worker_id) {
  absl::StatusOr<sqlite::Statement> select = db.Cached("SELECT capabilities FROM workers WHERE id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(worker_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  v1::WorkerCapabilities capabilities;
  if (!*row || !capabilities.ParseFromString(select->Text(0))) return absl::StrCat("worker #", worker_id);
  return absl::StrCat(capabilities.name(), " (#", worker_id, ")");
}

absl::StatusOr<v1::TestLog> LoadTestLog(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached("SELECT kind, at_unix, actor, detail FROM test_events WHERE test_id = ? ORDER BY rowid");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  v1::TestLog log;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return log;
    v1::TestEvent& event = *log.add_events();
    event.set_kind(v1::TestEventKind(select->Int(0)));
    event.set_at_unix(select->Int(1));
    event.set_by(select->Text(2));
    event.set_detail(select->Text(3));
  }
}

}  // namespace judkins
