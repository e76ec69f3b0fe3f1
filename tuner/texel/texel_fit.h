// Texel fitting: choose evaluation weights that make the static evaluation of
// quiet positions predict their games' results. The loss is the mean logistic
// loss (cross-entropy) of p = 1 / (1 + 10^(-K e / 400)) against the result;
// K is fitted first, with the starting weights, or given (FitOptions::scale).
// With regularisation, a penalty on each weight's distance from its start in
// SPSA steps joins the loss (see TexelFitOptions).
//
// The evaluation is not linear in its weights (king danger is quadratic), so
// the fit linearises it: the change of every position's evaluation per unit
// of each weight is measured by finite differences, Adam descends the loss
// of that linear model within the bounds, and the process repeats from the
// new weights, with K fitted again to them (unless held). Each round is
// judged on the real evaluation; the best wins.
#ifndef JUDKINS_TUNER_TEXEL_TEXEL_FIT_H_
#define JUDKINS_TUNER_TEXEL_TEXEL_FIT_H_

#include <cstdint>
#include <span>
#include <vector>

#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "tuner/texel/labelled_positions.h"
#include "tuner/texel/texel_options.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace texel {

using FitOptions = TexelFitOptions;

struct FitReport {
  double scale = 1;          // K of the fitted weights
  double loss_before = 0;    // with the starting weights
  double loss_after = 0;     // with the fitted (integer) weights
  double penalty_after = 0;  // the regularisation's term at the fitted weights (0 without it)
  EvalParams params;
  int64_t evaluations = 0;        // static evaluations made
  double evaluation_seconds = 0;  // spent on them and on what is made from them (K, losses, the linear model)
  int64_t gradient_terms = 0;     // positions times Adam steps
  double descent_seconds = 0;     // spent on the Adam steps
  double seconds = 0;             // in all
};

// The static evaluation from Black's point of view: what the labels score.
int BlackEvaluation(const Position& pos, const EvalParams& params);

// The mean logistic loss of the static evaluation at scale K.
double MeanLoss(std::span<const LabelledPosition> positions, const EvalParams& params, double scale, int threads);
// The K that minimises it (golden-section search).
double FitScale(std::span<const LabelledPosition> positions, const EvalParams& params, int threads);
// The regularisation's term: lambda * sum over slots of ((params - start) / step)^2.
double RegularisationPenalty(const EvalParams& params, const EvalParams& start, const std::vector<int>& slots,
                             double lambda);
FitReport Fit(std::span<const LabelledPosition> positions, const EvalParams& start, const FitOptions& options);

}  // namespace texel
JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_TUNER_TEXEL_TEXEL_FIT_H_
