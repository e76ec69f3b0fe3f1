// Perft: counts the leaf nodes of the legal move tree, the standard check of a
// move generator against a reference.
#ifndef JUDKINS_ENGINE_RULES_PERFT_H_
#define JUDKINS_ENGINE_RULES_PERFT_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/rules/position.h"

namespace judkins {

template <class V>
uint64_t Perft(BasicPosition<V>& pos, int depth);
// The count below each root move, in generation order.
template <class V>
std::vector<std::pair<Move, uint64_t>> PerftDivide(BasicPosition<V>& pos, int depth);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_PERFT_H_
