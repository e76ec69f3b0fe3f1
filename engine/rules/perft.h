// Perft: counts the leaf nodes of the legal move tree, the standard check of a
// move generator against a reference.
#ifndef JUDKINS_ENGINE_RULES_PERFT_H_
#define JUDKINS_ENGINE_RULES_PERFT_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/rules/position.h"

namespace judkins {

uint64_t Perft(Position& pos, int depth);
// The count below each root move, in generation order.
std::vector<std::pair<Move, uint64_t>> PerftDivide(Position& pos, int depth);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_PERFT_H_
