#include "coordinator/store/store.h"

#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "coordinator/store/migrations.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"

namespace judkins {
namespace {

constexpr int kReported = 2;  // batch states: 1 leased, 2 reported, 3 expired
constexpr char kTestColumns[] =
    "id, spec, state, ll, ld, dd_wl, dw, ww, wins, draws, losses, next_pair, overshoot_valid, overshoot_last, "
    "ref0, m0, sq0, ref1, m1, sq1, finished_because, created, updated, "
    "(SELECT COALESCE(SUM(LENGTH(pairs)), 0) FROM batches WHERE test_id = tests.id AND state = 1)";

// Everything a test row holds, as the store works with it.
struct TestRow {
  uint64_t id = 0;
  v1::TestSpec spec;
  v1::TestState state = v1::TEST_STATE_PENDING;
  v1::Pentanomial pentanomial;
  v1::WinDrawLoss wdl;
  uint64_t next_pair = 0;
  stats::OvershootRecord overshoot;
  std::string finished_because;
  int64_t created = 0, updated = 0;
};

std::optional<stats::SprtParameters> SprtOf(const v1::TestSpec& spec) {
  if (!spec.has_sprt()) return std::nullopt;
  stats::SprtParameters parameters;
  parameters.elo0 = spec.sprt().elo0();
  parameters.elo1 = spec.sprt().elo1();
  parameters.alpha = spec.sprt().alpha() > 0 ? spec.sprt().alpha() : 0.05;
  parameters.beta = spec.sprt().beta() > 0 ? spec.sprt().beta() : 0.05;
  parameters.model = spec.sprt().model() == v1::ELO_MODEL_LOGISTIC   ? stats::EloModel::kLogistic
                     : spec.sprt().model() == v1::ELO_MODEL_BAYESELO ? stats::EloModel::kBayesElo
                                                                     : stats::EloModel::kNormalized;
  parameters.batch_size = 1;  // the SPRT is updated pair by pair
  return parameters;
}

TestRow ReadTestRow(const sqlite::Statement& row) {
  TestRow test;
  test.id = row.Int(0);
  test.spec.ParseFromString(row.Text(1));
  test.state = v1::TestState(row.Int(2));
  test.pentanomial.set_ll(row.Int(3));
  test.pentanomial.set_ld(row.Int(4));
  test.pentanomial.set_dd_wl(row.Int(5));
  test.pentanomial.set_dw(row.Int(6));
  test.pentanomial.set_ww(row.Int(7));
  test.wdl.set_wins(row.Int(8));
  test.wdl.set_draws(row.Int(9));
  test.wdl.set_losses(row.Int(10));
  test.next_pair = row.Int(11);
  test.overshoot = {row.Int(12) != 0, row.Int(13), row.Real(14), row.Real(15), row.Real(16),
                    row.Real(17),     row.Real(18), row.Real(19)};
  test.finished_because = row.Text(20);
  test.created = row.Int(21);
  test.updated = row.Int(22);
  return test;
}

v1::Test ToMessage(const TestRow& row, uint64_t pairs_in_flight) {
  v1::Test test;
  test.set_id(row.id);
  *test.mutable_spec() = row.spec;
  test.set_state(row.state);
  *test.mutable_pentanomial() = row.pentanomial;
  *test.mutable_wdl() = row.wdl;
  *test.mutable_stats() = MakeStatsReport(ResultsOf(row.pentanomial, row.wdl), SprtOf(row.spec), row.overshoot);
  test.set_pairs_in_flight(pairs_in_flight);
  test.set_finished_because(row.finished_because);
  test.set_created_unix(row.created);
  test.set_updated_unix(row.updated);
  return test;
}

uint64_t CountedPairs(const v1::Pentanomial& p) { return p.ll() + p.ld() + p.dd_wl() + p.dw() + p.ww(); }

bool Ended(v1::TestState state) { return state == v1::TEST_STATE_FINISHED || state == v1::TEST_STATE_STOPPED; }

// Openings are spread over the book by a fixed stride, so consecutive pairs
// of a test play different openings and every test covers the book evenly.
uint32_t OpeningFor(uint64_t test_id, uint64_t pair_index, uint32_t book_size) {
  if (book_size == 0) return 0;
  constexpr uint64_t kStride = 7919;  // prime: a permutation unless the book is a multiple of it
  const uint64_t stride = book_size % kStride == 0 ? 1 : kStride;
  return uint32_t((pair_index * stride + test_id * 104729) % book_size);
}

// The dev engine's half points in one game: it has Black in game 0 of a pair.
int DevHalfPoints(const v1::GameOutcome& game) { return HalfPoints(game.result(), game.game_in_pair() == 0); }

absl::Status SaveCounts(sqlite::Database& db, const TestRow& test) {
  absl::StatusOr<sqlite::Statement> update = db.Cached(
      "UPDATE tests SET state = ?, ll = ?, ld = ?, dd_wl = ?, dw = ?, ww = ?, wins = ?, draws = ?, losses = ?, "
      "next_pair = ?, overshoot_valid = ?, overshoot_last = ?, ref0 = ?, m0 = ?, sq0 = ?, ref1 = ?, m1 = ?, sq1 = ?, "
      "finished_because = ?, updated = ? WHERE id = ?");
  if (!update.ok()) return update.status();
  const stats::OvershootRecord& o = test.overshoot;
  update->Bind(1, int64_t(test.state))
      .Bind(2, int64_t(test.pentanomial.ll()))
      .Bind(3, int64_t(test.pentanomial.ld()))
      .Bind(4, int64_t(test.pentanomial.dd_wl()))
      .Bind(5, int64_t(test.pentanomial.dw()))
      .Bind(6, int64_t(test.pentanomial.ww()))
      .Bind(7, int64_t(test.wdl.wins()))
      .Bind(8, int64_t(test.wdl.draws()))
      .Bind(9, int64_t(test.wdl.losses()))
      .Bind(10, int64_t(test.next_pair))
      .Bind(11, int64_t(o.valid ? 1 : 0))
      .Bind(12, int64_t(o.last_update))
      .Bind(13, o.ref0)
      .Bind(14, o.m0)
      .Bind(15, o.sq0)
      .Bind(16, o.ref1)
      .Bind(17, o.m1)
      .Bind(18, o.sq1)
      .Bind(19, test.finished_because)
      .Bind(20, int64_t(test.updated))
      .Bind(21, int64_t(test.id));
  return update->Run();
}

absl::StatusOr<TestRow> LoadTestRow(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select = db.Cached(absl::StrCat("SELECT ", kTestColumns, " FROM tests WHERE id = ?"));
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("no test ", test_id));
  return ReadTestRow(*select);
}

// Pairs of the test's leased batches.
absl::StatusOr<uint64_t> PairsInFlight(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached("SELECT COALESCE(SUM(pair_count), 0) FROM batches WHERE test_id = ? AND state = 1");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  return uint64_t(select->Int(0));
}

}  // namespace

absl::StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& path) {
  absl::StatusOr<std::unique_ptr<sqlite::Database>> db = sqlite::Database::Open(path);
  if (!db.ok()) return db.status();
  if (absl::Status status = Migrate(**db); !status.ok()) return status;
  return std::make_unique<Store>(Passkey(), *std::move(db));
}

absl::StatusOr<v1::Test> Store::LoadTest(uint64_t test_id) {
  absl::StatusOr<TestRow> row = LoadTestRow(*db_, test_id);
  if (!row.ok()) return row.status();
  absl::StatusOr<uint64_t> in_flight = PairsInFlight(*db_, test_id);
  if (!in_flight.ok()) return in_flight.status();
  return ToMessage(*row, *in_flight);
}

absl::StatusOr<v1::Test> Store::CreateTest(const v1::TestSpec& spec, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> insert =
      db_->Cached("INSERT INTO tests (spec, state, created, updated) VALUES (?, ?, ?, ?)");
  if (!insert.ok()) return insert.status();
  insert->BindBlob(1, spec.SerializeAsString())
      .Bind(2, int64_t(v1::TEST_STATE_PENDING))
      .Bind(3, absl::ToUnixSeconds(now))
      .Bind(4, absl::ToUnixSeconds(now));
  if (absl::Status status = insert->Run(); !status.ok()) return status;
  return LoadTest(db_->last_insert_id());
}

absl::StatusOr<v1::Test> Store::GetTest(uint64_t test_id) {
  absl::MutexLock lock(&mutex_);
  return LoadTest(test_id);
}

absl::StatusOr<std::vector<v1::Test>> Store::ListTests(bool include_finished) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> select = db_->Cached(
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
    absl::StatusOr<v1::Test> test = LoadTest(id);
    if (!test.ok()) return test.status();
    tests.push_back(*std::move(test));
  }
  return tests;
}

absl::StatusOr<v1::Test> Store::StopTest(uint64_t test_id, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
  if (!transaction.ok()) return transaction.status();
  absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
  if (!test.ok()) return test.status();
  if (!Ended(test->state)) {
    test->state = v1::TEST_STATE_STOPPED;
    test->finished_because = "stopped by admin";
    test->updated = absl::ToUnixSeconds(now);
    if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
  }
  if (absl::Status s = transaction->Commit(); !s.ok()) return s;
  return LoadTest(test_id);
}

absl::StatusOr<std::vector<ActiveTest>> Store::ActiveTests() {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> select = db_->Cached("SELECT id, spec FROM tests WHERE state IN (1, 2) ORDER BY id");
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
    absl::StatusOr<uint64_t> in_flight = PairsInFlight(*db_, test.id);
    if (!in_flight.ok()) return in_flight.status();
    test.pairs_in_flight = *in_flight;
  }
  return tests;
}

absl::StatusOr<uint64_t> Store::RegisterWorker(const v1::WorkerCapabilities& capabilities, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> insert =
      db_->Cached("INSERT INTO workers (capabilities, registered, last_seen) VALUES (?, ?, ?)");
  if (!insert.ok()) return insert.status();
  insert->BindBlob(1, capabilities.SerializeAsString()).Bind(2, absl::ToUnixSeconds(now)).Bind(3, absl::ToUnixSeconds(now));
  if (absl::Status status = insert->Run(); !status.ok()) return status;
  return uint64_t(db_->last_insert_id());
}

absl::StatusOr<std::vector<v1::WorkerInfo>> Store::ListWorkers() {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> select = db_->Cached(
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
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> select = db_->Cached("SELECT capabilities FROM workers WHERE id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(worker_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("worker_id: no worker ", worker_id, " (register first)"));
  v1::WorkerCapabilities capabilities;
  capabilities.ParseFromString(select->Text(0));
  return capabilities;
}

absl::StatusOr<std::optional<v1::Batch>> Store::LeaseBatch(uint64_t test_id, uint64_t worker_id, int pairs,
                                                           absl::Time now, absl::Time deadline) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
  if (!transaction.ok()) return transaction.status();
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
  // Then new pairs, up to what the test needs in all.
  uint64_t limit = UINT64_MAX;
  if (test->spec.has_fixed_pairs()) limit = test->spec.fixed_pairs();
  if (test->spec.max_pairs() > 0) limit = std::min<uint64_t>(limit, test->spec.max_pairs());
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
  test->state = v1::TEST_STATE_RUNNING;
  test->updated = absl::ToUnixSeconds(now);
  if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
  if (absl::Status s = transaction->Commit(); !s.ok()) return s;
  return std::optional<v1::Batch>(std::move(batch));
}

absl::StatusOr<std::vector<uint64_t>> Store::Heartbeat(uint64_t worker_id, std::span<const uint64_t> batch_ids,
                                                       absl::Time now, absl::Time deadline) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
  if (!transaction.ok()) return transaction.status();
  absl::StatusOr<sqlite::Statement> seen = db_->Cached("UPDATE workers SET last_seen = ? WHERE id = ?");
  if (!seen.ok()) return seen.status();
  if (absl::Status s = seen->Bind(1, absl::ToUnixSeconds(now)).Bind(2, int64_t(worker_id)).Run(); !s.ok()) return s;
  if (db_->changes() == 0) return absl::NotFoundError(absl::StrCat("no worker ", worker_id));
  std::vector<uint64_t> stop;
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
  if (absl::Status s = transaction->Commit(); !s.ok()) return s;
  return stop;
}

absl::StatusOr<int> Store::ExpireLeases(absl::Time now) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
  if (!transaction.ok()) return transaction.status();
  absl::StatusOr<sqlite::Statement> select =
      db_->Cached("SELECT id, test_id, pairs FROM batches WHERE state = 1 AND lease_deadline_ms < ?");
  if (!select.ok()) return select.status();
  select->Bind(1, absl::ToUnixMillis(now));
  std::vector<std::pair<uint64_t, v1::Batch>> expired;
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
    for (const v1::PairAssignment& pair : batch.pairs()) {
      // Only pairs nobody has reported yet need playing again.
      absl::StatusOr<sqlite::Statement> requeue = db_->Cached(
          "INSERT OR IGNORE INTO reissue_queue (test_id, pair_index, opening_index) "
          "SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM counted_pairs WHERE test_id = ?1 AND pair_index = ?2)");
      if (!requeue.ok()) return requeue.status();
      requeue->Bind(1, int64_t(batch.test_id())).Bind(2, int64_t(pair.pair_index())).Bind(3, int64_t(pair.opening_index()));
      if (absl::Status s = requeue->Run(); !s.ok()) return s;
    }
  }
  if (absl::Status s = transaction->Commit(); !s.ok()) return s;
  return int(expired.size());
}

absl::StatusOr<Store::ReportResult> Store::ApplyReport(const v1::BatchReport& report, absl::Time now) {
  absl::StatusOr<sqlite::Statement> select =
      db_->Cached("SELECT test_id, worker_id, pairs, state FROM batches WHERE id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(report.batch_id()));
  absl::StatusOr<bool> found = select->Step();
  if (!found.ok()) return found.status();
  if (!*found) return absl::NotFoundError(absl::StrCat("batch_id: no batch ", report.batch_id()));
  const uint64_t test_id = select->Int(0);
  if (uint64_t(select->Int(1)) != report.worker_id())
    return absl::PermissionDeniedError(absl::StrCat("batch ", report.batch_id(), " was leased to another worker"));
  v1::Batch batch;
  batch.ParseFromString(select->Text(2));
  const int state = int(select->Int(3));

  // Both games of every pair, each once, with a real result.
  std::map<uint32_t, std::array<const v1::GameOutcome*, 2>> games;
  for (const v1::PairAssignment& pair : batch.pairs()) games[pair.pair_index()] = {nullptr, nullptr};
  for (const v1::GameOutcome& game : report.games()) {
    auto it = games.find(game.pair_index());
    if (it == games.end() || game.game_in_pair() > 1)
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " game ", game.game_in_pair(),
                                                     " is not part of batch ", report.batch_id()));
    if (it->second[game.game_in_pair()])
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " game ", game.game_in_pair(), " twice"));
    if (game.result() < v1::GAME_RESULT_BLACK_WINS || game.result() > v1::GAME_RESULT_DRAW)
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " has no result"));
    it->second[game.game_in_pair()] = &game;
  }
  // A pair without games was handed back (the worker stopped early): it goes
  // out again. A pair with one game of two is an error.
  std::vector<const v1::PairAssignment*> handed_back;
  for (const v1::PairAssignment& pair : batch.pairs()) {
    const auto& pair_games = games[pair.pair_index()];
    if (!pair_games[0] && !pair_games[1]) handed_back.push_back(&pair);
    else if (!pair_games[0] || !pair_games[1])
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", pair.pair_index(), " is incomplete"));
  }
  for (const v1::PairAssignment* pair : handed_back) games.erase(pair->pair_index());
  v1::Pentanomial penta;
  v1::WinDrawLoss wdl;
  for (const auto& [pair_index, pair_games] : games) {
    CountPair(DevHalfPoints(*pair_games[0]), DevHalfPoints(*pair_games[1]), penta, wdl);
  }
  if (report.has_pentanomial() && report.pentanomial().SerializeAsString() != penta.SerializeAsString())
    return absl::InvalidArgumentError("pentanomial: does not match the games reported");
  if (report.has_wdl() && report.wdl().SerializeAsString() != wdl.SerializeAsString())
    return absl::InvalidArgumentError("wdl: does not match the games reported");

  ReportResult result;
  absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
  if (!test.ok()) return test.status();
  if (state != kReported) {
    const std::optional<stats::SprtParameters> sprt = SprtOf(test->spec);
    for (const auto& [pair_index, pair_games] : games) {
      absl::StatusOr<sqlite::Statement> count = db_->Cached(
          "INSERT OR IGNORE INTO counted_pairs (test_id, pair_index, batch_id) VALUES (?, ?, ?)");
      if (!count.ok()) return count.status();
      count->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair_index)).Bind(3, int64_t(report.batch_id()));
      if (absl::Status s = count->Run(); !s.ok()) return s;
      if (db_->changes() == 0) continue;  // another batch already counted this pair
      absl::StatusOr<sqlite::Statement> unqueue = db_->Cached("DELETE FROM reissue_queue WHERE test_id = ? AND pair_index = ?");
      if (!unqueue.ok()) return unqueue.status();
      if (absl::Status s = unqueue->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair_index)).Run(); !s.ok()) return s;
      result.counted = true;
      CountPair(DevHalfPoints(*pair_games[0]), DevHalfPoints(*pair_games[1]), test->pentanomial, test->wdl);
      CountPair(DevHalfPoints(*pair_games[0]), DevHalfPoints(*pair_games[1]), result.counted_pairs, result.counted_games);
      if (sprt && !Ended(test->state)) {
        const stats::SprtStatus status =
            stats::UpdateSprt(*sprt, ResultsOf(test->pentanomial, test->wdl), test->overshoot);
        if (status.decision != stats::SprtDecision::kContinue) {
          test->state = v1::TEST_STATE_FINISHED;
          test->finished_because = "sprt " + std::string(stats::SprtDecisionName(status.decision));
        }
      }
    }
    if (!Ended(test->state)) {
      const uint64_t counted = CountedPairs(test->pentanomial);
      if (test->spec.has_fixed_pairs() && counted >= test->spec.fixed_pairs()) {
        test->state = v1::TEST_STATE_FINISHED;
        test->finished_because = "fixed games played";
      } else if (test->spec.max_pairs() > 0 && counted >= test->spec.max_pairs()) {
        test->state = v1::TEST_STATE_FINISHED;
        test->finished_because = "maximum games played";
      }
    }
    for (const v1::PairAssignment* pair : handed_back) {
      absl::StatusOr<sqlite::Statement> requeue = db_->Cached(
          "INSERT OR IGNORE INTO reissue_queue (test_id, pair_index, opening_index) "
          "SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM counted_pairs WHERE test_id = ?1 AND pair_index = ?2)");
      if (!requeue.ok()) return requeue.status();
      requeue->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair->pair_index())).Bind(3, int64_t(pair->opening_index()));
      if (absl::Status s = requeue->Run(); !s.ok()) return s;
    }
    test->updated = absl::ToUnixSeconds(now);
    if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
    absl::StatusOr<sqlite::Statement> mark = db_->Cached("UPDATE batches SET state = 2, reported = ? WHERE id = ?");
    if (!mark.ok()) return mark.status();
    if (absl::Status s = mark->Bind(1, absl::ToUnixSeconds(now)).Bind(2, int64_t(report.batch_id())).Run(); !s.ok())
      return s;
  }
  result.test_ended = Ended(test->state);
  result.test_id = test_id;
  return result;
}

absl::StatusOr<Store::ReportResult> Store::RecordReport(const v1::BatchReport& report, absl::Time now) {
  PendingReport mine{&report, now, std::nullopt};
  {
    absl::MutexLock queue_lock(&queue_mutex_);
    queue_.push_back(&mine);
  }
  absl::MutexLock lock(&mutex_);
  if (mine.result) return *std::move(mine.result);  // committed along with another caller's
  std::vector<PendingReport*> group;
  {
    absl::MutexLock queue_lock(&queue_mutex_);
    group.swap(queue_);
  }
  absl::Status committed = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
    if (!transaction.ok()) return transaction.status();
    for (size_t i = 0; i < group.size(); ++i) {
      // A savepoint each: a refused report undoes only itself.
      if (absl::Status s = db_->Execute("SAVEPOINT report"); !s.ok()) return s;
      group[i]->result = ApplyReport(*group[i]->report, group[i]->now);
      if (!group[i]->result->ok())
        if (absl::Status s = db_->Execute("ROLLBACK TO report"); !s.ok()) return s;
      if (absl::Status s = db_->Execute("RELEASE report"); !s.ok()) return s;
    }
    return transaction->Commit();
  }();
  if (!committed.ok())
    for (PendingReport* pending : group) pending->result = committed;
  return *std::move(mine.result);
}

absl::Status Store::RecordArtifact(const std::string& sha256, uint64_t size, const std::string& name, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> insert =
      db_->Cached("INSERT OR IGNORE INTO artifacts (sha256, size, name, created) VALUES (?, ?, ?, ?)");
  if (!insert.ok()) return insert.status();
  insert->Bind(1, sha256).Bind(2, int64_t(size)).Bind(3, name).Bind(4, absl::ToUnixSeconds(now));
  return insert->Run();
}

absl::StatusOr<bool> Store::HasArtifact(const std::string& sha256) {
  absl::MutexLock lock(&mutex_);
  absl::StatusOr<sqlite::Statement> select = db_->Cached("SELECT 1 FROM artifacts WHERE sha256 = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, sha256);
  return select->Step();
}

}  // namespace judkins
