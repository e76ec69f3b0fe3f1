// Whether the workers of one test agree: fishtest's chi-squared test of
// homogeneity over their game pairs, and each worker's residual (how far its
// results stand from everyone else's, as a standard normal score). A worker
// whose engine build, hardware or honesty differs shows up here.
//
// Each worker's pentanomial is folded into three columns of game pairs:
// won (WW + WD), lost (LL + LD) and even (DD + WL), because the WW and LL
// cells alone are too thin for the test. Workers whose expected count in
// any column is 5 or less are left out (the test is not valid for them).
#ifndef JUDKINS_STATS_WORKER_HOMOGENEITY_H_
#define JUDKINS_STATS_WORKER_HOMOGENEITY_H_

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace judkins::stats {

struct WorkerPairs {
  uint64_t worker_id = 0;
  std::array<uint64_t, 5> pentanomial = {};  // LL, LD, DD+WL, DW, WW
};

struct Homogeneity {
  double chi2 = 0;
  int degrees_of_freedom = 0;
  double p_value = 1;  // that results this uneven come from one distribution
  // Residual thresholds at 95% and 99%, Bonferroni-corrected for the number
  // of workers tested: under homogeneity about 4% of tests show a residual
  // above z_95, 1% above z_99.
  double z_95 = 0, z_99 = 0;
  struct Residual {
    uint64_t worker_id;
    double residual;  // >= 0; +infinity when the deviation is beyond doubles
  };
  std::vector<Residual> residuals;  // the workers tested, in input order
};

// Nothing when fewer than two workers qualify (or no pair was played).
std::optional<Homogeneity> TestHomogeneity(const std::vector<WorkerPairs>& workers);

// fishtest's thresholds for calling a worker an outlier: the whole test is
// inhomogeneous beyond p < 0.001, or the worker's residual exceeds 7.
inline constexpr double kOutlierPValue = 0.001;
inline constexpr double kOutlierResidual = 7.0;
// The workers to exclude, worst first: the worst outlier is taken out and
// the test recomputed without it, up to `rounds` times.
std::vector<uint64_t> OutlierWorkers(const std::vector<WorkerPairs>& workers, int rounds = 1);

// fishtest's rule for a worker whose engines misbehave on a test: more than
// 3 crashes, or more than 10% of its games lost on time once it has played
// more than 20.
inline constexpr uint64_t kMaxCrashes = 3;
inline constexpr uint64_t kTimeLossGamesBeforeJudging = 20;
inline constexpr double kMaxTimeLossShare = 0.1;
bool TooManyCrashesOrTimeLosses(uint64_t games, uint64_t crashes, uint64_t time_losses);

struct WorkerConduct {
  uint64_t games = 0, crashes = 0, time_losses = 0;
};
// Whether to stop giving a worker a test's work: it is past the rule above
// while the test's other workers that have played are not. Then the fault is
// its own (hardware, load, a broken build); an engine that crashes or loses
// on time on every worker keeps losing those games, which count.
bool MisbehavesAlone(const WorkerConduct& worker, const std::vector<WorkerConduct>& others);

// The standard normal z with P(Z > z) = p (p in [0, 1]); +inf at 0.
double NormalUpperQuantile(double p);
// P(X > x) for X chi-squared with an even number of degrees of freedom.
double ChiSquaredSurvivalEvenDof(double x, int degrees_of_freedom);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_WORKER_HOMOGENEITY_H_
