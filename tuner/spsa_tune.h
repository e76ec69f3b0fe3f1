// The SPSA state machine of a tune (fishtest's algorithm, stats-notes.md
// section 7), kept free of storage so the coordinator, its tests and the
// synthetic convergence check all run the same steps.
//
// One iteration is one game pair. A batch draws a flip vector at iteration
// k = iterations done + 1; dev plays theta + c_k flip, base theta - c_k flip,
// each rounded to the engine's integers stochastically. When the batch is
// counted, theta moves by R_k c_k (W - L) flip with that batch's k, clipped to
// the bounds; so a report applies the same step whenever it arrives.
#ifndef JUDKINS_TUNER_SPSA_TUNE_H_
#define JUDKINS_TUNER_SPSA_TUNE_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "judkins/v1/coordinator.pb.h"
#include "stats/spsa.h"

namespace judkins::tuner {

// The spec with fishtest's defaults in place of zeros (A ratio 0.1,
// alpha 0.602, gamma 0.101).
v1::SpsaSpec WithDefaults(v1::SpsaSpec spec);
absl::Status ValidateSpsaSpec(const v1::SpsaSpec& spec);

stats::SpsaSchedule ScheduleOf(const v1::SpsaSpec& spec);
stats::SpsaParameterSpec ParameterOf(const v1::SpsaParameter& parameter);
std::vector<double> StartTheta(const v1::SpsaSpec& spec);

// What one batch plays with.
struct Perturbation {
  uint64_t iteration = 0;      // k
  std::vector<int> flips;      // +1 or -1 per parameter
  std::vector<int64_t> plus;   // dev's values
  std::vector<int64_t> minus;  // base's values
};

// Draws the flips and both rounded value sets; the same seed gives the same
// perturbation.
Perturbation Perturb(const v1::SpsaSpec& spec, std::span<const double> theta, uint64_t iterations_done, uint64_t seed);

// Moves theta by one counted batch that scored wins_minus_losses for dev.
void ApplyBatch(const v1::SpsaSpec& spec, std::span<double> theta, uint64_t iteration, std::span<const int> flips,
                double wins_minus_losses);

// The batch's engines: dev gets `plus` and base `minus` as options.
void SetPerturbedOptions(const v1::SpsaSpec& spec, const Perturbation& perturbation, v1::TestSpec& batch_spec);

// Flips as "+-+..." for storage, and back.
std::string FlipsText(std::span<const int> flips);
absl::StatusOr<std::vector<int>> ParseFlips(absl::string_view text, size_t parameters);

}  // namespace judkins::tuner

#endif  // JUDKINS_TUNER_SPSA_TUNE_H_
