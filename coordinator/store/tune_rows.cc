#include "coordinator/store/tune_rows.h"

#include "absl/strings/str_cat.h"
#include "coordinator/store/history_rows.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

std::string SnapshotBlob(const TuneRow& tune) {
  v1::TuneSnapshot snapshot;
  snapshot.set_iterations(tune.iterations);
  for (double value : tune.theta) snapshot.add_theta(value);
  return snapshot.SerializeAsString();
}

}  // namespace

absl::Status CreateTuneRow(sqlite::Database& db, uint64_t test_id, const v1::SpsaSpec& spec) {
  const TuneRow start{0, tuner::StartTheta(spec)};
  absl::StatusOr<sqlite::Statement> insert =
      db.Cached("INSERT INTO tunes (test_id, iterations, theta) VALUES (?, 0, ?)");
  if (!insert.ok()) return insert.status();
  if (absl::Status s = insert->Bind(1, int64_t(test_id)).BindBlob(2, SnapshotBlob(start)).Run(); !s.ok()) return s;
  return SaveTuneRow(db, test_id, start);
}

absl::StatusOr<TuneRow> LoadTuneRow(sqlite::Database& db, uint64_t test_id, size_t parameters) {
  absl::StatusOr<sqlite::Statement> select = db.Cached("SELECT theta FROM tunes WHERE test_id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("test ", test_id, " is not a tune"));
  v1::TuneSnapshot snapshot;
  if (!snapshot.ParseFromString(select->Text(0)) || size_t(snapshot.theta_size()) != parameters)
    return absl::DataLossError(absl::StrCat("tune ", test_id, ": stored theta does not match its parameters"));
  return TuneRow{snapshot.iterations(), {snapshot.theta().begin(), snapshot.theta().end()}};
}

absl::Status SaveTuneRow(sqlite::Database& db, uint64_t test_id, const TuneRow& tune) {
  const std::string blob = SnapshotBlob(tune);
  absl::StatusOr<sqlite::Statement> update = db.Cached("UPDATE tunes SET iterations = ?, theta = ? WHERE test_id = ?");
  if (!update.ok()) return update.status();
  if (absl::Status s = update->Bind(1, int64_t(tune.iterations)).BindBlob(2, blob).Bind(3, int64_t(test_id)).Run();
      !s.ok())
    return s;
  absl::StatusOr<sqlite::Statement> append =
      db.Cached("INSERT INTO tune_history (test_id, iterations, theta) VALUES (?, ?, ?)");
  if (!append.ok()) return append.status();
  return append->Bind(1, int64_t(test_id)).Bind(2, int64_t(tune.iterations)).BindBlob(3, blob).Run();
}

absl::Status SavePerturbation(sqlite::Database& db, uint64_t batch_id, const StoredPerturbation& perturbation) {
  absl::StatusOr<sqlite::Statement> insert =
      db.Cached("INSERT INTO tune_batches (batch_id, iteration, flips) VALUES (?, ?, ?)");
  if (!insert.ok()) return insert.status();
  return insert->Bind(1, int64_t(batch_id))
      .Bind(2, int64_t(perturbation.iteration))
      .Bind(3, tuner::FlipsText(perturbation.flips))
      .Run();
}

absl::StatusOr<StoredPerturbation> LoadPerturbation(sqlite::Database& db, uint64_t batch_id, size_t parameters) {
  absl::StatusOr<sqlite::Statement> select = db.Cached("SELECT iteration, flips FROM tune_batches WHERE batch_id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(batch_id));
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::DataLossError(absl::StrCat("batch ", batch_id, " of a tune has no perturbation"));
  absl::StatusOr<std::vector<int>> flips = tuner::ParseFlips(select->Text(1), parameters);
  if (!flips.ok()) return flips.status();
  return StoredPerturbation{uint64_t(select->Int(0)), *std::move(flips)};
}

absl::StatusOr<std::vector<v1::TuneSnapshot>> LoadTuneHistory(sqlite::Database& db, uint64_t test_id,
                                                              size_t max_points) {
  std::vector<v1::TuneSnapshot> history;
  absl::Status read =
      ForEachHistoryRow(db, "tune_history", "theta", test_id, max_points, [&](const sqlite::Statement& row) {
        if (!history.emplace_back().ParseFromString(row.Text(0)))
          return absl::DataLossError(absl::StrCat("tune ", test_id, ": unreadable history"));
        return absl::OkStatus();
      });
  if (!read.ok()) return read;
  return history;
}

}  // namespace judkins
