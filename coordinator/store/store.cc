// The store's tests, tunes, workers, records and artifacts; leases are in
// leases.cc, reports in report_recording.cc, the committer in group_commit.cc.
#include "coordinator/store/store.h"

#include <algorithm>
#include <cassert>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "coordinator/store/audit_log.h"
#include "coordinator/store/batch_state.h"
#include "coordinator/store/game_tallies.h"
#include "coordinator/store/migrations.h"
#include "coordinator/store/test_events.h"
#include "coordinator/store/test_rows.h"
#include "coordinator/store/tune_rows.h"
#include "coordinator/store/worker_results.h"

namespace judkins {

absl::StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& path) {
  absl::StatusOr<std::unique_ptr<sqlite::Database>> db = sqlite::Database::Open(path);
  if (!db.ok()) return db.status();
  // A damaged file is refused before anything is read from it or added to it.
  if (absl::Status status = (*db)->QuickCheck(); !status.ok())
    return absl::DataLossError(absl::StrCat("database '", path, "' is damaged (PRAGMA quick_check: ", status.message(),
                                            "); restore it from a backup"));
  if (absl::Status status = Migrate(**db); !status.ok()) return status;
  // Reads take connections of their own: in WAL mode they see the last
  // commit without waiting for the writer's transaction and fsync.
  absl::StatusOr<std::unique_ptr<ReaderPool>> readers = ReaderPool::Open(path);
  if (!readers.ok()) return readers.status();
  // Commits leave the log to a thread of its own (wal_checkpointer.h).
  absl::StatusOr<std::unique_ptr<WalCheckpointer>> checkpointer = WalCheckpointer::Start(path, **db);
  if (!checkpointer.ok()) return checkpointer.status();
  return std::make_unique<Store>(Passkey(), *std::move(db), *std::move(readers), *std::move(checkpointer));
}

absl::StatusOr<v1::Test> Store::LoadTest(sqlite::Database& db, uint64_t test_id, TestDetail detail) {
  absl::StatusOr<TestRow> row = LoadTestRow(db, test_id);
  if (absl::IsDataLoss(row.status())) {
    // One row that cannot be read must not hide every other test: it is
    // listed as damaged (and never scheduled: ActiveTests passes it by).
    v1::Test damaged;
    damaged.set_id(test_id);
    damaged.set_damaged(std::string(row.status().message()));
    return damaged;
  }
  if (!row.ok()) return row.status();
  absl::StatusOr<uint64_t> in_flight = PairsInFlight(db, test_id);
  if (!in_flight.ok()) return in_flight.status();
  v1::Test test = ToMessage(*row, *in_flight);
  absl::StatusOr<uint64_t> waiting = PairsWaiting(db, *row);
  if (!waiting.ok()) return waiting.status();
  test.set_pairs_waiting(*waiting);
  if (detail == TestDetail::kFull) {
    absl::StatusOr<std::vector<v1::WorkerResult>> workers = LoadWorkerResults(db, test_id);
    if (!workers.ok()) return workers.status();
    for (v1::WorkerResult& worker : *workers) *test.add_workers() = std::move(worker);
    AddHomogeneity(test);
  }
  absl::StatusOr<v1::GameTally> tally = LoadGameTally(db, test_id);
  if (!tally.ok()) return tally.status();
  *test.mutable_tally() = *std::move(tally);
  return test;
}

absl::StatusOr<std::vector<v1::Test>> Store::LoadTests(sqlite::Database& db, std::span<const uint64_t> ids,
                                                       TestDetail detail) {
  std::vector<v1::Test> tests;
  for (uint64_t id : ids) {
    absl::StatusOr<v1::Test> test = LoadTest(db, id, detail);
    if (!test.ok()) return test.status();
    tests.push_back(*std::move(test));
  }
  return tests;
}

absl::StatusOr<std::vector<v1::Test>> Store::LoadTests(sqlite::Database& db, sqlite::Statement& select_ids,
                                                       TestDetail detail) {
  std::vector<uint64_t> ids;
  while (true) {
    absl::StatusOr<bool> row = select_ids.Step();
    if (!row.ok()) return row.status();
    if (!*row) return LoadTests(db, ids, detail);
    ids.push_back(uint64_t(select_ids.Int(0)));
  }
}

absl::StatusOr<v1::Test> Store::CreateTest(const v1::TestSpec& spec, absl::Time now, const Caller& by) {
  uint64_t test_id = 0;
  const v1::TestState state = InitialTestState(by);
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT INTO tests (spec, state, created, updated, owner) VALUES (?, ?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    insert->BindBlob(1, spec.SerializeAsString())
        .Bind(2, int64_t(state))
        .Bind(3, absl::ToUnixSeconds(now))
        .Bind(4, absl::ToUnixSeconds(now))
        .Bind(5, by.name);
    if (absl::Status status = insert->Run(); !status.ok()) return status;
    test_id = db_->last_insert_id();
    if (absl::Status s =
            AppendTestEvent(*db_, test_id, v1::TEST_EVENT_KIND_CREATED, absl::ToUnixSeconds(now), by.Label(),
                            state == v1::TEST_STATE_AWAITING_APPROVAL ? "awaiting approval" : "");
        !s.ok())
      return s;
    if (spec.has_spsa()) return CreateTuneRow(*db_, test_id, spec.spsa());
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

absl::StatusOr<v1::Tune> Store::GetTune(uint64_t test_id, size_t max_history_points) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<v1::Test> test = LoadTest(*reader, test_id);
  if (!test.ok()) return test.status();
  if (!test->spec().has_spsa()) return absl::NotFoundError(absl::StrCat("test ", test_id, " is not a tune"));
  const v1::SpsaSpec& spec = test->spec().spsa();
  absl::StatusOr<TuneRow> row = LoadTuneRow(*reader, test_id, spec.parameters_size());
  if (!row.ok()) return row.status();
  absl::StatusOr<std::vector<v1::TuneSnapshot>> history = LoadTuneHistory(*reader, test_id, max_history_points);
  if (!history.ok()) return history.status();
  v1::Tune tune;
  *tune.mutable_test() = *std::move(test);
  for (int i = 0; i < spec.parameters_size(); ++i) {
    v1::TunedParameter& parameter = *tune.add_parameters();
    *parameter.mutable_spec() = spec.parameters(i);
    parameter.set_value(row->theta[i]);
  }
  tune.set_iterations(row->iterations);
  for (v1::TuneSnapshot& snapshot : *history) *tune.add_history() = std::move(snapshot);
  return tune;
}

absl::Status Store::CheckTestExists(uint64_t test_id) {
  ReaderPool::Lease reader = readers_->Acquire();
  return TestExists(*reader, test_id);
}

absl::StatusOr<v1::TestLog> Store::GetTestLog(uint64_t test_id) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  if (absl::Status exists = TestExists(*reader, test_id); !exists.ok()) return exists;
  return LoadTestLog(*reader, test_id);
}

absl::StatusOr<v1::TestHistory> Store::GetTestHistory(uint64_t test_id, size_t max_points) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<v1::Test> test = LoadTest(*reader, test_id);
  if (!test.ok()) return test.status();
  absl::StatusOr<std::vector<v1::TestHistoryPoint>> points = LoadTestHistory(*reader, test_id, max_points);
  if (!points.ok()) return points.status();
  v1::TestHistory history;
  for (v1::TestHistoryPoint& point : *points) *history.add_points() = std::move(point);
  history.set_lower_bound(test->stats().lower_bound());
  history.set_upper_bound(test->stats().upper_bound());
  return history;
}

absl::StatusOr<v1::Test> Store::GetTest(uint64_t test_id) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  return LoadTest(*reader, test_id);
}

absl::StatusOr<std::vector<v1::Test>> Store::ListTests(bool include_finished) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select =
      reader->Cached(include_finished ? "SELECT id FROM tests ORDER BY id"
                                      : "SELECT id FROM tests WHERE state IN (?, ?, ?) ORDER BY id");
  if (!select.ok()) return select.status();
  if (!include_finished)
    select->Bind(1, int64_t(v1::TEST_STATE_AWAITING_APPROVAL))
        .Bind(2, int64_t(v1::TEST_STATE_PENDING))
        .Bind(3, int64_t(v1::TEST_STATE_RUNNING));
  return LoadTests(*reader, *select);
}

absl::StatusOr<v1::Test> Store::SetPriority(uint64_t test_id, int32_t priority, absl::Time now, const Caller& by) {
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
    if (!test.ok()) return test.status();
    if (Ended(test->state)) return absl::FailedPreconditionError(absl::StrCat("test ", test_id, " has ended"));
    test->spec.set_priority(priority);
    absl::StatusOr<sqlite::Statement> update = db_->Cached("UPDATE tests SET spec = ?, updated = ? WHERE id = ?");
    if (!update.ok()) return update.status();
    if (absl::Status s = update->BindBlob(1, test->spec.SerializeAsString())
                             .Bind(2, absl::ToUnixSeconds(now))
                             .Bind(3, int64_t(test_id))
                             .Run();
        !s.ok())
      return s;
    return AppendTestEvent(*db_, test_id, v1::TEST_EVENT_KIND_PRIORITY_CHANGED, absl::ToUnixSeconds(now), by.Label(),
                           absl::StrCat("priority ", priority));
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

absl::StatusOr<std::map<v1::TestState, int>> Store::CountTestsByState() {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> count = reader->Cached("SELECT state, COUNT(*) FROM tests GROUP BY state");
  if (!count.ok()) return count.status();
  std::map<v1::TestState, int> counts;
  while (true) {
    absl::StatusOr<bool> row = count->Step();
    if (!row.ok()) return row.status();
    if (!*row) return counts;
    counts[v1::TestState(count->Int(0))] = int(count->Int(1));
  }
}

absl::StatusOr<std::vector<v1::Test>> Store::ListLiveTests(absl::Time ended_since, TestDetail detail) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader->Cached(kSelectLiveTests);
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(v1::TEST_STATE_PENDING))
      .Bind(2, int64_t(v1::TEST_STATE_RUNNING))
      .Bind(3, absl::ToUnixSeconds(ended_since));
  return LoadTests(*reader, *select, detail);
}

absl::StatusOr<Store::TestPageRows> Store::ListTestsPage(
    const std::vector<v1::TestState>& states,
    const std::function<bool(const v1::TestSpec&, const std::string&)>& matches, size_t offset, size_t limit) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  // The spec is read (and parsed) only when a filter needs it.
  absl::StatusOr<sqlite::Statement> select =
      reader->Cached(matches ? "SELECT id, state, spec, owner FROM tests ORDER BY id DESC"
                             : "SELECT id, state FROM tests ORDER BY id DESC");
  if (!select.ok()) return select.status();
  TestPageRows page;
  std::vector<uint64_t> ids;
  v1::TestSpec spec;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    if (!states.empty() && std::find(states.begin(), states.end(), v1::TestState(select->Int(1))) == states.end())
      continue;
    // A damaged spec matches no filter; unfiltered, it is listed as damaged.
    if (matches && (!spec.ParseFromString(select->Text(2)) || !matches(spec, select->Text(3)))) continue;
    if (page.total >= offset && ids.size() < limit) ids.push_back(uint64_t(select->Int(0)));
    ++page.total;
  }
  absl::StatusOr<std::vector<v1::Test>> tests = LoadTests(*reader, ids);
  if (!tests.ok()) return tests.status();
  page.tests = *std::move(tests);
  return page;
}

absl::StatusOr<v1::Test> Store::StopTest(uint64_t test_id, absl::Time now, const Caller& by) {
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
    if (!test.ok()) return test.status();
    if (Ended(test->state)) return absl::OkStatus();
    const v1::TestState before = test->state;
    test->state = v1::TEST_STATE_STOPPED;
    test->finished_because = absl::StrCat("stopped by ", by.name);
    test->updated = absl::ToUnixSeconds(now);
    if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
    return LogStateChange(*db_, before, *test, by.Label());
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

absl::StatusOr<v1::Test> Store::ApproveTest(uint64_t test_id, absl::Time now, const Caller& by) {
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
    if (!test.ok()) return test.status();
    if (test->state != v1::TEST_STATE_AWAITING_APPROVAL)
      return absl::FailedPreconditionError(absl::StrCat("test_id: test ", test_id, " is not awaiting approval"));
    const v1::TestState before = test->state;
    test->state = v1::TEST_STATE_PENDING;
    test->updated = absl::ToUnixSeconds(now);
    if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
    return LogStateChange(*db_, before, *test, by.Label());
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

absl::StatusOr<std::string> Store::TestOwner(uint64_t test_id) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select = reader->Cached("SELECT owner FROM tests WHERE id = ?");
  if (!select.ok()) return select.status();
  absl::StatusOr<bool> row = select->Bind(1, int64_t(test_id)).Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("no test ", test_id));
  return select->Text(0);
}

absl::StatusOr<std::vector<ActiveTest>> Store::ActiveTests(bool count_in_flight) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader->Cached(kSelectActiveTests);
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(v1::TEST_STATE_PENDING)).Bind(2, int64_t(v1::TEST_STATE_RUNNING));
  std::vector<ActiveTest> tests;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    v1::TestSpec spec;
    if (!spec.ParseFromString(select->Text(1))) continue;  // damaged: listed as such, never played
    tests.push_back({uint64_t(select->Int(0)), spec.priority(), spec.throughput() ? spec.throughput() : 100, 0, spec});
  }
  for (ActiveTest& test : tests) {
    if (!count_in_flight) break;
    absl::StatusOr<uint64_t> in_flight = PairsInFlight(*reader, test.id);
    if (!in_flight.ok()) return in_flight.status();
    test.pairs_in_flight = *in_flight;
  }
  return tests;
}

absl::StatusOr<uint64_t> Store::RegisterWorker(const v1::WorkerCapabilities& capabilities,
                                               const std::string& secret_sha256, absl::Time now) {
  uint64_t worker_id = 0;
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> insert = db_->Cached(
        "INSERT INTO workers (capabilities, registered, last_seen, secret_sha256, concurrency) "
        "VALUES (?, ?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    insert->BindBlob(1, capabilities.SerializeAsString())
        .Bind(2, absl::ToUnixSeconds(now))
        .Bind(3, absl::ToUnixSeconds(now))
        .Bind(4, secret_sha256)
        .Bind(5, int64_t(capabilities.concurrency()));
    if (absl::Status status = insert->Run(); !status.ok()) return status;
    worker_id = db_->last_insert_id();
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return worker_id;
}

absl::StatusOr<std::vector<v1::WorkerInfo>> Store::ListWorkers() {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  // Each worker's totals come from one pass over worker_results, not a
  // lookup per worker (that table is keyed by test first).
  absl::StatusOr<sqlite::Statement> select = reader->Cached(
      "SELECT w.id, w.capabilities, w.last_seen, "
      "  (SELECT COUNT(*) FROM batches WHERE worker_id = w.id AND state = ?), "
      "  (SELECT GROUP_CONCAT(DISTINCT test_id) FROM batches WHERE worker_id = w.id AND state = ?), "
      "  COALESCE(r.games, 0), COALESCE(r.crashes, 0), COALESCE(r.time_losses, 0) "
      "FROM workers w LEFT JOIN (SELECT worker_id, SUM(wins + draws + losses) AS games, SUM(crashes) AS crashes, "
      "  SUM(time_losses) AS time_losses FROM worker_results GROUP BY worker_id) r ON r.worker_id = w.id "
      "ORDER BY w.id");
  if (!select.ok()) return select.status();
  select->Bind(1, SqlValue(BatchState::kLeased)).Bind(2, SqlValue(BatchState::kLeased));
  std::vector<v1::WorkerInfo> workers;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return workers;
    v1::WorkerInfo& info = workers.emplace_back();
    info.set_id(select->Int(0));
    if (!info.mutable_capabilities()->ParseFromString(select->Text(1)))
      return absl::DataLossError(absl::StrCat("worker ", info.id(), ": stored capabilities do not parse"));
    info.set_last_seen_unix(select->Int(2));
    info.set_batches_in_flight(select->Int(3));
    for (absl::string_view id : absl::StrSplit(select->Text(4), ',', absl::SkipEmpty()))
      if (uint64_t test_id = 0; absl::SimpleAtoi(id, &test_id)) info.add_playing_test_ids(test_id);
    std::sort(info.mutable_playing_test_ids()->begin(), info.mutable_playing_test_ids()->end());
    info.set_games(select->Int(5));
    info.set_crashes(select->Int(6));
    info.set_time_losses(select->Int(7));
  }
}

absl::StatusOr<Store::ConnectedWorkers> Store::CountConnectedWorkers(absl::Time seen_since) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> count =
      reader->Cached("SELECT COUNT(*), TOTAL(concurrency) FROM workers WHERE last_seen >= ?");
  if (!count.ok()) return count.status();
  count->Bind(1, absl::ToUnixSeconds(seen_since));
  absl::StatusOr<bool> row = count->Step();
  if (!row.ok()) return row.status();
  assert(*row);  // an aggregate always answers one row
  return ConnectedWorkers{.workers = int(count->Int(0)), .cores = int(count->Real(1))};
}

absl::StatusOr<Store::RegisteredWorker> Store::GetWorker(uint64_t worker_id) {
  // Every worker call asks; a worker's capabilities and secret never change
  // after it registers, so they are read from the database once.
  {
    absl::MutexLock lock(&workers_mutex_);
    if (auto it = workers_.find(worker_id); it != workers_.end()) return it->second;
  }
  RegisteredWorker worker;
  {
    ReaderPool::Lease reader = readers_->Acquire();
    absl::StatusOr<sqlite::Statement> select =
        reader->Cached("SELECT capabilities, secret_sha256 FROM workers WHERE id = ?");
    if (!select.ok()) return select.status();
    select->Bind(1, int64_t(worker_id));
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return absl::NotFoundError(absl::StrCat("worker_id: no worker ", worker_id, " (register first)"));
    if (!worker.capabilities.ParseFromString(select->Text(0)))
      return absl::DataLossError(absl::StrCat("worker ", worker_id, ": stored capabilities do not parse"));
    worker.secret_sha256 = select->Text(1);
  }
  absl::MutexLock lock(&workers_mutex_);
  workers_.emplace(worker_id, worker);
  return worker;
}

absl::StatusOr<std::vector<Store::BatchRecords>> Store::RecordsAfter(uint64_t test_id, uint64_t after_batch_id,
                                                                     int limit) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select = reader->Cached(
      "SELECT batch_id, records FROM batch_records WHERE test_id = ? AND batch_id > ? ORDER BY batch_id LIMIT ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id)).Bind(2, int64_t(after_batch_id)).Bind(3, int64_t(limit));
  std::vector<BatchRecords> page;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return page;
    page.push_back({uint64_t(select->Int(0)), select->Text(1)});
  }
}

absl::Status Store::RecordArtifact(const std::string& sha256, uint64_t size, const std::string& name,
                                   const v1::Provenance& provenance, absl::Time now, const Caller& by) {
  return WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT OR IGNORE INTO artifacts (sha256, size, name, created, provenance) VALUES (?, ?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    insert->Bind(1, sha256)
        .Bind(2, int64_t(size))
        .Bind(3, name)
        .Bind(4, absl::ToUnixSeconds(now))
        .BindBlob(5, provenance.ByteSizeLong() ? provenance.SerializeAsString() : "");
    if (absl::Status s = insert->Run(); !s.ok()) return s;
    const bool again = db_->changes() == 0;
    return AppendAuditEntry(
        *db_, absl::ToUnixSeconds(now), by.Label(), "engine uploaded",
        absl::StrCat(name, " ", sha256.substr(0, 12), ", ", size, " bytes", again ? " (already there)" : ""));
  });
}

absl::StatusOr<bool> Store::HasArtifact(const std::string& sha256) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader->Cached("SELECT 1 FROM artifacts WHERE sha256 = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, sha256);
  return select->Step();
}

absl::StatusOr<v1::Artifacts> Store::ListArtifacts(size_t limit, const std::string& sha256) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select = reader->Cached(
      "SELECT sha256, size, name, created, provenance FROM artifacts WHERE ? = '' OR sha256 = ? "
      "ORDER BY created DESC, rowid DESC LIMIT ?");
  if (!select.ok()) return select.status();
  select->Bind(1, sha256).Bind(2, sha256).Bind(3, int64_t(limit));
  v1::Artifacts artifacts;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return artifacts;
    v1::Artifact& artifact = *artifacts.add_artifacts();
    artifact.set_sha256(select->Text(0));
    artifact.set_size(select->Int(1));
    artifact.set_name(select->Text(2));
    artifact.set_created_unix(select->Int(3));
    if (!artifact.mutable_provenance()->ParseFromString(select->Text(4))) artifact.clear_provenance();
    if (artifact.provenance().ByteSizeLong() == 0) artifact.clear_provenance();
  }
}

}  // namespace judkins
