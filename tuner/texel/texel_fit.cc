#include "tuner/texel/texel_fit.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <thread>

#include "absl/time/clock.h"
#include "engine/eval/evaluate.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace texel {
namespace {

constexpr double kLn10Over400 = 2.302585092994046 / 400;

int ThreadCount(int requested) {
  return requested > 0 ? requested : std::max(1, int(std::thread::hardware_concurrency()));
}

// Runs work(begin, end, thread) over [0, n) split evenly between threads;
// small ranges on this thread alone, where starting threads would cost more.
void ParallelFor(size_t n, int threads, const std::function<void(size_t, size_t, int)>& work) {
  if (n < 4096) {
    work(0, n, 0);
    for (int t = 1; t < threads; ++t) work(n, n, t);
    return;
  }
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    const size_t begin = n * t / threads, end = n * (t + 1) / threads;
    pool.emplace_back(work, begin, end, t);
  }
  for (std::thread& thread : pool) thread.join();
}

double Probability(double evaluation, double scale) { return 1 / (1 + std::pow(10.0, -scale * evaluation / 400)); }

double LogisticLoss(double result, double p) {
  p = std::clamp(p, 1e-12, 1 - 1e-12);
  return -(result * std::log(p) + (1 - result) * std::log(1 - p));
}

EvalParams WithSlot(const EvalParams& params, int slot, int value) {
  EvalParams changed = params;
  (void)changed.Set(ParamRegistry()[slot].name, value);  // value is within bounds: cannot fail
  return changed;
}

// The linear model of one round: each position's evaluation at the round's
// weights, and its sparse derivative per fitted weight.
struct LinearModel {
  std::vector<float> evaluation;
  std::vector<uint32_t> row_start;  // per position, into index/derivative; one past the end last
  std::vector<uint16_t> index;
  std::vector<float> derivative;
};

// `at_evaluations` are the positions' evaluations at `at`, already made.
LinearModel Linearise(std::span<const LabelledPosition> positions, const EvalParams& at,
                      const std::vector<int>& at_evaluations, const std::vector<int>& slots, int threads,
                      int64_t& evaluations) {
  // One probe per weight: a step of its SPSA size, inward at the upper bound.
  std::vector<EvalParams> probes;
  std::vector<double> steps;
  for (int slot : slots) {
    const ParamSpec& spec = ParamRegistry()[slot];
    int step = std::max(1, int(std::lround(spec.step)));
    if (at[slot] + step > spec.max) step = -step;
    probes.push_back(WithSlot(at, slot, at[slot] + step));
    steps.push_back(step);
  }
  std::vector<LinearModel> parts(threads);
  ParallelFor(positions.size(), threads, [&](size_t begin, size_t end, int t) {
    LinearModel& part = parts[t];
    for (size_t i = begin; i < end; ++i) {
      const int e0 = at_evaluations[i];
      part.evaluation.push_back(float(e0));
      part.row_start.push_back(uint32_t(part.index.size()));
      for (size_t j = 0; j < slots.size(); ++j) {
        const int e = BlackEvaluation(positions[i].position, probes[j]);
        if (e == e0) continue;
        part.index.push_back(uint16_t(j));
        part.derivative.push_back(float((e - e0) / steps[j]));
      }
    }
  });
  LinearModel model;
  for (LinearModel& part : parts) {
    const uint32_t offset = uint32_t(model.index.size());
    for (uint32_t start : part.row_start) model.row_start.push_back(start + offset);
    model.evaluation.insert(model.evaluation.end(), part.evaluation.begin(), part.evaluation.end());
    model.index.insert(model.index.end(), part.index.begin(), part.index.end());
    model.derivative.insert(model.derivative.end(), part.derivative.begin(), part.derivative.end());
  }
  model.row_start.push_back(uint32_t(model.index.size()));
  evaluations += int64_t(positions.size() * slots.size());
  return model;
}

// A weight's scale for the regularisation: its SPSA step, at least one unit.
double StepOf(int slot) { return std::max(1.0, ParamRegistry()[slot].step); }

// Adam on the linear model: returns the weights (as reals) it ends at.
// `origin` holds the weights the model was made at, `anchor` those the fit
// started from (the regularisation pulls towards them); theta may start elsewhere.
std::vector<double> Descend(std::span<const LabelledPosition> positions, const LinearModel& model,
                            const std::vector<int>& slots, const std::vector<double>& origin,
                            const std::vector<double>& anchor, std::vector<double> theta, double scale,
                            const FitOptions& options, int threads) {
  const size_t n = slots.size();
  std::vector<double> m(n, 0), v(n, 0);
  std::vector<std::vector<double>> gradients(threads, std::vector<double>(n));
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;
  for (int step = 1; step <= options.iterations; ++step) {
    ParallelFor(positions.size(), threads, [&](size_t begin, size_t end, int t) {
      std::vector<double>& gradient = gradients[t];
      std::fill(gradient.begin(), gradient.end(), 0.0);
      for (size_t i = begin; i < end; ++i) {
        double e = model.evaluation[i];
        for (uint32_t k = model.row_start[i]; k < model.row_start[i + 1]; ++k)
          e += model.derivative[k] * (theta[model.index[k]] - origin[model.index[k]]);
        const double error = (Probability(e, scale) - positions[i].black_score) * scale * kLn10Over400;
        for (uint32_t k = model.row_start[i]; k < model.row_start[i + 1]; ++k)
          gradient[model.index[k]] += error * model.derivative[k];
      }
    });
    // The step shrinks to a tenth over the round, to settle.
    const double rate = options.learning_rate * (1 - 0.9 * double(step - 1) / options.iterations);
    for (size_t j = 0; j < n; ++j) {
      double g = 0;
      for (const std::vector<double>& gradient : gradients) g += gradient[j];
      g /= double(positions.size());
      const double unit = StepOf(slots[j]);  // not `step`: that is Adam's iteration, in the bias correction below
      g += 2 * options.regularisation * (theta[j] - anchor[j]) / (unit * unit);
      m[j] = kBeta1 * m[j] + (1 - kBeta1) * g;
      v[j] = kBeta2 * v[j] + (1 - kBeta2) * g * g;
      const double m_hat = m[j] / (1 - std::pow(kBeta1, step)), v_hat = v[j] / (1 - std::pow(kBeta2, step));
      const ParamSpec& spec = ParamRegistry()[slots[j]];
      theta[j] =
          std::clamp(theta[j] - rate * m_hat / (std::sqrt(v_hat) + kEpsilon), double(spec.min), double(spec.max));
    }
  }
  return theta;
}

EvalParams Rounded(const EvalParams& base, const std::vector<int>& slots, const std::vector<double>& theta) {
  EvalParams params = base;
  for (size_t j = 0; j < slots.size(); ++j) params = WithSlot(params, slots[j], int(std::lround(theta[j])));
  return params;
}

std::vector<int> Evaluations(std::span<const LabelledPosition> positions, const EvalParams& params, int threads) {
  std::vector<int> evaluations(positions.size());
  ParallelFor(positions.size(), threads, [&](size_t begin, size_t end, int) {
    for (size_t i = begin; i < end; ++i) evaluations[i] = BlackEvaluation(positions[i].position, params);
  });
  return evaluations;
}

double LossOf(std::span<const LabelledPosition> positions, const std::vector<int>& evaluations, double scale) {
  double sum = 0;
  for (size_t i = 0; i < positions.size(); ++i)
    sum += LogisticLoss(positions[i].black_score, Probability(evaluations[i], scale));
  return positions.empty() ? 0 : sum / double(positions.size());
}

// The K that minimises the loss of these evaluations (golden-section search).
double ScaleOf(std::span<const LabelledPosition> positions, const std::vector<int>& evaluations) {
  auto loss = [&](double scale) { return LossOf(positions, evaluations, scale); };
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double low = 0.01, high = 10;
  double a = high - golden * (high - low), b = low + golden * (high - low);
  double loss_a = loss(a), loss_b = loss(b);
  for (int i = 0; i < 60; ++i) {
    if (loss_a < loss_b) {
      high = b, b = a, loss_b = loss_a;
      a = high - golden * (high - low), loss_a = loss(a);
    } else {
      low = a, a = b, loss_a = loss_b;
      b = low + golden * (high - low), loss_b = loss(b);
    }
  }
  return (low + high) / 2;
}

}  // namespace

double RegularisationPenalty(const EvalParams& params, const EvalParams& start, const std::vector<int>& slots,
                             double lambda) {
  double sum = 0;
  for (int slot : slots) {
    const double distance = (params[slot] - start[slot]) / StepOf(slot);
    sum += distance * distance;
  }
  return lambda * sum;
}

int BlackEvaluation(const Position& pos, const EvalParams& params) {
  const int e = Evaluate(pos, params);
  return pos.side_to_move() == kBlack ? e : -e;
}

double MeanLoss(std::span<const LabelledPosition> positions, const EvalParams& params, double scale, int threads) {
  return LossOf(positions, Evaluations(positions, params, ThreadCount(threads)), scale);
}

double FitScale(std::span<const LabelledPosition> positions, const EvalParams& params, int threads) {
  return ScaleOf(positions, Evaluations(positions, params, ThreadCount(threads)));
}

FitReport Fit(std::span<const LabelledPosition> positions, const EvalParams& start, const FitOptions& options) {
  const absl::Time began = absl::Now();
  const int threads = ThreadCount(options.threads);
  FitReport report;
  absl::Duration evaluating;
  auto timed = [&](auto&& evaluate) {
    const absl::Time t = absl::Now();
    auto result = evaluate();
    evaluating += absl::Now() - t;
    return result;
  };
  // Each set of weights is evaluated once; K, the losses and the linear
  // model are all made from those evaluations.
  std::vector<int> at_evaluations = timed([&] { return Evaluations(positions, start, threads); });
  report.evaluations = int64_t(positions.size());
  report.scale = options.holds_scale() ? options.scale : timed([&] { return ScaleOf(positions, at_evaluations); });
  report.loss_before = timed([&] { return LossOf(positions, at_evaluations, report.scale); });
  report.params = start;
  report.loss_after = report.loss_before;
  std::vector<double> theta;
  for (int slot : options.slots) theta.push_back(start[slot]);
  const std::vector<double> anchor = theta;
  // Rounds are compared by what they minimise: the loss and the penalty together.
  double best_objective = report.loss_before;
  EvalParams at = start;
  double scale = report.scale;
  for (int round = 0; round < options.rounds; ++round) {
    // K follows the weights unless held: fitted once more before each round
    // (the first time it is the K of the starting weights).
    if (round > 0 && !options.holds_scale()) scale = timed([&] { return ScaleOf(positions, at_evaluations); });
    const LinearModel model =
        timed([&] { return Linearise(positions, at, at_evaluations, options.slots, threads, report.evaluations); });
    std::vector<double> origin;
    for (int slot : options.slots) origin.push_back(at[slot]);
    theta = Descend(positions, model, options.slots, origin, anchor, theta, scale, options, threads);
    report.gradient_terms += int64_t(positions.size()) * options.iterations;
    at = Rounded(start, options.slots, theta);
    at_evaluations = timed([&] { return Evaluations(positions, at, threads); });
    report.evaluations += int64_t(positions.size());
    const double loss = timed([&] { return LossOf(positions, at_evaluations, scale); });
    const double penalty = RegularisationPenalty(at, start, options.slots, options.regularisation);
    if (loss + penalty < best_objective) {
      best_objective = loss + penalty;
      report.loss_after = loss;
      report.penalty_after = penalty;
      report.params = at;
      report.scale = scale;
    }
  }
  report.seconds = absl::ToDoubleSeconds(absl::Now() - began);
  report.evaluation_seconds = absl::ToDoubleSeconds(evaluating);
  report.descent_seconds = report.seconds - report.evaluation_seconds;
  return report;
}

}  // namespace texel
JUDKINS_EDITION_END
}  // namespace judkins
