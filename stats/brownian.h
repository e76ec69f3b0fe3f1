// Brownian motion between two absorbing barriers: the model behind fishtest's
// median-unbiased Elo estimate for a sequential test.
#ifndef JUDKINS_STATS_BROWNIAN_H_
#define JUDKINS_STATS_BROWNIAN_H_

namespace judkins::stats {

struct Brownian {
  double a, b;   // lower and upper barrier
  double mu;     // drift per unit time
  double sigma;  // standard deviation per unit time
  // The probability that the particle, started at 0, ends "to the right" of
  // (T, y): absorbed at b, or still running at T above y (the outcome of a
  // test with this drift is worse than the observed one).
  double OutcomeCdf(double T, double y) const;
};

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_BROWNIAN_H_
