#include "stats/worker_homogeneity.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>

namespace judkins::stats {
namespace {

constexpr int kColumns = 3;  // pairs won, lost, even
constexpr double kMinExpected = 5;

std::array<double, kColumns> Folded(const std::array<uint64_t, 5>& p) {
  return {double(p[4] + p[3]), double(p[0] + p[1]), double(p[2])};
}

}  // namespace

double ChiSquaredSurvivalEvenDof(double x, int degrees_of_freedom) {
  assert(degrees_of_freedom > 0 && degrees_of_freedom % 2 == 0);
  if (x <= 0) return 1;
  // P(X > x) = exp(-x/2) * sum_{i < k/2} (x/2)^i / i!, summed in logs so
  // that large x gives tiny probabilities, not 0 * inf.
  const double half = x / 2;
  double term = 0, sum_of_terms = 1;  // term: log((x/2)^i / i!) relative to i = 0
  for (int i = 1; i < degrees_of_freedom / 2; ++i) {
    term += std::log(half) - std::log(double(i));
    sum_of_terms += std::exp(term);
    if (!std::isfinite(sum_of_terms)) break;
  }
  const double log_p = -half + std::log(sum_of_terms);
  return std::min(1.0, std::exp(log_p));
}

double NormalUpperQuantile(double p) {
  if (p <= 0) return std::numeric_limits<double>::infinity();
  if (p >= 1) return -std::numeric_limits<double>::infinity();
  if (p > 0.5) return -NormalUpperQuantile(1 - p);
  // A start within 5e-4 (Abramowitz and Stegun 26.2.23), then Newton steps
  // on erfc, which keeps its precision far into the tail (p near 1e-300).
  const double t = std::sqrt(-2 * std::log(p));
  double z =
      t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  for (int step = 0; step < 20; ++step) {
    const double tail = 0.5 * std::erfc(z / std::sqrt(2.0));
    const double density = std::exp(-z * z / 2) / std::sqrt(2 * M_PI);
    if (density == 0) break;
    const double next = z + (tail - p) / density;
    const bool converged = std::abs(next - z) < 1e-13 * std::max(1.0, std::abs(z));
    z = next;
    if (converged) break;
  }
  return z;
}

std::optional<Homogeneity> TestHomogeneity(const std::vector<WorkerPairs>& workers) {
  std::vector<const WorkerPairs*> rows;
  for (const WorkerPairs& worker : workers) rows.push_back(&worker);
  std::vector<std::array<double, kColumns>> expected;
  std::array<double, kColumns> column_sums{};
  std::vector<double> row_sums;
  double total = 0;
  // Step 1. Leave out, again and again, the workers with a thin expected cell.
  for (bool dropped = true; dropped;) {
    if (rows.size() <= 1) return std::nullopt;
    column_sums = {};
    row_sums.assign(rows.size(), 0);
    for (size_t r = 0; r < rows.size(); ++r) {
      const auto observed = Folded(rows[r]->pentanomial);
      for (int c = 0; c < kColumns; ++c) {
        column_sums[c] += observed[c];
        row_sums[r] += observed[c];
      }
    }
    total = std::accumulate(row_sums.begin(), row_sums.end(), 0.0);
    if (total == 0) return std::nullopt;
    expected.assign(rows.size(), {});
    dropped = false;
    std::vector<const WorkerPairs*> kept;
    for (size_t r = 0; r < rows.size(); ++r) {
      bool thin = false;
      for (int c = 0; c < kColumns; ++c) {
        expected[r][c] = row_sums[r] * column_sums[c] / total;
        thin = thin || expected[r][c] <= kMinExpected;
      }
      if (thin)
        dropped = true;
      else
        kept.push_back(rows[r]);
    }
    if (dropped) rows = std::move(kept);
  }
  // Step 2. The chi-squared statistic over the table, and its p-value.
  Homogeneity result;
  result.degrees_of_freedom = int(rows.size() - 1) * (kColumns - 1);
  std::vector<double> row_chi2(rows.size(), 0);
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto observed = Folded(rows[r]->pentanomial);
    for (int c = 0; c < kColumns; ++c) {
      const double deviation = observed[c] - expected[r][c];
      row_chi2[r] += deviation * deviation / expected[r][c];
    }
    result.chi2 += row_chi2[r];
  }
  result.p_value = ChiSquaredSurvivalEvenDof(result.chi2, result.degrees_of_freedom);
  // Step 3. Each worker against all the others pooled: its row's chi2 over
  // the 2 x 3 table that collapses the other rows, a chi2 with 2 degrees of
  // freedom, shown as the normal score of the same tail probability.
  for (size_t r = 0; r < rows.size(); ++r) {
    const double collapsed = row_chi2[r] / (1 - row_sums[r] / total);
    const double z = NormalUpperQuantile(ChiSquaredSurvivalEvenDof(collapsed, kColumns - 1));
    result.residuals.push_back({rows[r]->worker_id, std::max(0.0, z)});
  }
  result.z_95 = NormalUpperQuantile(0.05 / double(rows.size()));
  result.z_99 = NormalUpperQuantile(0.01 / double(rows.size()));
  return result;
}

std::vector<uint64_t> OutlierWorkers(const std::vector<WorkerPairs>& workers, int rounds) {
  std::vector<uint64_t> outliers;
  std::vector<WorkerPairs> remaining = workers;
  for (int round = 0; round < rounds; ++round) {
    const std::optional<Homogeneity> homogeneity = TestHomogeneity(remaining);
    if (!homogeneity) break;
    const Homogeneity::Residual* worst = nullptr;
    for (const Homogeneity::Residual& residual : homogeneity->residuals)
      if ((homogeneity->p_value < kOutlierPValue || residual.residual > kOutlierResidual) &&
          (!worst || residual.residual > worst->residual))
        worst = &residual;
    if (!worst) break;
    outliers.push_back(worst->worker_id);
    std::erase_if(remaining, [&](const WorkerPairs& w) { return w.worker_id == worst->worker_id; });
  }
  return outliers;
}

bool TooManyCrashesOrTimeLosses(uint64_t games, uint64_t crashes, uint64_t time_losses) {
  return crashes > kMaxCrashes ||
         (games > kTimeLossGamesBeforeJudging && double(time_losses) / double(games) > kMaxTimeLossShare);
}

bool MisbehavesAlone(const WorkerConduct& worker, const std::vector<WorkerConduct>& others) {
  if (!TooManyCrashesOrTimeLosses(worker.games, worker.crashes, worker.time_losses)) return false;
  bool others_played = false;
  for (const WorkerConduct& other : others) {
    if (other.games == 0) continue;
    if (TooManyCrashesOrTimeLosses(other.games, other.crashes, other.time_losses)) return false;
    others_played = true;
  }
  return others_played;
}

}  // namespace judkins::stats
