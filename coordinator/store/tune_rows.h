// A tune's rows: theta and the pairs applied to it, each batch's
// perturbation, and theta's history. Used inside the store's transactions,
// so theta moves in the same commit that counts the batch.
#ifndef JUDKINS_COORDINATOR_STORE_TUNE_ROWS_H_
#define JUDKINS_COORDINATOR_STORE_TUNE_ROWS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

struct TuneRow {
  uint64_t iterations = 0;
  std::vector<double> theta;
};

absl::Status CreateTuneRow(sqlite::Database& db, uint64_t test_id, const v1::SpsaSpec& spec);
absl::StatusOr<TuneRow> LoadTuneRow(sqlite::Database& db, uint64_t test_id, size_t parameters);
// Saves theta and appends it to the history.
absl::Status SaveTuneRow(sqlite::Database& db, uint64_t test_id, const TuneRow& tune);

struct StoredPerturbation {
  uint64_t iteration = 0;
  std::vector<int> flips;
};
absl::Status SavePerturbation(sqlite::Database& db, uint64_t batch_id, const StoredPerturbation& perturbation);
absl::StatusOr<StoredPerturbation> LoadPerturbation(sqlite::Database& db, uint64_t batch_id, size_t parameters);

// Theta's history, thinned evenly to at most max_points (the last always kept).
absl::StatusOr<std::vector<v1::TuneSnapshot>> LoadTuneHistory(sqlite::Database& db, uint64_t test_id,
                                                              size_t max_points);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_TUNE_ROWS_H_
