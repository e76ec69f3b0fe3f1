// SPSA parameter lines in fishtest's form (name,start,min,max,c_end,r_end):
// parsed and validated, or refused; what passes can be perturbed and stepped.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/tune_commands.h"
#include "tuner/spsa_tune.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<std::vector<judkins::v1::SpsaParameter>> parameters = judkins::ParseSpsaParameterLines(text);
  if (!parameters.ok()) return 0;
  judkins::v1::SpsaSpec spec;
  for (const judkins::v1::SpsaParameter& parameter : *parameters) *spec.add_parameters() = parameter;
  spec.set_pairs(100);
  if (!judkins::tuner::ValidateSpsaSpec(spec).ok()) return 0;
  spec = judkins::tuner::WithDefaults(spec);
  std::vector<double> theta = judkins::tuner::StartTheta(spec);
  const judkins::tuner::Perturbation perturbation = judkins::tuner::Perturb(spec, theta, 0, size);
  judkins::tuner::ApplyBatch(spec, theta, perturbation.iteration, perturbation.flips, 1);
  return 0;
}
