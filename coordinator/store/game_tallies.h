// Each test's counted games by colour, result and termination (table
// game_tallies), with each worker's share beside them (worker_game_tallies),
// and the test's GameTally read back from the sums.
#ifndef JUDKINS_COORDINATOR_STORE_GAME_TALLIES_H_
#define JUDKINS_COORDINATOR_STORE_GAME_TALLIES_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// Adds the games one report counted to the test's sums and its worker's share.
absl::Status AddToGameTallies(sqlite::Database& db, uint64_t test_id, uint64_t worker_id,
                              std::span<const v1::GameOutcome* const> games);
// Takes a purged worker's share off the test's sums, as its pairs leave the totals.
absl::Status RemoveFromGameTallies(sqlite::Database& db, uint64_t test_id, uint64_t worker_id);
// The test's tally: a read of at most a few dozen rows, whatever the fleet.
absl::StatusOr<v1::GameTally> LoadGameTally(sqlite::Database& db, uint64_t test_id);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_GAME_TALLIES_H_
