#include "coordinator/store/store.h"

#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "coordinator/store/migrations.h"
#include "coordinator/store/test_rows.h"
#include "coordinator/store/tune_rows.h"
#include "tuner/spsa_tune.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"

namespace judkins {
namespace {

// Openings are spread over the book by a fixed stride, so consecutive pairs
// of a test play different openings and every test covers the book evenly.
uint32_t OpeningFor(uint64_t test_id, uint64_t pair_index, uint32_t book_size) {
  if (book_size == 0) return 0;
  constexpr uint64_t kStride = 7919;  // prime: a permutation unless the book is a multiple of it
  const uint64_t stride = book_size % kStride == 0 ? 1 : kStride;
  return uint32_t((pair_index * stride + test_id * 104729) % book_size);
}

}  // namespace

absl::StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& path) {
  absl::StatusOr<std::unique_ptr<sqlite::Database>> db = sqlite::Database::Open(path);
  if (!db.ok()) return db.status();
  if (absl::Status status = Migrate(**db); !status.ok()) return status;
  // Reads take a connection of their own: in WAL mode they see the last
  // commit without waiting for the writer's transaction and fsync.
  absl::StatusOr<std::unique_ptr<sqlite::Database>> reader = sqlite::Database::Open(path);
  if (!reader.ok()) return reader.status();
  return std::make_unique<Store>(Passkey(), *std::move(db), *std::move(reader));
}

absl::StatusOr<v1::Test> Store::LoadTest(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<TestRow> row = LoadTestRow(db, test_id);
  if (!row.ok()) return row.status();
  absl::StatusOr<uint64_t> in_flight = PairsInFlight(db, test_id);
  if (!in_flight.ok()) return in_flight.status();
  return ToMessage(*row, *in_flight);
}

absl::StatusOr<v1::Test> Store::CreateTest(const v1::TestSpec& spec, absl::Time now) {
  uint64_t test_id = 0;
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT INTO tests (spec, state, created, updated) VALUES (?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    insert->BindBlob(1, spec.SerializeAsString())
        .Bind(2, int64_t(v1::TEST_STATE_PENDING))
        .Bind(3, absl::ToUnixSeconds(now))
        .Bind(4, absl::ToUnixSeconds(now));
    if (absl::Status status = insert->Run(); !status.ok()) return status;
    test_id = db_->last_insert_id();
    if (spec.has_spsa()) return CreateTuneRow(*db_, test_id, spec.spsa());
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

absl::StatusOr<v1::Tune> Store::GetTune(uint64_t test_id, size_t max_history_points) {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader_);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<v1::Test> test = LoadTest(*reader_, test_id);
  if (!test.ok()) return test.status();
  if (!test->spec().has_spsa()) return absl::NotFoundError(absl::StrCat("test ", test_id, " is not a tune"));
  const v1::SpsaSpec& spec = test->spec().spsa();
  absl::StatusOr<TuneRow> row = LoadTuneRow(*reader_, test_id, spec.parameters_size());
  if (!row.ok()) return row.status();
  absl::StatusOr<std::vector<v1::TuneSnapshot>> history = LoadTuneHistory(*reader_, test_id, max_history_points);
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

absl::StatusOr<v1::Test> Store::GetTest(uint64_t test_id) {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader_);
  if (!snapshot.ok()) return snapshot.status();
  return LoadTest(*reader_, test_id);
}

absl::StatusOr<std::vector<v1::Test>> Store::ListTests(bool include_finished) {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader_);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader_->Cached(
      include_finished ? "SELECT id FROM tests ORDER BY id" : "SELECT id FROM tests WHERE state IN (1, 2) ORDER BY id");
  if (!select.ok()) return select.status();
  std::vector<uint64_t> ids;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    ids.push_back(select->Int(0));
  }
  std::vector<v1::Test> tests;
  for (uint64_t id : ids) {
    absl::StatusOr<v1::Test> test = LoadTest(*reader_, id);
    if (!test.ok()) return test.status();
    tests.push_back(*std::move(test));
  }
  return tests;
}

absl::StatusOr<v1::Test> Store::StopTest(uint64_t test_id, absl::Time now) {
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
    if (!test.ok()) return test.status();
    if (Ended(test->state)) return absl::OkStatus();
    test->state = v1::TEST_STATE_STOPPED;
    test->finished_because = "stopped by admin";
    test->updated = absl::ToUnixSeconds(now);
    return SaveCounts(*db_, *test);
  });
  if (!written.ok()) return written;
  return GetTest(test_id);
}

absl::StatusOr<std::vector<ActiveTest>> Store::ActiveTests() {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader_);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader_->Cached("SELECT id, spec FROM tests WHERE state IN (1, 2) ORDER BY id");
  if (!select.ok()) return select.status();
  std::vector<ActiveTest> tests;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    v1::TestSpec spec;
    spec.ParseFromString(select->Text(1));
    tests.push_back({uint64_t(select->Int(0)), spec.priority(), spec.throughput() ? spec.throughput() : 100, 0, spec});
  }
  for (ActiveTest& test : tests) {
    absl::StatusOr<uint64_t> in_flight = PairsInFlight(*reader_, test.id);
    if (!in_flight.ok()) return in_flight.status();
    test.pairs_in_flight = *in_flight;
  }
  return tests;
}

absl::StatusOr<uint64_t> Store::RegisterWorker(const v1::WorkerCapabilities& capabilities, absl::Time now) {
  uint64_t worker_id = 0;
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT INTO workers (capabilities, registered, last_seen) VALUES (?, ?, ?)");
    if (!insert.ok()) return insert.status();
    insert->BindBlob(1, capabilities.SerializeAsString())
        .Bind(2, absl::ToUnixSeconds(now))
        .Bind(3, absl::ToUnixSeconds(now));
    if (absl::Status status = insert->Run(); !status.ok()) return status;
    worker_id = db_->last_insert_id();
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return worker_id;
}

absl::StatusOr<std::vector<v1::WorkerInfo>> Store::ListWorkers() {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader_);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader_->Cached(
      "SELECT id, capabilities, last_seen, (SELECT COUNT(*) FROM batches WHERE worker_id = workers.id AND state = 1) "
      "FROM workers ORDER BY id");
  if (!select.ok()) return select.status();
  std::vector<v1::WorkerInfo> workers;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return workers;
    v1::WorkerInfo& info = workers.emplace_back();
    info.set_id(select->Int(0));
    info.mutable_capabilities()->ParseFromString(select->Text(1));
    info.set_last_seen_unix(select->Int(2));
    info.set_batches_in_flight(select->Int(3));
  }
}

absl::StatusOr<v1::WorkerCapabilities> Store::GetWorker(uint64_t worker_id) {
  // Every RequestWork asks; a worker's capabilities never change after it
  // registers, so they are read from the database once.
  {
    absl::MutexLock lock(&workers_mutex_);
    if (auto it = workers_.find(worker_id); it != workers_.end()) return it->second;
  }
  v1::WorkerCapabilities capabilities;
  {
    absl::MutexLock lock(&reader_mutex_);
    absl::StatusOr<sqlite::Statement> select = reader_->Cached("SELECT capabilities FROM workers WHERE id = ?");
    if (!select.ok()) return select.status();
    select->Bind(1, int64_t(worker_id));
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return absl::NotFoundError(absl::StrCat("worker_id: no worker ", worker_id, " (register first)"));
    capabilities.ParseFromString(select->Text(0));
  }
  absl::MutexLock lock(&workers_mutex_);
  workers_.emplace(worker_id, capabilities);
  return capabilities;
}

absl::StatusOr<std::optional<v1::Batch>> Store::LeaseBatch(uint64_t test_id, uint64_t worker_id, int pairs,
                                                           absl::Time now, absl::Time deadline) {
  std::optional<absl::StatusOr<std::optional<v1::Batch>>> batch;
  absl::Status committed = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
    batch = LeaseBatchLocked(test_id, worker_id, pairs, now, deadline);
    return batch->status();
  });
  if (!committed.ok()) return committed;
  return *std::move(batch);
}

void Store::LeaseFirstAsync(std::vector<LeaseCandidate> candidates, uint64_t worker_id, absl::Time now,
                            absl::Time deadline, LeaseDone done) {
  auto result = std::make_shared<std::optional<absl::StatusOr<std::optional<v1::Batch>>>>();
  SubmitWrite(
      [this, candidates = std::move(candidates), worker_id, now, deadline, result]() ABSL_NO_THREAD_SAFETY_ANALYSIS {
        for (const LeaseCandidate& candidate : candidates) {
          *result = LeaseBatchLocked(candidate.test_id, worker_id, candidate.pairs, now, deadline);
          if (!(*result)->ok() || (*result)->value().has_value()) return (*result)->status();
        }
        *result = std::optional<v1::Batch>();
        return absl::OkStatus();
      },
      [result, done = std::move(done)](absl::Status status) mutable {
        if (status.ok()) std::move(done)(**std::move(result));
        else std::move(done)(std::move(status));
      });
}

absl::StatusOr<std::optional<v1::Batch>> Store::LeaseBatchLocked(uint64_t test_id, uint64_t worker_id, int pairs,
                                                                 absl::Time now, absl::Time deadline) {
  absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
  if (!test.ok()) return test.status();
  if (Ended(test->state) || pairs <= 0) return std::optional<v1::Batch>();

  v1::Batch batch;
  // Pairs of expired leases go out again first.
  absl::StatusOr<sqlite::Statement> queued = db_->Cached(
      "SELECT pair_index, opening_index FROM reissue_queue WHERE test_id = ? ORDER BY pair_index LIMIT ?");
  if (!queued.ok()) return queued.status();
  queued->Bind(1, int64_t(test_id)).Bind(2, int64_t(pairs));
  while (true) {
    absl::StatusOr<bool> row = queued->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    v1::PairAssignment& pair = *batch.add_pairs();
    pair.set_pair_index(queued->Int(0));
    pair.set_opening_index(queued->Int(1));
  }
  for (const v1::PairAssignment& pair : batch.pairs()) {
    absl::StatusOr<sqlite::Statement> remove = db_->Cached("DELETE FROM reissue_queue WHERE test_id = ? AND pair_index = ?");
    if (!remove.ok()) return remove.status();
    if (absl::Status s = remove->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair.pair_index())).Run(); !s.ok()) return s;
  }
  // Then new pairs, up to what the test needs in all. Near the end of a
  // bounded test no batch takes more than half of what is left, so the last
  // pairs are shared out instead of waiting on one worker (guided scheduling).
  uint64_t limit = UINT64_MAX;
  if (test->spec.has_fixed_pairs()) limit = test->spec.fixed_pairs();
  if (test->spec.has_spsa()) limit = test->spec.spsa().pairs();
  if (test->spec.max_pairs() > 0) limit = std::min<uint64_t>(limit, test->spec.max_pairs());
  if (limit != UINT64_MAX && test->next_pair < limit)
    pairs = std::min<int>(pairs, int(std::max<uint64_t>(batch.pairs_size() + 1, (limit - test->next_pair + 1) / 2)));
  while (batch.pairs_size() < pairs && test->next_pair < limit) {
    v1::PairAssignment& pair = *batch.add_pairs();
    pair.set_pair_index(test->next_pair);
    pair.set_opening_index(OpeningFor(test_id, test->next_pair, test->spec.book_size()));
    ++test->next_pair;
  }
  if (batch.pairs_size() == 0) return std::optional<v1::Batch>();

  batch.set_lease_deadline_unix_ms(absl::ToUnixMillis(deadline));
  absl::StatusOr<sqlite::Statement> insert = db_->Cached(
      "INSERT INTO batches (test_id, worker_id, pairs, state, lease_deadline_ms, created, pair_count) "
      "VALUES (?, ?, ?, 1, ?, ?, ?)");
  if (!insert.ok()) return insert.status();
  insert->Bind(1, int64_t(test_id))
      .Bind(2, int64_t(worker_id))
      .BindBlob(3, batch.SerializeAsString())
      .Bind(4, absl::ToUnixMillis(deadline))
      .Bind(5, absl::ToUnixSeconds(now))
      .Bind(6, int64_t(batch.pairs_size()));
  if (absl::Status s = insert->Run(); !s.ok()) {
    if (absl::StrContains(s.message(), "FOREIGN KEY"))
      return absl::NotFoundError(absl::StrCat("no worker ", worker_id));
    return s;
  }
  batch.set_id(db_->last_insert_id());
  batch.set_test_id(test_id);
  *batch.mutable_spec() = test->spec;
  if (test->spec.has_spsa())
    if (absl::Status s = PerturbBatch(test_id, test->spec.spsa(), batch); !s.ok()) return s;
  test->state = v1::TEST_STATE_RUNNING;
  test->updated = absl::ToUnixSeconds(now);
  if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
  return std::optional<v1::Batch>(std::move(batch));
}

absl::Status Store::PerturbBatch(uint64_t test_id, const v1::SpsaSpec& spec, v1::Batch& batch) {
  absl::StatusOr<TuneRow> tune = LoadTuneRow(*db_, test_id, spec.parameters_size());
  if (!tune.ok()) return tune.status();
  // Seeded by the batch, so a batch's perturbation can be drawn again to check it.
  const uint64_t seed = test_id * 0x9E3779B97F4A7C15ull ^ batch.id();
  const tuner::Perturbation perturbation = tuner::Perturb(spec, tune->theta, tune->iterations, seed);
  if (absl::Status s = SavePerturbation(*db_, batch.id(), {perturbation.iteration, perturbation.flips}); !s.ok()) return s;
  tuner::SetPerturbedOptions(spec, perturbation, *batch.mutable_spec());
  batch.set_spsa_iteration(perturbation.iteration);
  batch.set_spsa_flips(tuner::FlipsText(perturbation.flips));
  return absl::OkStatus();
}

absl::StatusOr<std::vector<uint64_t>> Store::Heartbeat(uint64_t worker_id, std::span<const uint64_t> batch_ids,
                                                       absl::Time now, absl::Time deadline) {
  std::vector<uint64_t> stop;
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> seen = db_->Cached("UPDATE workers SET last_seen = ? WHERE id = ?");
    if (!seen.ok()) return seen.status();
    if (absl::Status s = seen->Bind(1, absl::ToUnixSeconds(now)).Bind(2, int64_t(worker_id)).Run(); !s.ok()) return s;
    if (db_->changes() == 0) return absl::NotFoundError(absl::StrCat("no worker ", worker_id));
    for (uint64_t batch_id : batch_ids) {
      absl::StatusOr<sqlite::Statement> extend = db_->Cached(
          "UPDATE batches SET lease_deadline_ms = ? WHERE id = ? AND worker_id = ? AND state = 1");
      if (!extend.ok()) return extend.status();
      extend->Bind(1, absl::ToUnixMillis(deadline)).Bind(2, int64_t(batch_id)).Bind(3, int64_t(worker_id));
      if (absl::Status s = extend->Run(); !s.ok()) return s;
      absl::StatusOr<sqlite::Statement> state = db_->Cached(
          "SELECT tests.state FROM batches JOIN tests ON tests.id = batches.test_id WHERE batches.id = ?");
      if (!state.ok()) return state.status();
      state->Bind(1, int64_t(batch_id));
      absl::StatusOr<bool> row = state->Step();
      if (!row.ok()) return row.status();
      if (*row && Ended(v1::TestState(state->Int(0)))) stop.push_back(batch_id);
    }
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return stop;
}

absl::StatusOr<int> Store::ExpireLeases(absl::Time now) {
  std::vector<std::pair<uint64_t, v1::Batch>> expired;
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> select =
        db_->Cached("SELECT id, test_id, pairs FROM batches WHERE state = 1 AND lease_deadline_ms < ?");
    if (!select.ok()) return select.status();
    select->Bind(1, absl::ToUnixMillis(now));
    while (true) {
      absl::StatusOr<bool> row = select->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      v1::Batch batch;
      batch.ParseFromString(select->Text(2));
      batch.set_test_id(select->Int(1));
      expired.emplace_back(select->Int(0), std::move(batch));
    }
    for (const auto& [batch_id, batch] : expired) {
      absl::StatusOr<sqlite::Statement> mark = db_->Cached("UPDATE batches SET state = 3 WHERE id = ?");
      if (!mark.ok()) return mark.status();
      if (absl::Status s = mark->Bind(1, int64_t(batch_id)).Run(); !s.ok()) return s;
      for (const v1::PairAssignment& pair : batch.pairs())
        if (absl::Status s = RequeuePair(*db_, batch.test_id(), pair); !s.ok()) return s;
    }
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return int(expired.size());
}

absl::StatusOr<std::vector<Store::BatchRecords>> Store::RecordsAfter(uint64_t test_id, uint64_t after_batch_id,
                                                                    int limit) {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Statement> select = reader_->Cached(
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

absl::Status Store::RecordArtifact(const std::string& sha256, uint64_t size, const std::string& name, absl::Time now) {
  return WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT OR IGNORE INTO artifacts (sha256, size, name, created) VALUES (?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    insert->Bind(1, sha256).Bind(2, int64_t(size)).Bind(3, name).Bind(4, absl::ToUnixSeconds(now));
    return insert->Run();
  });
}

absl::StatusOr<bool> Store::HasArtifact(const std::string& sha256) {
  absl::MutexLock lock(&reader_mutex_);
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader_);
  if (!snapshot.ok()) return snapshot.status();
  absl::StatusOr<sqlite::Statement> select = reader_->Cached("SELECT 1 FROM artifacts WHERE sha256 = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, sha256);
  return select->Step();
}


}  // namespace judkins
