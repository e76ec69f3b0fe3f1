#include "stats/root_finding.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace judkins::stats {

// Brent (1973): keep a bracket [b, c] with |f(b)| <= |f(c)|; try inverse
// quadratic or secant interpolation and fall back to bisection whenever the
// step would not shrink the bracket fast enough.
std::optional<double> FindRoot(const std::function<double(double)>& f, double a, double b, double x_tolerance,
                               double relative_tolerance, int max_iterations) {
  double fa = f(a), fb = f(b);
  if (fa == 0) return a;
  if (fb == 0) return b;
  if ((fa > 0) == (fb > 0)) return std::nullopt;
  double c = a, fc = fa, step = b - a, previous_step = step;
  for (int i = 0; i < max_iterations; ++i) {
    if ((fb > 0) == (fc > 0)) {
      c = a;
      fc = fa;
      step = previous_step = b - a;
    }
    if (std::fabs(fc) < std::fabs(fb)) {
      a = b, b = c, c = a;
      fa = fb, fb = fc, fc = fa;
    }
    const double tolerance = x_tolerance + relative_tolerance * std::fabs(b);
    const double half = (c - b) / 2;
    if (fb == 0 || std::fabs(half) < tolerance) return b;
    if (std::fabs(previous_step) >= tolerance && std::fabs(fa) > std::fabs(fb)) {
      double p, q;
      const double s = fb / fa;
      if (a == c) {  // secant
        p = 2 * half * s;
        q = 1 - s;
      } else {  // inverse quadratic interpolation
        const double r = fa / fc, t = fb / fc;
        p = s * (2 * half * r * (r - t) - (b - a) * (t - 1));
        q = (r - 1) * (t - 1) * (s - 1);
      }
      if (p > 0)
        q = -q;
      else
        p = -p;
      if (2 * p < std::min(3 * half * q - std::fabs(tolerance * q), std::fabs(previous_step * q))) {
        previous_step = step;
        step = p / q;
      } else {
        previous_step = step = half;
      }
    } else {
      previous_step = step = half;
    }
    a = b;
    fa = fb;
    b += std::fabs(step) > tolerance ? step : (half > 0 ? tolerance : -tolerance);
    fb = f(b);
  }
  return b;
}

}  // namespace judkins::stats
