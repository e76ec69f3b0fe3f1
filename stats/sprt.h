// The sequential probability ratio test as fishtest runs it: bounds from
// alpha and beta, the LLR of the chosen Elo model, and the dynamic overshoot
// correction that depends on the whole history of updates.
#ifndef JUDKINS_STATS_SPRT_H_
#define JUDKINS_STATS_SPRT_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judkins::stats {

enum class EloModel { kLogistic, kNormalized, kBayesElo };
std::string_view EloModelName(EloModel model);
std::optional<EloModel> ParseEloModel(std::string_view name);

struct SprtParameters {
  double elo0 = 0, elo1 = 5;  // in the model's units
  double alpha = 0.05, beta = 0.05;
  EloModel model = EloModel::kNormalized;
  int64_t batch_size = 1;  // units (pairs or games) per regular update
};

// The widest Elo bound any entry point takes, in the model's units: at 1000
// logistic (or BayesElo) Elo the weaker side scores 0.3%, and no test tells
// such engines apart. A normalized bound of 200 nElo is a t-value of 0.8 a
// pair, decided within a few dozen pairs; beyond about 250 the constrained
// maximum-likelihood estimate the normalized LLR needs does not exist for
// ordinary results (the LLR would be NaN). A bound beyond these only feeds
// the solvers numbers they cannot use.
inline constexpr double kMaxBoundElo = 1000;
inline constexpr double kMaxNormalizedBoundElo = 200;
// elo1 - elo0 at least this: closer bounds tell nothing a test could ever
// play out (it would take billions of games), and at widths near zero the
// estimates' Brownian model has no variance left (its Elo came out NaN).
inline constexpr double kMinBoundWidth = 0.01;
// alpha and beta: from kMinErrorRate (below it the SPRT's bounds, logs of
// 1/alpha and 1/beta, run to infinity for a denormal rate, and no test runs
// long enough to need them) up to, not including, kMaxErrorRate.
inline constexpr double kMinErrorRate = 1e-4, kMaxErrorRate = 0.5;

// What is wrong with SPRT parameters, naming the field ("elo0", "alpha"...),
// or nothing: the one rule for a test, the calculator and a local match.
struct ParameterProblem {
  const char* field;
  std::string why;
};
std::optional<ParameterProblem> CheckSprtParameters(const SprtParameters& parameters);

// What a test has played: pentanomial pair counts, or trinomial game counts
// (then counts == ldw); ldw are the game totals [losses, draws, wins] that
// BayesElo needs for its draw Elo.
struct TestResults {
  std::vector<double> counts;
  std::array<double, 3> ldw{};
  static TestResults Pentanomial(std::array<double, 5> pairs, std::array<double, 3> ldw);
  static TestResults Trinomial(std::array<double, 3> ldw);
};

struct SprtBounds {
  double lower, upper;
};
SprtBounds BoundsFor(double alpha, double beta);

// The bounds the LLR is computed with: BayesElo bounds become logistic ones
// under the draw Elo of the results so far (so they drift as games come in).
struct ModelBounds {
  double elo0, elo1;
  EloModel model;  // logistic or normalized
  double draw_elo = 0;
};
ModelBounds EffectiveBounds(const SprtParameters& parameters, const TestResults& results);

double SprtLlr(const SprtParameters& parameters, const TestResults& results);

// fishtest's overshoot record; an update that breaks the batch contract
// (a count not a multiple of the batch, or lost samples) disables it.
struct OvershootRecord {
  bool valid = true;
  int64_t last_update = 0;
  double ref0 = 0, m0 = 0, sq0 = 0;
  double ref1 = 0, m1 = 0, sq1 = 0;
};

enum class SprtDecision { kContinue, kAccepted, kRejected };  // accepted: H1 (elo1) holds
std::string_view SprtDecisionName(SprtDecision decision);

struct SprtStatus {
  double llr = 0;
  SprtBounds bounds{};
  double overshoot_lower = 0, overshoot_upper = 0;  // o0, o1
  SprtDecision decision = SprtDecision::kContinue;
};

// The verdict for the results with the overshoot history so far (read only).
SprtStatus EvaluateSprt(const SprtParameters& parameters, const TestResults& results, const OvershootRecord& record);
// One update with the cumulative results after a batch: records it in the
// overshoot history, then evaluates.
SprtStatus UpdateSprt(const SprtParameters& parameters, const TestResults& results, OvershootRecord& record);

}  // namespace judkins::stats

#endif  // JUDKINS_STATS_SPRT_H_
