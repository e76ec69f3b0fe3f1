// A test's counted games by colour and by how each engine's games ended
// (v1::GameTally), folded from counts of games alike: the store keeps one
// count per worker, colour, result and termination.
#ifndef JUDKINS_COORDINATOR_DOMAIN_GAME_TALLY_H_
#define JUDKINS_COORDINATOR_DOMAIN_GAME_TALLY_H_

#include <cstdint>
#include <span>

#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// Games alike: the same pair slot (0: dev had Black), result and termination.
struct GamesAlike {
  uint32_t game_in_pair = 0;
  v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED;
  v1::Termination termination = v1::TERMINATION_UNSPECIFIED;
  uint64_t games = 0;
};

v1::GameTally FoldTally(std::span<const GamesAlike> counts);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_GAME_TALLY_H_
