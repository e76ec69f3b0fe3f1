// Brent's method for a root of a continuous function on a bracketing interval.
#ifndef JUDKINS_STATS_ROOT_FINDING_H_
#define JUDKINS_STATS_ROOT_FINDING_H_

#include <functional>
#include <optional>

namespace judkins::stats {

// A root of f in [a, b], or nothing if f(a) and f(b) have the same sign.
// The tolerances are those fishtest's statistics rely on (scipy's brentq).
std::optional<double> FindRoot(const std::function<double(double)>& f, double a, double b, double x_tolerance = 2e-12,
                               double relative_tolerance = 8.881784197001252e-16, int max_iterations = 100);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_ROOT_FINDING_H_
