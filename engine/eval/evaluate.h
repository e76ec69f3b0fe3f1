// Static evaluation from the side to move's point of view, in centipawns.
#ifndef JUDKINS_ENGINE_EVAL_EVALUATE_H_
#define JUDKINS_ENGINE_EVAL_EVALUATE_H_

#include "engine/eval/params.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

// The largest score Evaluate gives either way: beyond any position's worth,
// and below the search's mate scores (engine/search/search.cc asserts it), so
// that extreme but legal weights (a tune at its bounds: the king danger grows
// with the square of the attackers) cannot make a quiet position read as mate.
inline constexpr int kMaxEvaluation = 20000;

int Evaluate(const Position& pos, const EvalParams& params);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_EVAL_EVALUATE_H_
