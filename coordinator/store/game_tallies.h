// Each test's counted games by worker, colour, result and termination
// (table game_tallies), and the test's GameTally read back from them.
#ifndef JUDKINS_COORDINATOR_STORE_GAME_TALLIES_H_
#define JUDKINS_COORDINATOR_STORE_GAME_TALLIES_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// Adds the games one report counted to its worker's rows.
absl::Status AddToGameTallies(sqlite::Database& db, uint64_t test_id, uint64_t worker_id,
                              std::span<const v1::GameOutcome* const> games);
// The test's tally over the workers whose games still count: a purged
// worker's games leave the tally as its pairs leave the totals.
absl::StatusOr<v1::GameTally> LoadGameTally(sqlite::Database& db, uint64_t test_id);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_GAME_TALLIES_H_
