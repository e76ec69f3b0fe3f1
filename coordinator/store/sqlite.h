// A thin RAII layer over SQLite: a database, prepared statements and
// transactions, with errors as absl::Status naming the statement.
#ifndef JUDKINS_COORDINATOR_STORE_SQLITE_H_
#define JUDKINS_COORDINATOR_STORE_SQLITE_H_

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace judkins::sqlite {

class Statement;

class Database {
 public:
  // Opens (creating if needed) a database file in WAL mode with full
  // synchronisation: a committed transaction survives a crash. The settings
  // are read back, and a file that is not a database is refused.
  static absl::StatusOr<std::unique_ptr<Database>> Open(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  absl::Status Execute(absl::string_view sql);  // statements without results
  // The first column of the first row of a query (a PRAGMA's value, say).
  absl::StatusOr<std::string> QueryText(absl::string_view sql);
  // PRAGMA quick_check: OK, or DataLoss quoting what it found.
  absl::Status QuickCheck();
  absl::StatusOr<Statement> Prepare(absl::string_view sql);
  // A prepared statement kept for reuse (reset, bindings cleared); the
  // database owns it. Compiling SQL on every call costs more than running it.
  absl::StatusOr<Statement> Cached(const std::string& sql);
  int64_t last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
  int changes() const { return sqlite3_changes(db_); }
  sqlite3* handle() { return db_; }

  struct Passkey {
    explicit Passkey() = default;
  };
  Database(Passkey, sqlite3* db) : db_(db) {}

 private:
  sqlite3* db_;
  absl::flat_hash_map<std::string, sqlite3_stmt*> cache_;
};

class Statement {
 public:
  Statement(Statement&& other) noexcept
      : statement_(std::exchange(other.statement_, nullptr)), db_(other.db_), owned_(other.owned_) {}
  Statement& operator=(Statement&&) = delete;
  ~Statement() {
    if (owned_)
      sqlite3_finalize(statement_);
    else if (statement_)
      sqlite3_reset(statement_);  // a cached one: release its read snapshot
  }

  // Parameters are numbered from 1, as in SQL.
  Statement& Bind(int index, int64_t value);
  Statement& Bind(int index, double value);
  Statement& Bind(int index, absl::string_view text);
  Statement& BindBlob(int index, absl::string_view bytes);
  // Steps once: true with a row to read, false when done.
  absl::StatusOr<bool> Step();
  // Runs to completion, for statements without rows.
  absl::Status Run();
  absl::Status Reset();

  int64_t Int(int column) const { return sqlite3_column_int64(statement_, column); }
  double Real(int column) const { return sqlite3_column_double(statement_, column); }
  std::string Text(int column) const;  // text or blob
  bool IsNull(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }

 private:
  friend class Database;
  Statement(sqlite3_stmt* statement, sqlite3* db, bool owned) : statement_(statement), db_(db), owned_(owned) {}
  sqlite3_stmt* statement_;
  sqlite3* db_;
  bool owned_;
};

// Begins on construction and rolls back on destruction unless committed.
class Transaction {
 public:
  // IMMEDIATE: takes the write lock at once.
  static absl::StatusOr<Transaction> Begin(Database& db);
  // DEFERRED, for reads: every statement until the end sees one snapshot.
  static absl::StatusOr<Transaction> BeginRead(Database& db);
  Transaction(Transaction&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}
  ~Transaction();
  absl::Status Commit();

 private:
  explicit Transaction(Database* db) : db_(db) {}
  Database* db_;
};

}  // namespace judkins::sqlite

#endif  // JUDKINS_COORDINATOR_STORE_SQLITE_H_
