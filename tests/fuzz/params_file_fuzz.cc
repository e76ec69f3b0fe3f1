// The engine's parameter files (--params, setoption ParamsFile): every value
// within its bounds, or the whole file refused and nothing changed.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/eval/params.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  judkins::EvalParams params;
  const judkins::EvalParams before = params;
  const absl::Status loaded = params.LoadText(text, "fuzz.params");
  const auto registry = judkins::ParamRegistry();
  for (int slot = 0; slot < int(registry.size()); ++slot) {
    if (params[slot] < registry[slot].min || params[slot] > registry[slot].max) std::abort();
    if (!loaded.ok() && params[slot] != before[slot]) std::abort();
  }
  return 0;
}
