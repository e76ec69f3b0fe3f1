// Leases: batches cut from a test for a worker (pairs of expired leases
// first, then new ones, with a tune's perturbation), their renewal by
// heartbeats, and their expiry.
#include <algorithm>
#include <span>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "coordinator/store/batch_state.h"
#include "coordinator/store/store.h"
#include "coordinator/store/test_events.h"
#include "coordinator/store/test_rows.h"
#include "coordinator/store/tune_rows.h"
#include "coordinator/store/worker_results.h"
#include "proto/contract.h"
#include "tuner/spsa_tune.h"

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

// Ends a leased batch unreported: its pairs wait in the re-issue queue.
absl::Status ExpireBatch(sqlite::Database& db, uint64_t batch_id, const v1::Batch& batch) {
  absl::StatusOr<sqlite::Statement> mark = db.Cached("UPDATE batches SET state = ? WHERE id = ?");
  if (!mark.ok()) return mark.status();
  if (absl::Status s = mark->Bind(1, SqlValue(BatchState::kExpired)).Bind(2, int64_t(batch_id)).Run(); !s.ok())
    return s;
  for (const v1::PairAssignment& pair : batch.pairs())
    if (absl::Status s = RequeuePair(db, batch.test_id(), pair); !s.ok()) return s;
  return absl::OkStatus();
}

// The leased batches `select` yields (id, test_id, pairs), read to the end.
absl::StatusOr<std::vector<std::pair<uint64_t, v1::Batch>>> ReadLeases(sqlite::Statement& select) {
  std::vector<std::pair<uint64_t, v1::Batch>> leases;
  while (true) {
    absl::StatusOr<bool> row = select.Step();
    if (!row.ok()) return row.status();
    if (!*row) return leases;
    v1::Batch batch;
    if (!batch.ParseFromString(select.Text(2)))
      return absl::DataLossError(absl::StrCat("batch ", select.Int(0), ": stored pairs do not parse"));
    batch.set_test_id(select.Int(1));
    leases.emplace_back(select.Int(0), std::move(batch));
  }
}

// How many batches the worker holds leased.
absl::StatusOr<int> LeasesHeld(sqlite::Database& db, uint64_t worker_id) {
  absl::StatusOr<sqlite::Statement> count = db.Cached("SELECT COUNT(*) FROM batches WHERE worker_id = ? AND state = ?");
  if (!count.ok()) return count.status();
  count->Bind(1, int64_t(worker_id)).Bind(2, SqlValue(BatchState::kLeased));
  if (absl::StatusOr<bool> row = count->Step(); !row.ok()) return row.status();
  return int(count->Int(0));
}

// A worker that lists what it holds holds nothing else: a batch leased to it
// and not listed is one whose answer never reached it. Returns how many
// leases it still holds.
absl::StatusOr<int> HandBackUnreceived(sqlite::Database& db, uint64_t worker_id, std::span<const uint64_t> held) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached("SELECT id, test_id, pairs FROM batches WHERE worker_id = ? AND state = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(worker_id)).Bind(2, SqlValue(BatchState::kLeased));
  absl::StatusOr<std::vector<std::pair<uint64_t, v1::Batch>>> leases = ReadLeases(*select);
  if (!leases.ok()) return leases.status();
  int kept = 0;
  for (const auto& [batch_id, batch] : *leases) {
    if (std::find(held.begin(), held.end(), batch_id) != held.end()) {
      ++kept;
    } else if (absl::Status s = ExpireBatch(db, batch_id, batch); !s.ok()) {
      return s;
    }
  }
  return kept;
}

}  // namespace

absl::StatusOr<std::optional<v1::Batch>> Store::LeaseBatch(uint64_t test_id, uint64_t worker_id, int pairs,
                                                           absl::Time now, absl::Time deadline) {
  return WriteValueInGroup<std::optional<v1::Batch>>(
      [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::StatusOr<std::optional<v1::Batch>> {
        absl::StatusOr<int> leases_held = LeasesHeld(*db_, worker_id);
        if (!leases_held.ok()) return leases_held.status();
        return LeaseBatchLocked(test_id, worker_id, *leases_held, pairs, now, deadline);
      });
}

void Store::LeaseFirstAsync(std::vector<LeaseCandidate> candidates, uint64_t worker_id,
                            std::optional<std::vector<uint64_t>> held, absl::Time now, absl::Time deadline,
                            LeaseDone done) {
  SubmitValueWrite<std::optional<v1::Batch>>(
      [this, candidates = std::move(candidates), worker_id, held = std::move(held), now, deadline]()
          ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::StatusOr<std::optional<v1::Batch>> {
            // Counted once: trying the candidates leases at most one batch.
            absl::StatusOr<int> leases_held =
                held.has_value() ? HandBackUnreceived(*db_, worker_id, *held) : LeasesHeld(*db_, worker_id);
            if (!leases_held.ok()) return leases_held.status();
            for (const LeaseCandidate& candidate : candidates) {
              absl::StatusOr<std::optional<v1::Batch>> batch =
                  LeaseBatchLocked(candidate.test_id, worker_id, *leases_held, candidate.pairs, now, deadline);
              if (!batch.ok() || batch->has_value()) return batch;
            }
            return std::optional<v1::Batch>();
          },
      std::move(done));
}

absl::StatusOr<std::optional<v1::Batch>> Store::LeaseBatchLocked(uint64_t test_id, uint64_t worker_id, int leases_held,
                                                                 int pairs, absl::Time now, absl::Time deadline) {
  absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
  if (!test.ok()) return test.status();
  if (Ended(test->state) || pairs <= 0) return std::optional<v1::Batch>();
  // Taken off this test, or waiting after batches of it it could not play.
  absl::StatusOr<bool> may_play = WorkerMayPlay(*db_, test_id, worker_id, now);
  if (!may_play.ok()) return may_play.status();
  if (!*may_play) return std::optional<v1::Batch>();
  // A worker that leases without reporting would hold pairs back from
  // everyone else until its leases expire.
  if (leases_held >= contract::kMaxLeasesPerWorker)
    return absl::ResourceExhaustedError(absl::StrCat("worker ", worker_id, " holds ", leases_held,
                                                     " leases, the most a worker may hold; report one first"));

  v1::Batch batch;
  // Pairs of expired leases go out again first.
  absl::StatusOr<sqlite::Statement> queued =
      db_->Cached("SELECT pair_index, opening_index FROM reissue_queue WHERE test_id = ? ORDER BY pair_index LIMIT ?");
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
    absl::StatusOr<sqlite::Statement> remove =
        db_->Cached("DELETE FROM reissue_queue WHERE test_id = ? AND pair_index = ?");
    if (!remove.ok()) return remove.status();
    if (absl::Status s = remove->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair.pair_index())).Run(); !s.ok()) return s;
  }
  // Then new pairs, up to what the test needs in all. Near the end of a
  // bounded test no batch takes more than half of what is left, so the last
  // pairs are shared out instead of waiting on one worker (guided scheduling).
  const uint64_t limit = PairCap(test->spec).value_or(UINT64_MAX);
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
      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  if (!insert.ok()) return insert.status();
  insert->Bind(1, int64_t(test_id))
      .Bind(2, int64_t(worker_id))
      .BindBlob(3, batch.SerializeAsString())
      .Bind(4, SqlValue(BatchState::kLeased))
      .Bind(5, absl::ToUnixMillis(deadline))
      .Bind(6, absl::ToUnixSeconds(now))
      .Bind(7, int64_t(batch.pairs_size()));
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
  const v1::TestState before = test->state;
  test->state = v1::TEST_STATE_RUNNING;
  test->updated = absl::ToUnixSeconds(now);
  if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
  if (before != test->state) {  // its first batch: the log says who started it
    absl::StatusOr<std::string> worker = WorkerLabel(*db_, worker_id);
    if (!worker.ok()) return worker.status();
    if (absl::Status s = LogStateChange(*db_, before, *test, absl::StrCat("worker ", *worker)); !s.ok()) return s;
  }
  return std::optional<v1::Batch>(std::move(batch));
}

absl::Status Store::PerturbBatch(uint64_t test_id, const v1::SpsaSpec& spec, v1::Batch& batch) {
  absl::StatusOr<TuneRow> tune = LoadTuneRow(*db_, test_id, spec.parameters_size());
  if (!tune.ok()) return tune.status();
  // Seeded by the batch, so a batch's perturbation can be drawn again to check it.
  const uint64_t seed = test_id * 0x9E3779B97F4A7C15ull ^ batch.id();
  const tuner::Perturbation perturbation = tuner::Perturb(spec, tune->theta, tune->iterations, seed);
  if (absl::Status s = SavePerturbation(*db_, batch.id(), {perturbation.iteration, perturbation.flips}); !s.ok())
    return s;
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
      absl::StatusOr<sqlite::Statement> batch = db_->Cached(
          "SELECT batches.worker_id, tests.state FROM batches JOIN tests ON tests.id = batches.test_id "
          "WHERE batches.id = ?");
      if (!batch.ok()) return batch.status();
      batch->Bind(1, int64_t(batch_id));
      absl::StatusOr<bool> row = batch->Step();
      if (!row.ok()) return row.status();
      if (!*row) return absl::NotFoundError(absl::StrCat("batch_ids: no batch ", batch_id));
      if (uint64_t(batch->Int(0)) != worker_id)
        return absl::PermissionDeniedError(absl::StrCat("batch_ids: batch ", batch_id, " is leased to another worker"));
      if (Ended(v1::TestState(batch->Int(1)))) stop.push_back(batch_id);
      absl::StatusOr<sqlite::Statement> extend =
          db_->Cached("UPDATE batches SET lease_deadline_ms = ? WHERE id = ? AND state = ?");
      if (!extend.ok()) return extend.status();
      extend->Bind(1, absl::ToUnixMillis(deadline)).Bind(2, int64_t(batch_id)).Bind(3, SqlValue(BatchState::kLeased));
      if (absl::Status s = extend->Run(); !s.ok()) return s;
    }
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return stop;
}

absl::StatusOr<int> Store::ExpireLeases(absl::Time now) {
  int expired = 0;
  absl::Status written = WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> select =
        db_->Cached("SELECT id, test_id, pairs FROM batches WHERE state = ? AND lease_deadline_ms < ?");
    if (!select.ok()) return select.status();
    select->Bind(1, SqlValue(BatchState::kLeased)).Bind(2, absl::ToUnixMillis(now));
    absl::StatusOr<std::vector<std::pair<uint64_t, v1::Batch>>> leases = ReadLeases(*select);
    if (!leases.ok()) return leases.status();
    for (const auto& [batch_id, batch] : *leases)
      if (absl::Status s = ExpireBatch(*db_, batch_id, batch); !s.ok()) return s;
    expired = int(leases->size());
    return absl::OkStatus();
  });
  if (!written.ok()) return written;
  return expired;
}

}  // namespace judkins
