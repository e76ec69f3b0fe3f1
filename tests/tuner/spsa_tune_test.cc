// The tune's state machine: the update against steps computed by hand from
// fishtest's formulas, perturbations, bounds, and a synthetic tune that must
// find a known optimum through noisy game results.
#include "tuner/spsa_tune.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "absl/strings/str_cat.h"

namespace judkins::tuner {
namespace {

v1::SpsaParameter Parameter(const std::string& name, double start, double min, double max, double c_end, double r_end) {
  v1::SpsaParameter p;
  p.set_name(name);
  p.set_start(start);
  p.set_min(min);
  p.set_max(max);
  p.set_c_end(c_end);
  p.set_r_end(r_end);
  return p;
}

// stats-notes.md's example: 100,000 games (50,000 pairs), A = 5,000, c_end 10, r_end 0.002.
v1::SpsaSpec NotesExample() {
  v1::SpsaSpec spec;
  *spec.add_parameters() = Parameter("PawnValue", 100, 0, 1000, 10, 0.002);
  spec.set_pairs(50'000);
  return WithDefaults(spec);
}

TEST(SpsaTuneTest, StepsMatchTheHandComputedSchedule) {
  // c = 10 * 50000^0.101 = 29.826066; a = 0.002 * 10^2 * 55000^0.602 = 142.800042.
  // k = 1: c_k = 29.826066, R_k c_k = a / 5001^0.602 / c_k = 0.0283988097 per unit of W - L.
  // k = 1000: c_k = 14.845539, R_k c_k = 0.0511311207. k = 50000: c_k = 10, R_k = 0.002, R_k c_k = 0.02.
  const struct {
    uint64_t k;
    double c_k, step;
  } expected[] = {{1, 29.826065718, 0.0283988097}, {1000, 14.845539007, 0.0511311207}, {50'000, 10.0, 0.02}};
  const v1::SpsaSpec spec = NotesExample();
  for (const auto& [k, c_k, step] : expected) {
    std::vector<double> theta = {100};
    ApplyBatch(spec, theta, k, std::vector<int>{+1}, 3.0);  // W - L = 3 for theta+
    EXPECT_NEAR(theta[0], 100 + 3 * step, 1e-8) << "k = " << k;
    theta = {100};
    ApplyBatch(spec, theta, k, std::vector<int>{-1}, 3.0);  // theta- was the better side
    EXPECT_NEAR(theta[0], 100 - 3 * step, 1e-8) << "k = " << k;
    // The perturbation at k, before rounding, is c_k either side of theta.
    const Perturbation p = Perturb(spec, std::vector<double>{500}, k - 1, 42);
    EXPECT_EQ(p.iteration, k);
    EXPECT_NEAR(std::abs(double(p.plus[0] - p.minus[0])), 2 * c_k, 1.0 + 1e-9);
  }
}

TEST(SpsaTuneTest, ThetaAndPerturbationsStayWithinTheBounds) {
  v1::SpsaSpec spec = NotesExample();
  std::vector<double> theta = {999.5};
  ApplyBatch(spec, theta, 1, std::vector<int>{+1}, 1000);
  EXPECT_EQ(theta[0], 1000);
  ApplyBatch(spec, theta, 1, std::vector<int>{-1}, 1e6);
  EXPECT_EQ(theta[0], 0);
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Perturbation p = Perturb(spec, std::vector<double>{seed % 2 ? 1.0 : 998.5}, 0, seed);
    EXPECT_GE(std::min(p.plus[0], p.minus[0]), 0);
    EXPECT_LE(std::max(p.plus[0], p.minus[0]), 1000);
  }
}

TEST(SpsaTuneTest, PerturbationsAreReproducibleFromTheirSeedAndFlipBothWays) {
  v1::SpsaSpec spec = NotesExample();
  for (int i = 0; i < 15; ++i) *spec.add_parameters() = Parameter(absl::StrCat("P", i), 100, 0, 1000, 10, 0.002);
  const std::vector<double> theta = StartTheta(spec);
  const Perturbation a = Perturb(spec, theta, 10, 7), b = Perturb(spec, theta, 10, 7);
  EXPECT_EQ(a.flips, b.flips);
  EXPECT_EQ(a.plus, b.plus);
  EXPECT_EQ(a.minus, b.minus);
  int ups = 0;
  for (uint64_t seed = 0; seed < 100; ++seed)
    for (int flip : Perturb(spec, theta, 0, seed).flips) ups += flip > 0;
  EXPECT_GT(ups, 1600 * 0.45);
  EXPECT_LT(ups, 1600 * 0.55);
  // Flips survive storage as text; a corrupt row is refused.
  EXPECT_EQ(*ParseFlips(FlipsText(a.flips), a.flips.size()), a.flips);
  EXPECT_FALSE(ParseFlips("+-x", 3).ok());
  EXPECT_FALSE(ParseFlips("+-", 3).ok());
}

TEST(SpsaTuneTest, StochasticRoundingPlaysTheFractionOnAverage) {
  v1::SpsaSpec spec = NotesExample();
  spec.mutable_parameters(0)->set_c_end(1e-9);  // no perturbation to speak of: only the rounding
  double sum = 0;
  for (uint64_t seed = 0; seed < 20'000; ++seed)
    sum += double(Perturb(spec, std::vector<double>{100.3}, 0, seed).plus[0]);
  EXPECT_NEAR(sum / 20'000, 100.3, 0.01);
}

TEST(SpsaTuneTest, SpecsAreValidatedWithTheFieldNamed) {
  v1::SpsaSpec spec = NotesExample();
  EXPECT_TRUE(ValidateSpsaSpec(spec).ok());
  spec.mutable_parameters(0)->set_start(2000);
  EXPECT_EQ(ValidateSpsaSpec(spec).message(), "spec.spsa.parameters[PawnValue]: start within [min, max]");
  spec = NotesExample();
  *spec.add_parameters() = spec.parameters(0);
  EXPECT_EQ(ValidateSpsaSpec(spec).message(), "spec.spsa.parameters[PawnValue]: named twice");
  spec = NotesExample();
  spec.mutable_parameters(0)->set_c_end(0);
  EXPECT_EQ(ValidateSpsaSpec(spec).message(), "spec.spsa.parameters[PawnValue]: c_end > 0");
  spec = NotesExample();
  spec.mutable_parameters(0)->set_r_end(std::nan(""));
  EXPECT_FALSE(ValidateSpsaSpec(spec).ok());
  spec = NotesExample();
  spec.mutable_parameters(0)->set_min(0.2);  // [0.2, 0.8]: no integer for the engine's option
  spec.mutable_parameters(0)->set_start(0.5);
  spec.mutable_parameters(0)->set_max(0.8);
  EXPECT_EQ(ValidateSpsaSpec(spec).message(), "spec.spsa.parameters[PawnValue]: [min, max] must hold an integer");
  spec = NotesExample();
  spec.set_pairs(0);
  EXPECT_EQ(ValidateSpsaSpec(spec).message(), "spec.spsa.pairs: 1 to 1e8");
  EXPECT_EQ(ValidateSpsaSpec(v1::SpsaSpec()).message(), "spec.spsa.parameters: 1 to 1000");
}

// A simulated engine: its Elo falls quadratically with theta's distance to a
// known optimum; a game pair between theta+ and theta- is sampled from the
// Elo difference with 30% draws. The tune must end near the optimum.
TEST(SpsaTuneTest, ASyntheticTuneFindsTheOptimumThroughNoisyGames) {
  const double optimum[] = {130, -40, 300};
  v1::SpsaSpec spec;
  *spec.add_parameters() = Parameter("A", 70, 0, 400, 8, 0.002);
  *spec.add_parameters() = Parameter("B", 20, -200, 200, 8, 0.002);
  *spec.add_parameters() = Parameter("C", 240, 0, 600, 12, 0.002);
  spec.set_pairs(30'000);
  spec = WithDefaults(spec);
  auto elo = [&](std::span<const int64_t> values) {
    double loss = 0;
    for (size_t i = 0; i < values.size(); ++i) loss += std::pow((double(values[i]) - optimum[i]) / 10.0, 2);
    return -2.0 * loss;  // 10 away from the optimum in one weight costs 2 Elo
  };
  std::mt19937_64 random(2026);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<double> theta = StartTheta(spec);
  for (uint64_t done = 0; done < spec.pairs(); ++done) {
    const Perturbation p = Perturb(spec, theta, done, random());
    const double score = 1 / (1 + std::pow(10.0, -(elo(p.plus) - elo(p.minus)) / 400));
    int wins_minus_losses = 0;
    for (int game = 0; game < 2; ++game) {
      const double u = uniform(random);
      if (u < score - 0.15)
        ++wins_minus_losses;
      else if (u > score + 0.15)
        --wins_minus_losses;
    }
    ApplyBatch(spec, theta, p.iteration, p.flips, wins_minus_losses);
  }
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(spec.parameters(i).name());
    EXPECT_NEAR(theta[i], optimum[i], 10.0) << "started at " << spec.parameters(i).start();
  }
}

}  // namespace
}  // namespace judkins::tuner
