#include "stats/elo_estimate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/brownian.h"
#include "stats/elo.h"
#include "stats/llr.h"
#include "stats/root_finding.h"

namespace judkins::stats {

FixedGamesElo EstimateFixedGamesElo(std::span<const double> counts) {
  double n = 0;
  const Distribution pdf = ResultsToDistribution(counts, &n);
  const size_t size = counts.size();
  const double games = n * double(size - 1) / 2;
  // Per-game score, and the per-game variance of the pair (or game) outcome.
  double mu = 0;
  for (size_t i = 0; i < size; ++i) mu += pdf.probs[i] * n * (double(i) / 2) / games;
  const double pair_mu = double(size - 1) / 2 * mu;
  double variance = 0;
  for (size_t i = 0; i < size; ++i) variance += pdf.probs[i] * n * std::pow(double(i) / 2 - pair_mu, 2) / games;
  const double error = std::sqrt(variance) / std::sqrt(games);
  FixedGamesElo result;
  result.elo = EloFromScore(mu);
  result.elo95 = (EloFromScore(mu + kZ975 * error) - EloFromScore(mu - kZ975 * error)) / 2;
  result.los = NormalCdf((mu - 0.5) / error);
  return result;
}

NormalizedElo EstimateNormalizedElo(std::span<const double> counts) {
  double n = 0;
  const Moments m = ComputeMoments(ResultsToDistribution(counts, &n));
  const double scale = counts.size() == 5 ? kNeloPerT / std::sqrt(2.0) : kNeloPerT;
  const double t = (m.mean - 0.5) / std::sqrt(m.variance);
  const double variance_t = std::max(1 - t * m.skewness + t * t * (m.excess_kurtosis + 2) / 4, 0.0);
  return {t * scale, kZ975 * scale * std::sqrt(variance_t / n)};
}

namespace {

// The state fishtest's sprt class derives from the results (set_state).
class SequentialEstimate {
 public:
  SequentialEstimate(const ModelBounds& bounds, const SprtBounds& barriers, std::span<const double> counts)
      : bounds_(bounds), barriers_(barriers), pdf_(ResultsToDistribution(counts, &time_)) {
    const Moments m = ComputeMoments(pdf_);
    mean_ = m.mean;
    variance_ = m.variance;
    if (bounds.model == EloModel::kNormalized) {
      const double sigma_per_game = std::sqrt(counts.size() == 5 ? 2 * variance_ : variance_);
      s0_ = bounds.elo0 / kNeloPerT * sigma_per_game + 0.5;
      s1_ = bounds.elo1 / kNeloPerT * sigma_per_game + 0.5;
    } else {
      s0_ = LogisticScore(bounds.elo0);
      s1_ = LogisticScore(bounds.elo1);
    }
    llr_ = time_ * Drift(mean_, variance_);
    const double slope = llr_ / time_;
    clamped_ = llr_ > 1.03 * barriers.upper || llr_ < 1.03 * barriers.lower;
    if (llr_ < barriers.lower) {
      time_ = barriers.lower / slope;
      llr_ = barriers.lower;
    } else if (llr_ > barriers.upper) {
      time_ = barriers.upper / slope;
      llr_ = barriers.upper;
    }
  }

  // The probability of an outcome worse than the observed one if the true
  // strength were `elo` (logistic).
  double OutcomeProbability(double elo) const {
    const Brownian motion{barriers_.lower, barriers_.upper, Drift(LogisticScore(elo), variance_),
                          std::fabs(s1_ - s0_) / std::sqrt(variance_)};
    return motion.OutcomeCdf(time_, llr_);
  }

  // The largest Elo for which the observed outcome has probability below p.
  // The bracket starts at fishtest's 30 widths around the bounds and doubles
  // until it spans [-kEloLimit, kEloLimit]: a bounded number of root finds,
  // whatever the bounds (parameters that are not finite give NaN, not a hang).
  double LowerConfidenceBound(double p) const {
    constexpr double kEloLimit = 1000, kFirstSpread = 30;
    constexpr int kMaxWidenings = 64;  // 30 * 2^64 widths cover any finite bracket
    const double average = (bounds_.elo0 + bounds_.elo1) / 2, width = bounds_.elo1 - bounds_.elo0;
    auto f = [&](double elo) { return OutcomeProbability(elo) - (1 - p); };
    double spread = kFirstSpread;
    for (int widening = 0; widening < kMaxWidenings; ++widening, spread *= 2) {
      const double lo = std::max(average - spread * width, -kEloLimit);
      const double hi = std::min(average + spread * width, kEloLimit);
      if (std::isnan(lo) || std::isnan(hi)) break;
      if (lo > hi) continue;  // the bracket is still beyond the limits
      if (std::optional<double> root = FindRoot(f, lo, hi)) return *root;
      if (lo <= -kEloLimit && hi >= kEloLimit) return f(lo) > 0 ? hi : lo;
    }
    return std::numeric_limits<double>::quiet_NaN();
  }

  double llr() const { return llr_; }
  double time() const { return time_; }
  bool clamped() const { return clamped_; }

 private:
  // Drift of the LLR per unit for a true score s (fishtest's LLR_drift_variance_alt2).
  double Drift(double s, double variance) const { return (s - (s0_ + s1_) / 2) * (s1_ - s0_) / variance; }

  ModelBounds bounds_;
  SprtBounds barriers_;
  double time_ = 0;
  Distribution pdf_;
  double mean_ = 0, variance_ = 0, s0_ = 0, s1_ = 0, llr_ = 0;
  bool clamped_ = false;
};

}  // namespace

SprtElo EstimateSprtElo(const SprtParameters& parameters, const TestResults& results) {
  const ModelBounds bounds = EffectiveBounds(parameters, results);
  const SequentialEstimate estimate(bounds, BoundsFor(parameters.alpha, parameters.beta), results.counts);
  constexpr double p = 0.05;
  SprtElo result;
  result.elo = estimate.LowerConfidenceBound(0.5);
  result.ci_lower = estimate.LowerConfidenceBound(p / 2);
  result.ci_upper = estimate.LowerConfidenceBound(1 - p / 2);
  result.los = estimate.OutcomeProbability(0);
  result.llr = SprtLlr(parameters, results);
  result.internal_llr = estimate.llr();
  result.internal_time = estimate.time();
  result.clamped = estimate.clamped();
  return result;
}

}  // namespace judkins::stats
