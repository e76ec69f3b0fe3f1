// The parameter registry as JSON (judkins.v1.EngineParamList).
#ifndef JUDKINS_ENGINE_USI_PARAMS_JSON_H_
#define JUDKINS_ENGINE_USI_PARAMS_JSON_H_

#include <string>

#include "engine/eval/params.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

std::string ParamsJson(const EvalParams& values);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_PARAMS_JSON_H_
