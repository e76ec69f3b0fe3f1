// Static evaluation from the side to move's point of view, in centipawns.
#ifndef JUDKINS_ENGINE_EVAL_EVALUATE_H_
#define JUDKINS_ENGINE_EVAL_EVALUATE_H_

#include "engine/eval/params.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

int Evaluate(const Position& pos, const EvalParams& params);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_EVAL_EVALUATE_H_
