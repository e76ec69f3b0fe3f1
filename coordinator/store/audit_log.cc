#include "coordinator/store/audit_log.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "judkins/v1/http_api.pb.h"

namespace judkins {
namespace {

// "TEST_EVENT_KIND_PRIORITY_CHANGED" as "priority changed".
std::string EventWords(int64_t kind) {
  std::string name = v1::TestEventKind_Name(v1::TestEventKind(kind));
  if (name.empty()) return absl::StrCat("event ", kind);
  name = absl::StrReplaceAll(name.substr(sizeof("TEST_EVENT_KIND_") - 1), {{"_", " "}});
  absl::AsciiStrToLower(&name);
  return name;
}

}  // namespace

absl::Status AppendAuditEntry(sqlite::Database& db, int64_t at_unix, const std::string& by, const std::string& action,
                              const std::string& detail) {
  absl::StatusOr<sqlite::Statement> insert =
      db.Cached("INSERT INTO audit_log (at_unix, actor, action, detail) VALUES (?, ?, ?, ?)");
  if (!insert.ok()) return insert.status();
  return insert->Bind(1, at_unix).Bind(2, by).Bind(3, action).Bind(4, detail).Run();
}

absl::StatusOr<v1::AuditLog> LoadAuditLog(sqlite::Database& db, size_t limit) {
  // Both logs by time (each has an index on it); a test's entry carries its
  // test id and kind, the audit log's its action (test_id NULL).
  absl::StatusOr<sqlite::Statement> select = db.Cached(
      "SELECT at_unix, actor, NULL, NULL, action, detail FROM audit_log "
      "UNION ALL SELECT at_unix, actor, test_id, kind, NULL, detail FROM test_events "
      "ORDER BY 1 DESC LIMIT ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(limit));
  v1::AuditLog log;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return log;
    v1::AuditEntry& entry = *log.add_entries();
    entry.set_at_unix(select->Int(0));
    entry.set_by(select->Text(1));
    entry.set_action(select->IsNull(2) ? select->Text(4)
                                       : absl::StrCat("test ", select->Int(2), " ", EventWords(select->Int(3))));
    entry.set_detail(select->Text(5));
  }
}

}  // namespace judkins
