#include "coordinator/store/test_rows.h"
#include "coordinator/store/batch_state.h"
#include "coordinator/store/history_rows.h"

#include "absl/strings/str_cat.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"

namespace judkins {
namespace {

constexpr char kTestColumns[] =
    "id, spec, state, ll, ld, dd_wl, dw, ww, wins, draws, losses, next_pair, overshoot_valid, overshoot_last, "
    "ref0, m0, sq0, ref1, m1, sq1, finished_because, created, updated, hand_backs, unplayable_because, owner";

absl::StatusOr<TestRow> ReadTestRow(const sqlite::Statement& row) {
  TestRow test;
  test.id = row.Int(0);
  if (!test.spec.ParseFromString(row.Text(1)))
    return absl::DataLossError(absl::StrCat("test ", test.id, ": stored spec does not parse"));
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
  test.overshoot = {row.Int(12) != 0, row.Int(13),  row.Real(14), row.Real(15),
                    row.Real(16),     row.Real(17), row.Real(18), row.Real(19)};
  test.finished_because = row.Text(20);
  test.created = row.Int(21);
  test.updated = row.Int(22);
  test.hand_backs = row.Int(23);
  test.unplayable_because = row.Text(24);
  test.owner = row.Text(25);
  return test;
}

}  // namespace

v1::Test ToMessage(const TestRow& row, uint64_t pairs_in_flight) {
  v1::Test test;
  test.set_id(row.id);
  *test.mutable_spec() = row.spec;
  // Tests made before the defaults were stored say them too.
  if (row.spec.has_sprt()) *test.mutable_spec()->mutable_sprt() = SprtWithDefaults(row.spec.sprt());
  test.set_state(row.state);
  *test.mutable_pentanomial() = row.pentanomial;
  *test.mutable_wdl() = row.wdl;
  *test.mutable_stats() = MakeStatsReport(ResultsOf(row.pentanomial, row.wdl), SprtOf(row.spec), row.overshoot);
  test.set_pairs_in_flight(pairs_in_flight);
  test.set_finished_because(row.finished_because);
  test.set_created_unix(row.created);
  test.set_updated_unix(row.updated);
  test.set_unplayable_because(row.unplayable_because);
  test.set_owner(row.owner);
  return test;
}

absl::Status SaveCounts(sqlite::Database& db, const TestRow& test) {
  absl::StatusOr<sqlite::Statement> update = db.Cached(
      "UPDATE tests SET state = ?, ll = ?, ld = ?, dd_wl = ?, dw = ?, ww = ?, wins = ?, draws = ?, losses = ?, "
      "next_pair = ?, overshoot_valid = ?, overshoot_last = ?, ref0 = ?, m0 = ?, sq0 = ?, ref1 = ?, m1 = ?, sq1 = ?, "
      "finished_because = ?, updated = ?, hand_backs = ?, unplayable_because = ? WHERE id = ?");
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
      .Bind(21, test.hand_backs)
      .Bind(22, test.unplayable_because)
      .Bind(23, int64_t(test.id));
  return update->Run();
}

absl::StatusOr<TestRow> LoadTestRow(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached(absl::StrCat("SELECT ", kTestColumns, " FROM tests WHERE id = ?"));
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("no test ", test_id));
  return ReadTestRow(*select);
}

absl::Status TestExists(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select = db.Cached("SELECT 1 FROM tests WHERE id = ?");
  if (!select.ok()) return select.status();
  absl::StatusOr<bool> row = select->Bind(1, int64_t(test_id)).Step();
  if (!row.ok()) return row.status();
  return *row ? absl::OkStatus() : absl::NotFoundError(absl::StrCat("no test ", test_id));
}

// Pairs of the test's leased batches.
absl::StatusOr<uint64_t> PairsInFlight(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached("SELECT COALESCE(SUM(pair_count), 0) FROM batches WHERE test_id = ? AND state = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id)).Bind(2, SqlValue(BatchState::kLeased));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  return uint64_t(select->Int(0));
}

absl::StatusOr<uint64_t> PairsWaiting(sqlite::Database& db, const TestRow& test) {
  if (Ended(test.state)) return 0;
  absl::StatusOr<sqlite::Statement> select = db.Cached("SELECT COUNT(*) FROM reissue_queue WHERE test_id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test.id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  const uint64_t requeued = uint64_t(select->Int(0));
  const std::optional<uint64_t> cap = PairCap(test.spec);
  return requeued + (cap && *cap > test.next_pair ? *cap - test.next_pair : 0);
}

absl::Status RequeuePair(sqlite::Database& db, uint64_t test_id, const v1::PairAssignment& pair) {
  absl::StatusOr<sqlite::Statement> requeue = db.Cached(
      "INSERT OR IGNORE INTO reissue_queue (test_id, pair_index, opening_index) "
      "SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM counted_pairs WHERE test_id = ?1 AND pair_index = ?2)");
  if (!requeue.ok()) return requeue.status();
  requeue->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair.pair_index())).Bind(3, int64_t(pair.opening_index()));
  return requeue->Run();
}

absl::Status AppendTestHistory(sqlite::Database& db, const TestRow& test) {
  const v1::StatsReport stats =
      MakeStatsReport(ResultsOf(test.pentanomial, test.wdl), SprtOf(test.spec), test.overshoot);
  absl::StatusOr<sqlite::Statement> append = db.Cached(
      "INSERT INTO test_history (test_id, games, llr, elo, elo_ci_lower, elo_ci_upper, at_unix) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)");
  if (!append.ok()) return append.status();
  return append->Bind(1, int64_t(test.id))
      .Bind(2, int64_t(stats.games()))
      .Bind(3, stats.llr())
      .Bind(4, stats.elo())
      .Bind(5, stats.elo_ci_lower())
      .Bind(6, stats.elo_ci_upper())
      .Bind(7, test.updated)
      .Run();
}

absl::StatusOr<std::vector<v1::TestHistoryPoint>> LoadTestHistory(sqlite::Database& db, uint64_t test_id,
                                                                  size_t max_points) {
  std::vector<v1::TestHistoryPoint> points;
  absl::Status read = ForEachHistoryRow(db, "test_history", "games, llr, elo, elo_ci_lower, elo_ci_upper, at_unix",
                                        test_id, max_points, [&](const sqlite::Statement& row) {
                                          v1::TestHistoryPoint& point = points.emplace_back();
                                          point.set_games(uint64_t(row.Int(0)));
                                          point.set_llr(row.Real(1));
                                          point.set_elo(row.Real(2));
                                          point.set_elo_ci_lower(row.Real(3));
                                          point.set_elo_ci_upper(row.Real(4));
                                          point.set_at_unix(row.Int(5));
                                          return absl::OkStatus();
                                        });
  if (!read.ok()) return read;
  return points;
}

}  // namespace judkins
