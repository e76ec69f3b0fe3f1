#include "tuner/spsa_tune.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <random>
#include <set>

#include "absl/strings/str_cat.h"

namespace judkins::tuner {
namespace {

absl::Status Invalid(absl::string_view field, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("spec.spsa.", field, ": ", why));
}

// A uniform double in [0, 1) from 53 random bits, the same on every platform.
double Uniform(std::mt19937_64& random) { return double(random() >> 11) * 0x1.0p-53; }

// Stochastic rounding: v rounds up with probability frac(v), so the engine
// plays theta's fractional part on average; kept within the integer bounds.
int64_t RoundStochastic(double value, const v1::SpsaParameter& parameter, std::mt19937_64& random) {
  const double rounded = std::floor(value + Uniform(random));
  const double low = std::ceil(parameter.min()), high = std::floor(parameter.max());
  assert(low <= high && "ValidateSpsaSpec refuses bounds that hold no integer");
  return int64_t(std::clamp(rounded, low, std::max(low, high)));  // never an empty range, even unchecked
}

}  // namespace

v1::SpsaSpec WithDefaults(v1::SpsaSpec spec) {
  if (spec.a_ratio() == 0) spec.set_a_ratio(0.1);
  if (spec.alpha() == 0) spec.set_alpha(0.602);
  if (spec.gamma() == 0) spec.set_gamma(0.101);
  return spec;
}

absl::Status ValidateSpsaSpec(const v1::SpsaSpec& spec) {
  if (spec.parameters().empty() || spec.parameters_size() > 1000) return Invalid("parameters", "1 to 1000");
  std::set<std::string> names;
  for (const v1::SpsaParameter& p : spec.parameters()) {
    const std::string field = absl::StrCat("parameters[", p.name(), "]");
    if (p.name().empty() || p.name().size() > 100 || p.name().find_first_of("\n\r ") != std::string::npos)
      return Invalid("parameters.name", absl::StrCat("'", p.name(), "': 1 to 100 characters, no spaces"));
    if (!names.insert(p.name()).second) return Invalid(field, "named twice");
    for (double v : {p.start(), p.min(), p.max(), p.c_end(), p.r_end()})
      if (!std::isfinite(v) || std::abs(v) > 1e9) return Invalid(field, "values must be finite, within 1e9");
    if (!(p.min() < p.max())) return Invalid(field, "min < max");
    // Engines take integer options: theta is rounded to one within the bounds.
    if (std::ceil(p.min()) > std::floor(p.max())) return Invalid(field, "[min, max] must hold an integer");
    if (p.start() < p.min() || p.start() > p.max()) return Invalid(field, "start within [min, max]");
    if (!(p.c_end() > 0)) return Invalid(field, "c_end > 0");
    if (!(p.r_end() > 0)) return Invalid(field, "r_end > 0");
  }
  if (spec.pairs() == 0 || spec.pairs() > 100'000'000) return Invalid("pairs", "1 to 1e8");
  if (!(spec.a_ratio() >= 0 && spec.a_ratio() <= 10)) return Invalid("a_ratio", "0 to 10");
  if (!(spec.alpha() >= 0 && spec.alpha() <= 2)) return Invalid("alpha", "0 to 2");
  if (!(spec.gamma() >= 0 && spec.gamma() <= 1)) return Invalid("gamma", "0 to 1");
  if (spec.pairs_per_batch() > 10000) return Invalid("pairs_per_batch", "at most 10000");
  return absl::OkStatus();
}

stats::SpsaSchedule ScheduleOf(const v1::SpsaSpec& spec) {
  const v1::SpsaSpec full = WithDefaults(spec);
  stats::SpsaSchedule schedule;
  schedule.iterations = int64_t(full.pairs());
  schedule.a_ratio = full.a_ratio();
  schedule.alpha = full.alpha();
  schedule.gamma = full.gamma();
  return schedule;
}

stats::SpsaParameterSpec ParameterOf(const v1::SpsaParameter& p) {
  return {p.start(), p.min(), p.max(), p.c_end(), p.r_end()};
}

std::vector<double> StartTheta(const v1::SpsaSpec& spec) {
  std::vector<double> theta;
  for (const v1::SpsaParameter& p : spec.parameters()) theta.push_back(p.start());
  return theta;
}

Perturbation Perturb(const v1::SpsaSpec& spec, std::span<const double> theta, uint64_t iterations_done, uint64_t seed) {
  const stats::SpsaSchedule schedule = ScheduleOf(spec);
  std::mt19937_64 random(seed);
  Perturbation perturbation;
  perturbation.iteration = iterations_done + 1;
  for (int i = 0; i < spec.parameters_size(); ++i) {
    const v1::SpsaParameter& parameter = spec.parameters(i);
    const stats::SpsaParameterSpec step_spec = ParameterOf(parameter);
    const stats::SpsaStep step =
        stats::StepAt(stats::ConstantsFor(step_spec, schedule), schedule, int64_t(perturbation.iteration));
    const int flip = (random() & 1) ? 1 : -1;
    const double plus = std::clamp(theta[i] + step.c_k * flip, parameter.min(), parameter.max());
    const double minus = std::clamp(theta[i] - step.c_k * flip, parameter.min(), parameter.max());
    perturbation.flips.push_back(flip);
    perturbation.plus.push_back(RoundStochastic(plus, parameter, random));
    perturbation.minus.push_back(RoundStochastic(minus, parameter, random));
  }
  return perturbation;
}

void ApplyBatch(const v1::SpsaSpec& spec, std::span<double> theta, uint64_t iteration, std::span<const int> flips,
                double wins_minus_losses) {
  const stats::SpsaSchedule schedule = ScheduleOf(spec);
  for (int i = 0; i < spec.parameters_size(); ++i) {
    const stats::SpsaParameterSpec parameter = ParameterOf(spec.parameters(i));
    const stats::SpsaStep step = stats::StepAt(stats::ConstantsFor(parameter, schedule), schedule, int64_t(iteration));
    theta[i] = stats::SpsaUpdate(theta[i], parameter, step, wins_minus_losses, flips[i]);
  }
}

void SetPerturbedOptions(const v1::SpsaSpec& spec, const Perturbation& perturbation, v1::TestSpec& batch_spec) {
  for (int i = 0; i < spec.parameters_size(); ++i) {
    v1::EngineOption& plus = *batch_spec.mutable_dev()->add_options();
    plus.set_name(spec.parameters(i).name());
    plus.set_value(absl::StrCat(perturbation.plus[i]));
    v1::EngineOption& minus = *batch_spec.mutable_base()->add_options();
    minus.set_name(spec.parameters(i).name());
    minus.set_value(absl::StrCat(perturbation.minus[i]));
  }
}

std::string FlipsText(std::span<const int> flips) {
  std::string text;
  for (int flip : flips) text.push_back(flip > 0 ? '+' : '-');
  return text;
}

absl::StatusOr<std::vector<int>> ParseFlips(absl::string_view text, size_t parameters) {
  if (text.size() != parameters)
    return absl::DataLossError(absl::StrCat("flips: ", text.size(), " signs for ", parameters, " parameters"));
  std::vector<int> flips;
  for (char c : text) {
    if (c != '+' && c != '-') return absl::DataLossError(absl::StrCat("flips: unexpected '", std::string(1, c), "'"));
    flips.push_back(c == '+' ? 1 : -1);
  }
  return flips;
}

}  // namespace judkins::tuner
