// The one rule for SPRT parameters (a test, the calculator, a local match),
// and the estimates' solvers bounded whatever they are given: a request with
// bounds near the largest double once kept an HTTP thread searching forever.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <limits>

#include "stats/elo_estimate.h"
#include "stats/sprt.h"

namespace judkins::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

SprtParameters Bounds(double elo0, double elo1, double alpha = 0.05, double beta = 0.05) {
  SprtParameters parameters;
  parameters.elo0 = elo0;
  parameters.elo1 = elo1;
  parameters.alpha = alpha;
  parameters.beta = beta;
  return parameters;
}

// Runs `f`; a call still running after a minute fails the test and ends the
// process, since a thread that never returns cannot be stopped.
template <typename F>
auto WithinAMinute(F f, const char* what) {
  auto result = std::async(std::launch::async, f);
  if (result.wait_for(std::chrono::minutes(1)) != std::future_status::ready) {
    std::fprintf(stderr, "FAILED: %s did not return within a minute\n", what);
    std::_Exit(1);
  }
  return result.get();
}

SprtParameters Logistic(SprtParameters parameters) {
  parameters.model = EloModel::kLogistic;
  return parameters;
}

TEST(SprtParametersTest, BoundsWithinTheModelsRangeAndRatesBetweenZeroAndAHalfAreTaken) {
  EXPECT_FALSE(CheckSprtParameters(Bounds(0, 5)));
  EXPECT_FALSE(CheckSprtParameters(Bounds(-200, 200, kMinErrorRate, 0.499)));
  EXPECT_FALSE(CheckSprtParameters(Bounds(-1.75, 0.25)));
  EXPECT_FALSE(CheckSprtParameters(Logistic(Bounds(-1000, 1000))));
  EXPECT_TRUE(CheckSprtParameters(Bounds(0, 250))) << "normalized: at most 200";
}

TEST(SprtParametersTest, EveryOtherBoundOrRateIsRefusedNamingItsField) {
  struct Case {
    SprtParameters parameters;
    const char* field;
  };
  for (const Case& c :
       {Case{Bounds(1e308, 1.7e308), "elo0"}, Case{Logistic(Bounds(0, 1000.5)), "elo1"}, Case{Bounds(kNaN, 5), "elo0"},
        Case{Bounds(0, kInfinity), "elo1"}, Case{Bounds(-kInfinity, 0), "elo0"}, Case{Bounds(5, 5), "elo0"},
        Case{Bounds(5, 0), "elo0"}, Case{Bounds(0, 5, 0), "alpha"}, Case{Bounds(0, 5, 0.5), "alpha"},
        Case{Bounds(0, 5, 0.05, 0.5), "beta"}, Case{Bounds(0, 5, 0.05, kNaN), "beta"}}) {
    const std::optional<ParameterProblem> problem = CheckSprtParameters(c.parameters);
    ASSERT_TRUE(problem) << c.parameters.elo0 << " " << c.parameters.elo1;
    EXPECT_STREQ(problem->field, c.field) << problem->why;
    EXPECT_FALSE(problem->why.empty());
  }
}

TEST(SprtParametersTest, TheEstimateOfBoundsBeyondAnyRangeEndsInsteadOfSearchingForever) {
  // What the HTTP API and `judkins-worker sprt` once passed through unchecked.
  const TestResults results = TestResults::Pentanomial({10, 20, 40, 25, 12}, {});
  for (SprtParameters parameters : {Bounds(1e308, 1.7e308), Bounds(kNaN, kNaN), Bounds(-1e300, 1e300)}) {
    parameters.model = EloModel::kLogistic;
    const SprtElo elo = WithinAMinute([&] { return EstimateSprtElo(parameters, results); }, "EstimateSprtElo");
    EXPECT_TRUE(std::isnan(elo.elo) || std::isfinite(elo.elo));
  }
}

TEST(SprtParametersTest, AtTheWidestBoundsTakenTheStatisticsAreNumbers) {
  for (const TestResults& results :
       {TestResults::Pentanomial({10, 20, 40, 25, 12}, {}), TestResults::Pentanomial({0, 0, 100, 0, 0}, {}),
        TestResults::Pentanomial({1, 0, 0, 0, 100}, {}), TestResults::Trinomial({30, 40, 50})})
    for (EloModel model : {EloModel::kNormalized, EloModel::kLogistic}) {
      const double widest = model == EloModel::kNormalized ? kMaxNormalizedBoundElo : kMaxBoundElo;
      for (SprtParameters parameters : {Bounds(0, widest), Bounds(-widest, 0), Bounds(-widest, widest)}) {
        parameters.model = model;
        ASSERT_FALSE(CheckSprtParameters(parameters));
        const SprtStatus status = EvaluateSprt(parameters, results, OvershootRecord());
        EXPECT_TRUE(std::isfinite(status.llr))
            << EloModelName(model) << " [" << parameters.elo0 << ", " << parameters.elo1 << "]";
        const SprtElo elo = EstimateSprtElo(parameters, results);
        EXPECT_TRUE(std::isfinite(elo.los)) << EloModelName(model);
      }
    }
}

}  // namespace
}  // namespace judkins::stats
