// The parameter registry as JSON (judkins.v1.EngineParamList).
#ifndef JUDKINS_ENGINE_USI_PARAMS_JSON_H_
#define JUDKINS_ENGINE_USI_PARAMS_JSON_H_

#include <string>

#include "engine/eval/params.h"

namespace judkins {

std::string ParamsJson(const EvalParams& values);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_PARAMS_JSON_H_
