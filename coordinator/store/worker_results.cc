#include "coordinator/store/worker_results.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "coordinator/domain/hand_backs.h"
#include "stats/worker_homogeneity.h"

namespace judkins {
namespace {

constexpr char kColumns[] =
    "worker_results.worker_id, workers.capabilities, ll, ld, dd_wl, dw, ww, wins, draws, losses, crashes, "
    "time_losses, excluded_because";

absl::StatusOr<v1::WorkerResult> ReadRow(const sqlite::Statement& row) {
  v1::WorkerResult result;
  result.set_worker_id(row.Int(0));
  v1::WorkerCapabilities capabilities;
  if (!capabilities.ParseFromString(row.Text(1)))
    return absl::DataLossError(absl::StrCat("worker ", result.worker_id(), ": stored capabilities do not parse"));
  result.set_name(capabilities.name());
  v1::Pentanomial& p = *result.mutable_pentanomial();
  p.set_ll(row.Int(2));
  p.set_ld(row.Int(3));
  p.set_dd_wl(row.Int(4));
  p.set_dw(row.Int(5));
  p.set_ww(row.Int(6));
  result.mutable_wdl()->set_wins(row.Int(7));
  result.mutable_wdl()->set_draws(row.Int(8));
  result.mutable_wdl()->set_losses(row.Int(9));
  result.set_crashes(row.Int(10));
  result.set_time_losses(row.Int(11));
  result.set_excluded_because(row.Text(12));
  return result;
}

}  // namespace

absl::StatusOr<v1::WorkerResult> AddToWorkerResult(sqlite::Database& db, uint64_t test_id, uint64_t worker_id,
                                                   const WorkerShare& share) {
  absl::StatusOr<sqlite::Statement> upsert = db.Cached(
      "INSERT INTO worker_results (test_id, worker_id, ll, ld, dd_wl, dw, ww, wins, draws, losses, crashes, "
      "time_losses) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (test_id, worker_id) DO UPDATE SET "
      "ll = ll + excluded.ll, ld = ld + excluded.ld, dd_wl = dd_wl + excluded.dd_wl, dw = dw + excluded.dw, "
      "ww = ww + excluded.ww, wins = wins + excluded.wins, draws = draws + excluded.draws, "
      "losses = losses + excluded.losses, crashes = crashes + excluded.crashes, "
      "time_losses = time_losses + excluded.time_losses");
  if (!upsert.ok()) return upsert.status();
  const v1::Pentanomial& p = share.pentanomial;
  upsert->Bind(1, int64_t(test_id))
      .Bind(2, int64_t(worker_id))
      .Bind(3, int64_t(p.ll()))
      .Bind(4, int64_t(p.ld()))
      .Bind(5, int64_t(p.dd_wl()))
      .Bind(6, int64_t(p.dw()))
      .Bind(7, int64_t(p.ww()))
      .Bind(8, int64_t(share.wdl.wins()))
      .Bind(9, int64_t(share.wdl.draws()))
      .Bind(10, int64_t(share.wdl.losses()))
      .Bind(11, int64_t(share.crashes))
      .Bind(12, int64_t(share.time_losses));
  if (absl::Status s = upsert->Run(); !s.ok()) return s;
  absl::StatusOr<std::optional<v1::WorkerResult>> row = LoadWorkerResult(db, test_id, worker_id);
  if (!row.ok()) return row.status();
  return **row;
}

absl::StatusOr<std::optional<v1::WorkerResult>> LoadWorkerResult(sqlite::Database& db, uint64_t test_id,
                                                                 uint64_t worker_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached(absl::StrCat("SELECT ", kColumns,
                             " FROM worker_results JOIN workers ON workers.id = "
                             "worker_results.worker_id WHERE test_id = ? AND worker_id = ?"));
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id)).Bind(2, int64_t(worker_id));
  absl::StatusOr<bool> found = select->Step();
  if (!found.ok()) return found.status();
  if (!*found) return std::optional<v1::WorkerResult>();
  absl::StatusOr<v1::WorkerResult> row = ReadRow(*select);
  if (!row.ok()) return row.status();
  return std::optional<v1::WorkerResult>(*std::move(row));
}

absl::StatusOr<std::vector<v1::WorkerResult>> LoadWorkerResults(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached(absl::StrCat("SELECT ", kColumns,
                             " FROM worker_results JOIN workers ON workers.id = "
                             "worker_results.worker_id WHERE test_id = ? ORDER BY worker_results.worker_id"));
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  std::vector<v1::WorkerResult> results;
  while (true) {
    absl::StatusOr<bool> found = select->Step();
    if (!found.ok()) return found.status();
    if (!*found) return results;
    absl::StatusOr<v1::WorkerResult> row = ReadRow(*select);
    if (!row.ok()) return row.status();
    results.push_back(*std::move(row));
  }
}

absl::Status ExcludeWorkerResult(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, const std::string& because,
                                 bool purged) {
  absl::StatusOr<sqlite::Statement> update = db.Cached(
      purged ? "UPDATE worker_results SET excluded_because = ?, purged = 1, ll = 0, ld = 0, dd_wl = 0, dw = 0, "
               "ww = 0, wins = 0, draws = 0, losses = 0 WHERE test_id = ? AND worker_id = ?"
             : "UPDATE worker_results SET excluded_because = ? WHERE test_id = ? AND worker_id = ?");
  if (!update.ok()) return update.status();
  return update->Bind(1, because).Bind(2, int64_t(test_id)).Bind(3, int64_t(worker_id)).Run();
}

absl::StatusOr<bool> WorkerMayPlay(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, absl::Time now) {
  absl::StatusOr<sqlite::Statement> select = db.Cached(
      "SELECT excluded_because = '' AND backed_off_until_ms <= ? FROM worker_results WHERE test_id = ? AND "
      "worker_id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, absl::ToUnixMillis(now)).Bind(2, int64_t(test_id)).Bind(3, int64_t(worker_id));
  absl::StatusOr<bool> found = select->Step();
  if (!found.ok()) return found.status();
  return !*found || select->Int(0) != 0;
}

absl::Status CountWorkerHandBack(sqlite::Database& db, uint64_t test_id, uint64_t worker_id, absl::Time now) {
  if (absl::StatusOr<v1::WorkerResult> row = AddToWorkerResult(db, test_id, worker_id, WorkerShare{}); !row.ok())
    return row.status();
  absl::StatusOr<sqlite::Statement> count = db.Cached(
      "UPDATE worker_results SET hand_backs = hand_backs + 1 WHERE test_id = ? AND worker_id = ? "
      "RETURNING hand_backs");
  if (!count.ok()) return count.status();
  count->Bind(1, int64_t(test_id)).Bind(2, int64_t(worker_id));
  absl::StatusOr<bool> counted = count->Step();
  if (!counted.ok()) return counted.status();
  if (!*counted) return absl::InternalError(absl::StrCat("worker ", worker_id, " has no row for test ", test_id));
  const int64_t in_a_row = count->Int(0);
  if (absl::Status s = count->Reset(); !s.ok()) return s;
  absl::StatusOr<sqlite::Statement> wait =
      db.Cached("UPDATE worker_results SET backed_off_until_ms = ? WHERE test_id = ? AND worker_id = ?");
  if (!wait.ok()) return wait.status();
  return wait->Bind(1, absl::ToUnixMillis(now + HandBackWait(in_a_row)))
      .Bind(2, int64_t(test_id))
      .Bind(3, int64_t(worker_id))
      .Run();
}

absl::Status ClearWorkerHandBacks(sqlite::Database& db, uint64_t test_id, uint64_t worker_id) {
  absl::StatusOr<sqlite::Statement> clear = db.Cached(
      "UPDATE worker_results SET hand_backs = 0, backed_off_until_ms = 0 WHERE test_id = ? AND worker_id = ? AND "
      "hand_backs != 0");
  if (!clear.ok()) return clear.status();
  return clear->Bind(1, int64_t(test_id)).Bind(2, int64_t(worker_id)).Run();
}

absl::StatusOr<bool> WorkerPurged(sqlite::Database& db, uint64_t test_id, uint64_t worker_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached("SELECT purged FROM worker_results WHERE test_id = ? AND worker_id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id)).Bind(2, int64_t(worker_id));
  absl::StatusOr<bool> found = select->Step();
  if (!found.ok()) return found.status();
  return *found && select->Int(0) != 0;
}

void AddHomogeneity(v1::Test& test) {
  if (test.spec().has_spsa()) return;  // theta moves under the workers: their results are not one distribution
  std::vector<stats::WorkerPairs> pairs;
  for (const v1::WorkerResult& worker : test.workers()) {
    if (!worker.excluded_because().empty()) continue;
    const v1::Pentanomial& p = worker.pentanomial();
    pairs.push_back({worker.worker_id(), {p.ll(), p.ld(), p.dd_wl(), p.dw(), p.ww()}});
  }
  const std::optional<stats::Homogeneity> homogeneity = stats::TestHomogeneity(pairs);
  if (!homogeneity) return;
  v1::Homogeneity& h = *test.mutable_homogeneity();
  h.set_chi2(homogeneity->chi2);
  h.set_degrees_of_freedom(homogeneity->degrees_of_freedom);
  h.set_p_value(homogeneity->p_value);
  h.set_z_95(homogeneity->z_95);
  h.set_z_99(homogeneity->z_99);
  // By worker id: a test a whole fleet plays has tens of thousands of rows.
  absl::flat_hash_map<uint64_t, double> residuals;
  for (const stats::Homogeneity::Residual& residual : homogeneity->residuals)
    residuals.emplace(residual.worker_id, residual.residual);
  const std::vector<uint64_t> outlier_list = stats::OutlierWorkers(pairs);
  const absl::flat_hash_set<uint64_t> outliers(outlier_list.begin(), outlier_list.end());
  for (v1::WorkerResult& worker : *test.mutable_workers()) {
    if (auto it = residuals.find(worker.worker_id()); it != residuals.end()) {
      worker.set_has_residual(true);
      worker.set_residual(it->second);
    }
    worker.set_outlier(outliers.contains(worker.worker_id()));
  }
}

}  // namespace judkins
