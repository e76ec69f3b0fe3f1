#include "stats/spsa.h"

#include <algorithm>
#include <cmath>

namespace judkins::stats {

SpsaConstants ConstantsFor(const SpsaParameterSpec& parameter, const SpsaSchedule& schedule) {
  const double n = double(schedule.iterations);
  const double a_end = parameter.r_end * parameter.c_end * parameter.c_end;
  return {parameter.c_end * std::pow(n, schedule.gamma), a_end * std::pow(schedule.A() + n, schedule.alpha)};
}

SpsaStep StepAt(const SpsaConstants& constants, const SpsaSchedule& schedule, int64_t k) {
  const double c_k = constants.c / std::pow(double(k), schedule.gamma);
  return {c_k, constants.a / std::pow(schedule.A() + double(k), schedule.alpha) / (c_k * c_k)};
}

double SpsaUpdate(double theta, const SpsaParameterSpec& parameter, const SpsaStep& step, double wins_minus_losses,
                  int flip) {
  return std::clamp(theta + step.r_k * step.c_k * wins_minus_losses * flip, parameter.min, parameter.max);
}

}  // namespace judkins::stats
