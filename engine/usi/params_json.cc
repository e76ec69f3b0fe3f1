#include "engine/usi/params_json.h"

#include "engine/rules/edition.h"
#include "judkins/v1/params.pb.h"
#include "proto/convert/json.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

std::string ParamsJson(const EvalParams& values) {
  v1::EngineParamList list;
  const auto registry = ParamRegistry();
  for (int slot = 0; slot < int(registry.size()); ++slot) {
    if (!IsTunable(slot)) continue;
    v1::EngineParam& param = *list.add_params();
    param.set_name(registry[slot].name);
    param.set_value(values[slot]);
    param.set_default_value(registry[slot].default_value);
    param.set_min(registry[slot].min);
    param.set_max(registry[slot].max);
    param.set_step(registry[slot].step);
  }
  return JsonOf(list, JsonStyle::kEveryField);
}

JUDKINS_EDITION_END
}  // namespace judkins
