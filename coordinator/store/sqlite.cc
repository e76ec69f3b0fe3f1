#include "coordinator/store/sqlite.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace judkins::sqlite {
namespace {

absl::Status Error(sqlite3* db, absl::string_view what) {
  return absl::InternalError(absl::StrCat("sqlite: ", what, ": ", sqlite3_errmsg(db)));
}

}  // namespace

absl::StatusOr<std::unique_ptr<Database>> Database::Open(const std::string& path) {
  sqlite3* handle = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  if (sqlite3_open_v2(path.c_str(), &handle, flags, nullptr) != SQLITE_OK) {
    const std::string message = handle ? sqlite3_errmsg(handle) : "out of memory";
    sqlite3_close(handle);
    return absl::UnavailableError(absl::StrCat("cannot open database '", path, "': ", message));
  }
  auto db = std::make_unique<Database>(Passkey(), handle);
  sqlite3_busy_timeout(handle, 5000);
  for (const char* pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"})
    if (absl::Status status = db->Execute(pragma); !status.ok())
      return absl::FailedPreconditionError(absl::StrCat("cannot use database '", path, "': ", status.message()));
  // What every acknowledgement's durability rests on: checked, not assumed.
  constexpr absl::string_view kFullSync = "2";
  absl::StatusOr<std::string> journal = db->QueryText("PRAGMA journal_mode");
  absl::StatusOr<std::string> sync = db->QueryText("PRAGMA synchronous");
  if (!journal.ok()) return journal.status();
  if (!sync.ok()) return sync.status();
  if (*journal != "wal" || *sync != kFullSync)
    return absl::FailedPreconditionError(absl::StrCat("database '", path, "' runs with journal_mode=", *journal,
                                                      " synchronous=", *sync, ", not WAL with full sync"));
  return db;
}

absl::StatusOr<std::string> Database::QueryText(absl::string_view sql) {
  absl::StatusOr<Statement> statement = Prepare(sql);
  if (!statement.ok()) return statement.status();
  absl::StatusOr<bool> row = statement->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("sqlite: ", sql.substr(0, 60), ": no row"));
  return statement->Text(0);
}

absl::Status Database::QuickCheck() {
  absl::StatusOr<Statement> check = Prepare("PRAGMA quick_check(5)");
  if (!check.ok()) return absl::DataLossError(check.status().message());
  std::string problems;
  while (true) {
    absl::StatusOr<bool> row = check->Step();
    if (!row.ok()) return absl::DataLossError(row.status().message());
    if (!*row) break;
    const std::string line = check->Text(0);
    if (line != "ok") absl::StrAppend(&problems, problems.empty() ? "" : "; ", line);
  }
  if (!problems.empty()) return absl::DataLossError(problems);
  return absl::OkStatus();
}

Database::~Database() {
  for (auto& [sql, statement] : cache_) sqlite3_finalize(statement);
  sqlite3_close(db_);
}

absl::Status Database::Execute(absl::string_view sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    absl::Status status =
        absl::InternalError(absl::StrCat("sqlite: ", sql.substr(0, 60), ": ", message ? message : "?"));
    sqlite3_free(message);
    return status;
  }
  return absl::OkStatus();
}

absl::StatusOr<Statement> Database::Prepare(absl::string_view sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), int(sql.size()), &statement, nullptr) != SQLITE_OK)
    return Error(db_, absl::StrCat("prepare ", sql.substr(0, 60)));
  return Statement(statement, db_, true);
}

absl::StatusOr<Statement> Database::Cached(const std::string& sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v3(db_, sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &statement, nullptr) !=
        SQLITE_OK)
      return Error(db_, absl::StrCat("prepare ", absl::string_view(sql).substr(0, 60)));
    it = cache_.emplace(sql, statement).first;
  }
  sqlite3_reset(it->second);
  sqlite3_clear_bindings(it->second);
  return Statement(it->second, db_, false);
}

Statement& Statement::Bind(int index, int64_t value) {
  sqlite3_bind_int64(statement_, index, value);
  return *this;
}
Statement& Statement::Bind(int index, double value) {
  sqlite3_bind_double(statement_, index, value);
  return *this;
}
Statement& Statement::Bind(int index, absl::string_view text) {
  sqlite3_bind_text(statement_, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
  return *this;
}
Statement& Statement::BindBlob(int index, absl::string_view bytes) {
  sqlite3_bind_blob(statement_, index, bytes.data(), int(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}

absl::StatusOr<bool> Statement::Step() {
  const int result = sqlite3_step(statement_);
  if (result == SQLITE_ROW) return true;
  if (result == SQLITE_DONE) return false;
  return Error(db_, absl::StrCat("step ", absl::string_view(sqlite3_sql(statement_)).substr(0, 60)));
}

absl::Status Statement::Run() {
  while (true) {
    absl::StatusOr<bool> row = Step();
    if (!row.ok()) return row.status();
    if (!*row) return absl::OkStatus();
  }
}

absl::Status Statement::Reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
  return absl::OkStatus();
}

std::string Statement::Text(int column) const {
  const void* data = sqlite3_column_blob(statement_, column);
  const int size = sqlite3_column_bytes(statement_, column);
  return data ? std::string(static_cast<const char*>(data), size) : std::string();
}

absl::StatusOr<Transaction> Transaction::Begin(Database& db) {
  if (absl::Status status = db.Execute("BEGIN IMMEDIATE"); !status.ok()) return status;
  return Transaction(&db);
}

absl::StatusOr<Transaction> Transaction::BeginRead(Database& db) {
  if (absl::Status status = db.Execute("BEGIN DEFERRED"); !status.ok()) return status;
  return Transaction(&db);
}

Transaction::~Transaction() {
  if (db_) (void)db_->Execute("ROLLBACK");
}

absl::Status Transaction::Commit() {
  absl::Status status = db_->Execute("COMMIT");
  if (status.ok()) db_ = nullptr;
  return status;
}

}  // namespace judkins::sqlite
