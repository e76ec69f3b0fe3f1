// Static exchange evaluation: what a capture wins or loses once every piece
// bearing on the square has recaptured, least valuable first.
#ifndef JUDKINS_ENGINE_SEARCH_SEE_H_
#define JUDKINS_ENGINE_SEARCH_SEE_H_

#include "engine/eval/params.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

// The material balance of the exchange started by m, from the mover's view.
// Drops and quiet moves start no exchange on their own square but may lose
// the piece: their result is minus its value if it falls.
int StaticExchange(const Position& pos, Move m, const EvalParams& params);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_SEE_H_
