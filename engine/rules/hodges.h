// Human notation after George Hodges: "P-6d", "Nx5c=", "B*4d", "+Px2b",
// "G6e-5d" (origin only when two pieces could make the move).
#ifndef JUDKINS_ENGINE_RULES_HODGES_H_
#define JUDKINS_ENGINE_RULES_HODGES_H_

#include <string>
#include "absl/strings/string_view.h"

#include "absl/status/statusor.h"
#include "engine/rules/position.h"

namespace judkins {

// The move, legal in pos, written from pos (before it is played).
template <class V>
std::string MoveToHodges(const BasicPosition<V>& pos, Move m);
// Reads a Hodges move and finds the one legal move it names.
template <class V>
absl::StatusOr<Move> ParseHodgesMove(const BasicPosition<V>& pos, absl::string_view text);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_HODGES_H_
