// The SPSA schedule as fishtest runs it (stats-notes.md, section 7): per
// parameter constants from its end values, the perturbation c_k and the gain
// R_k at iteration k (in game pairs), and the clipped update of theta.
#ifndef JUDKINS_STATS_SPSA_H_
#define JUDKINS_STATS_SPSA_H_

#include <cstdint>

namespace judkins::stats {

struct SpsaSchedule {
  int64_t iterations = 0;  // game pairs in the whole tune (num_games / 2)
  double a_ratio = 0.1;    // A = a_ratio * iterations (fishtest truncates to an integer)
  double alpha = 0.602;
  double gamma = 0.101;
  double A() const { return double(int64_t(a_ratio * double(iterations))); }
};

struct SpsaParameterSpec {
  double start, min, max;
  double c_end;  // the perturbation at the end of the tune
  double r_end;  // the learning rate at the end
};

// Constants of one parameter: c = c_end * N^gamma; a = r_end * c_end^2 * (A + N)^alpha.
struct SpsaConstants {
  double c, a;
};
SpsaConstants ConstantsFor(const SpsaParameterSpec& parameter, const SpsaSchedule& schedule);

// At iteration k (k = pairs completed + 1): c_k = c / k^gamma and
// R_k = a / (A + k)^alpha / c_k^2.
struct SpsaStep {
  double c_k, r_k;
};
SpsaStep StepAt(const SpsaConstants& constants, const SpsaSchedule& schedule, int64_t k);

// theta + R_k c_k (wins - losses) flip, clipped to the bounds.
double SpsaUpdate(double theta, const SpsaParameterSpec& parameter, const SpsaStep& step, double wins_minus_losses,
                  int flip);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_SPSA_H_
