#include "coordinator/store/migrations.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {
namespace {

// Fills a column added by a migration from data SQL cannot read (a blob).
using Backfill = absl::Status (*)(sqlite::Database& db);

struct Migration {
  const char* sql;
  Backfill backfill = nullptr;  // runs after `sql`, in the same transaction
};

absl::Status BackfillWorkerConcurrency(sqlite::Database& db);

// Never edit a migration that has shipped: add a new one.
constexpr std::array<Migration, 15> kMigrations = {{
    // 1: tests, workers, batches, the pairs counted, artifacts.
    {R"sql(
    CREATE TABLE tests (
      id INTEGER PRIMARY KEY,
      spec BLOB NOT NULL,                  -- judkins.v1.TestSpec
      state INTEGER NOT NULL,              -- judkins.v1.TestState
      ll INTEGER NOT NULL DEFAULT 0, ld INTEGER NOT NULL DEFAULT 0, dd_wl INTEGER NOT NULL DEFAULT 0,
      dw INTEGER NOT NULL DEFAULT 0, ww INTEGER NOT NULL DEFAULT 0,
      wins INTEGER NOT NULL DEFAULT 0, draws INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,
      next_pair INTEGER NOT NULL DEFAULT 0,  -- pair indices handed out so far
      overshoot_valid INTEGER NOT NULL DEFAULT 1, overshoot_last INTEGER NOT NULL DEFAULT 0,
      ref0 REAL NOT NULL DEFAULT 0, m0 REAL NOT NULL DEFAULT 0, sq0 REAL NOT NULL DEFAULT 0,
      ref1 REAL NOT NULL DEFAULT 0, m1 REAL NOT NULL DEFAULT 0, sq1 REAL NOT NULL DEFAULT 0,
      finished_because TEXT NOT NULL DEFAULT '',
      created INTEGER NOT NULL, updated INTEGER NOT NULL);
    CREATE TABLE workers (
      id INTEGER PRIMARY KEY,
      capabilities BLOB NOT NULL,          -- judkins.v1.WorkerCapabilities
      registered INTEGER NOT NULL, last_seen INTEGER NOT NULL);
    CREATE TABLE batches (
      id INTEGER PRIMARY KEY,
      test_id INTEGER NOT NULL REFERENCES tests(id),
      worker_id INTEGER NOT NULL REFERENCES workers(id),
      pairs BLOB NOT NULL,                 -- judkins.v1.Batch holding just the pair assignments
      state INTEGER NOT NULL,              -- BatchState (batch_state.h): 1 leased, 2 reported, 3 expired
      lease_deadline_ms INTEGER NOT NULL,
      created INTEGER NOT NULL, reported INTEGER);
    CREATE INDEX batches_by_state ON batches(state, lease_deadline_ms);
    CREATE TABLE counted_pairs (           -- a pair counts once, whichever batch reported it
      test_id INTEGER NOT NULL REFERENCES tests(id),
      pair_index INTEGER NOT NULL,
      batch_id INTEGER NOT NULL REFERENCES batches(id),
      PRIMARY KEY (test_id, pair_index));
    CREATE TABLE reissue_queue (           -- pairs of expired leases waiting for a new worker
      test_id INTEGER NOT NULL REFERENCES tests(id),
      pair_index INTEGER NOT NULL,
      opening_index INTEGER NOT NULL,
      PRIMARY KEY (test_id, pair_index));
    CREATE TABLE artifacts (
      sha256 TEXT PRIMARY KEY, size INTEGER NOT NULL, name TEXT NOT NULL, created INTEGER NOT NULL);
    )sql"},
    // 2: pairs per batch as a column, so work in flight is an indexed sum.
    {R"sql(
    ALTER TABLE batches ADD COLUMN pair_count INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX batches_by_test ON batches(test_id, state);
    )sql"},
    // 3: SPSA tunes: theta, the perturbation of each batch, theta's history.
    {R"sql(
    CREATE TABLE tunes (
      test_id INTEGER PRIMARY KEY REFERENCES tests(id),
      iterations INTEGER NOT NULL,         -- game pairs applied to theta
      theta BLOB NOT NULL);                -- judkins.v1.TuneSnapshot (doubles, exact)
    CREATE TABLE tune_batches (
      batch_id INTEGER PRIMARY KEY REFERENCES batches(id),
      iteration INTEGER NOT NULL,          -- k when the flips were drawn
      flips TEXT NOT NULL);                -- one '+' or '-' per parameter
    CREATE TABLE tune_history (
      test_id INTEGER NOT NULL REFERENCES tests(id),
      iterations INTEGER NOT NULL,
      theta BLOB NOT NULL);                -- judkins.v1.TuneSnapshot after a counted batch
    CREATE INDEX tune_history_by_test ON tune_history(test_id);
    )sql"},
    // 4: work in flight summed from the index alone.
    {R"sql(
    CREATE INDEX batches_in_flight ON batches(test_id, state, pair_count);
    DROP INDEX batches_by_test;
    )sql"},
    // 5: the game records workers send with their reports.
    {R"sql(
    CREATE TABLE batch_records (
      batch_id INTEGER PRIMARY KEY REFERENCES batches(id),
      test_id INTEGER NOT NULL REFERENCES tests(id),
      records TEXT NOT NULL);
    CREATE INDEX batch_records_by_test ON batch_records(test_id, batch_id);
    )sql"},
    // 6: each worker's own credential (the hash of the secret Register gave
    // it; workers registered before have none and must register again), and
    // the leases a worker holds, counted from an index.
    {R"sql(
    ALTER TABLE workers ADD COLUMN secret_sha256 TEXT NOT NULL DEFAULT '';
    CREATE INDEX batches_by_worker ON batches(worker_id, state);
    )sql"},
    // 7: each worker's share of each test (for its residual), its crashes
    // and time losses, and whether it was taken off the test.
    {R"sql(
    CREATE TABLE worker_results (
      test_id INTEGER NOT NULL REFERENCES tests(id),
      worker_id INTEGER NOT NULL REFERENCES workers(id),
      ll INTEGER NOT NULL DEFAULT 0, ld INTEGER NOT NULL DEFAULT 0, dd_wl INTEGER NOT NULL DEFAULT 0,
      dw INTEGER NOT NULL DEFAULT 0, ww INTEGER NOT NULL DEFAULT 0,
      wins INTEGER NOT NULL DEFAULT 0, draws INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0,
      crashes INTEGER NOT NULL DEFAULT 0, time_losses INTEGER NOT NULL DEFAULT 0,
      excluded_because TEXT NOT NULL DEFAULT '',  -- non-empty: no more work of this test for it
      purged INTEGER NOT NULL DEFAULT 0,          -- 1: its pairs were taken off the totals; later reports count nothing
      PRIMARY KEY (test_id, worker_id));
    )sql"},
    // 8: a test's statistics after each counted report, for its charts.
    {R"sql(
    CREATE TABLE test_history (
      test_id INTEGER NOT NULL REFERENCES tests(id),
      games INTEGER NOT NULL,
      llr REAL NOT NULL,
      elo REAL NOT NULL, elo_ci_lower REAL NOT NULL, elo_ci_upper REAL NOT NULL,
      at_unix INTEGER NOT NULL);
    CREATE INDEX test_history_by_test ON test_history(test_id);
    )sql"},
    // 9: each worker's concurrency as a column, so the metrics sum the cores
    // of the connected workers in SQL instead of parsing every worker's blob.
    {R"sql(
    ALTER TABLE workers ADD COLUMN concurrency INTEGER NOT NULL DEFAULT 0;
    )sql",
     BackfillWorkerConcurrency},
    // 10: the counted games by colour, result and termination, for a test's
    // results by colour and how each engine's games ended: the test's sums,
    // read by every page, and each worker's share, taken off the sums when the
    // worker is purged. Games counted before this version are not in them.
    {R"sql(
    CREATE TABLE game_tallies (
      test_id INTEGER NOT NULL REFERENCES tests(id),
      game_in_pair INTEGER NOT NULL,       -- 0: the dev engine had Black
      result INTEGER NOT NULL,             -- judkins.v1.GameResult
      termination INTEGER NOT NULL,        -- judkins.v1.Termination
      games INTEGER NOT NULL,
      PRIMARY KEY (test_id, game_in_pair, result, termination));
    CREATE TABLE worker_game_tallies (
      test_id INTEGER NOT NULL REFERENCES tests(id),
      worker_id INTEGER NOT NULL REFERENCES workers(id),
      game_in_pair INTEGER NOT NULL,
      result INTEGER NOT NULL,
      termination INTEGER NOT NULL,
      games INTEGER NOT NULL,
      PRIMARY KEY (test_id, worker_id, game_in_pair, result, termination));
    )sql"},
    // 11: each test's log: what happened to it, and who did it. Tests made
    // before this version have no entries for what happened before it.
    {R"sql(
    CREATE TABLE test_events (
      test_id INTEGER NOT NULL REFERENCES tests(id),
      kind INTEGER NOT NULL,               -- judkins.v1.TestEventKind
      at_unix INTEGER NOT NULL,
      actor TEXT NOT NULL,                 -- who: "admin (web, 10.0.0.7)", "worker w1 (#3)", "coordinator"
      detail TEXT NOT NULL);
    CREATE INDEX test_events_by_test ON test_events(test_id);
    )sql"},
    // 12: the tests still moving found without reading the history: the
    // scheduler reads the active ones on every RequestWork, the metrics the
    // active and the lately ended ones every few seconds.
    {R"sql(
    CREATE INDEX tests_by_state ON tests(state);
    CREATE INDEX tests_by_update ON tests(updated);
    )sql"},
    // 13: batches handed back unplayed (coordinator/domain/hand_backs.h): in
    // a row by each worker, which waits until backed_off_until_ms before it
    // is given the test again; in a row by any worker, which past a few
    // flags the test as one no worker can play.
    {R"sql(
    ALTER TABLE worker_results ADD COLUMN hand_backs INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE worker_results ADD COLUMN backed_off_until_ms INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tests ADD COLUMN hand_backs INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tests ADD COLUMN unplayable_because TEXT NOT NULL DEFAULT '';
    )sql"},
    // 14: people's accounts, their API tokens (only a token's hash is kept),
    // what they did to accounts and tokens, and each test's owner (tests
    // made before this version have none).
    {R"sql(
    CREATE TABLE accounts (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,         -- libsodium's Argon2id string: salt and cost inside
      role INTEGER NOT NULL,               -- judkins.v1.AccountRole
      disabled INTEGER NOT NULL DEFAULT 0,
      created INTEGER NOT NULL);
    CREATE TABLE api_tokens (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      token_sha256 TEXT NOT NULL UNIQUE,
      label TEXT NOT NULL,
      created INTEGER NOT NULL);
    CREATE INDEX api_tokens_by_account ON api_tokens(account_id);
    CREATE TABLE audit_log (               -- the tests' own entries are in test_events
      at_unix INTEGER NOT NULL,
      actor TEXT NOT NULL,
      action TEXT NOT NULL,
      detail TEXT NOT NULL);
    CREATE INDEX audit_log_by_time ON audit_log(at_unix);
    CREATE INDEX test_events_by_time ON test_events(at_unix);
    ALTER TABLE tests ADD COLUMN owner TEXT NOT NULL DEFAULT '';
    )sql"},
    // 15: where an artifact was built (judkins.v1.Provenance; empty when
    // not uploaded from a checkout).
    {R"sql(
    ALTER TABLE artifacts ADD COLUMN provenance BLOB NOT NULL DEFAULT '';
    )sql"},
}};

absl::Status BackfillWorkerConcurrency(sqlite::Database& db) {
  absl::StatusOr<sqlite::Statement> select = db.Prepare("SELECT id, capabilities FROM workers");
  if (!select.ok()) return select.status();
  absl::StatusOr<sqlite::Statement> update = db.Prepare("UPDATE workers SET concurrency = ? WHERE id = ?");
  if (!update.ok()) return update.status();
  v1::WorkerCapabilities capabilities;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return absl::OkStatus();
    if (!capabilities.ParseFromString(select->Text(1)))
      return absl::DataLossError(absl::StrCat("worker ", select->Int(0), ": stored capabilities do not parse"));
    update->Bind(1, int64_t(capabilities.concurrency())).Bind(2, select->Int(0));
    if (absl::Status s = update->Run(); !s.ok()) return s;
    if (absl::Status s = update->Reset(); !s.ok()) return s;
  }
}

}  // namespace

int LatestSchemaVersion() { return int(kMigrations.size()); }

absl::Status Migrate(sqlite::Database& db) {
  if (absl::Status s = db.Execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"); !s.ok())
    return s;
  absl::StatusOr<sqlite::Statement> read = db.Prepare("SELECT version FROM schema_version");
  if (!read.ok()) return read.status();
  absl::StatusOr<bool> row = read->Step();
  if (!row.ok()) return row.status();
  int version = *row ? int(read->Int(0)) : 0;
  if (version > LatestSchemaVersion())
    return absl::FailedPreconditionError(absl::StrCat("database schema version ", version,
                                                      " is newer than this coordinator (", LatestSchemaVersion(), ")"));
  for (; version < LatestSchemaVersion(); ++version) {
    absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(db);
    if (!transaction.ok()) return transaction.status();
    const Migration& migration = kMigrations[version];
    if (absl::Status s = db.Execute(migration.sql); !s.ok()) return s;
    if (migration.backfill)
      if (absl::Status s = migration.backfill(db); !s.ok()) return s;
    if (absl::Status s = db.Execute("DELETE FROM schema_version"); !s.ok()) return s;
    if (absl::Status s = db.Execute(absl::StrCat("INSERT INTO schema_version VALUES (", version + 1, ")")); !s.ok())
      return s;
    if (absl::Status s = transaction->Commit(); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace judkins
