#include "stats/sprt.h"

#include <cmath>
#include <numeric>
#include <utility>

#include "stats/llr.h"

namespace judkins::stats {

std::string_view EloModelName(EloModel model) {
  switch (model) {
    case EloModel::kLogistic:
      return "logistic";
    case EloModel::kNormalized:
      return "normalized";
    case EloModel::kBayesElo:
      return "bayeselo";
  }
  return "?";
}

std::optional<EloModel> ParseEloModel(std::string_view name) {
  for (EloModel model : {EloModel::kLogistic, EloModel::kNormalized, EloModel::kBayesElo})
    if (EloModelName(model) == name) return model;
  return std::nullopt;
}

std::string_view SprtDecisionName(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kContinue:
      return "continue";
    case SprtDecision::kAccepted:
      return "accepted";
    case SprtDecision::kRejected:
      return "rejected";
  }
  return "?";
}

std::optional<ParameterProblem> CheckSprtParameters(const SprtParameters& parameters) {
  const bool normalized = parameters.model == EloModel::kNormalized;
  const double limit = normalized ? kMaxNormalizedBoundElo : kMaxBoundElo;
  for (auto [field, elo] : {std::pair{"elo0", parameters.elo0}, std::pair{"elo1", parameters.elo1}})
    if (!(std::fabs(elo) <= limit))  // NaN fails too
      return ParameterProblem{
          field, normalized ? "a number from -200 to 200 (normalized Elo)" : "a number from -1000 to 1000"};
  if (!(parameters.elo0 < parameters.elo1)) return ParameterProblem{"elo0", "must be below elo1"};
  if (!(parameters.elo1 - parameters.elo0 >= kMinBoundWidth))
    return ParameterProblem{"elo1", "at least 0.01 above elo0"};
  for (auto [field, rate] : {std::pair{"alpha", parameters.alpha}, std::pair{"beta", parameters.beta}})
    if (!(rate >= kMinErrorRate && rate < kMaxErrorRate))
      return ParameterProblem{field, "a probability from 0.0001 up to, not including, 0.5"};
  return std::nullopt;
}

TestResults TestResults::Pentanomial(std::array<double, 5> pairs, std::array<double, 3> ldw) {
  return {std::vector<double>(pairs.begin(), pairs.end()), ldw};
}

TestResults TestResults::Trinomial(std::array<double, 3> ldw) {
  return {std::vector<double>(ldw.begin(), ldw.end()), ldw};
}

SprtBounds BoundsFor(double alpha, double beta) { return {std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)}; }

ModelBounds EffectiveBounds(const SprtParameters& parameters, const TestResults& results) {
  if (parameters.model != EloModel::kBayesElo) return {parameters.elo0, parameters.elo1, parameters.model};
  const double draw_elo = DrawElo(results.ldw);
  return {BayesEloToLogistic(parameters.elo0, draw_elo), BayesEloToLogistic(parameters.elo1, draw_elo),
          EloModel::kLogistic, draw_elo};
}

double SprtLlr(const SprtParameters& parameters, const TestResults& results) {
  const ModelBounds bounds = EffectiveBounds(parameters, results);
  return bounds.model == EloModel::kLogistic ? LlrLogistic(bounds.elo0, bounds.elo1, results.counts)
                                             : LlrNormalized(bounds.elo0, bounds.elo1, results.counts);
}

SprtStatus EvaluateSprt(const SprtParameters& parameters, const TestResults& results, const OvershootRecord& record) {
  SprtStatus status;
  status.bounds = BoundsFor(parameters.alpha, parameters.beta);
  status.llr = SprtLlr(parameters, results);
  if (record.valid) {
    // Siegmund, Sequential Analysis, Corollary 8.33: expected overshoot of a ladder process.
    status.overshoot_lower = record.m0 != 0 ? -record.sq0 / record.m0 / 2 : 0;
    status.overshoot_upper = record.m1 != 0 ? record.sq1 / record.m1 / 2 : 0;
  }
  if (status.llr < status.bounds.lower + status.overshoot_lower)
    status.decision = SprtDecision::kRejected;
  else if (status.llr > status.bounds.upper - status.overshoot_upper)
    status.decision = SprtDecision::kAccepted;
  return status;
}

SprtStatus UpdateSprt(const SprtParameters& parameters, const TestResults& results, OvershootRecord& record) {
  const double llr = SprtLlr(parameters, results);
  const double samples = std::accumulate(results.counts.begin(), results.counts.end(), 0.0);
  const int64_t units = int64_t(samples);
  if (parameters.batch_size <= 0 || units % parameters.batch_size != 0) record.valid = false;
  if (record.valid) {
    if (units < record.last_update) {
      record.valid = false;  // samples were lost: the history no longer describes the test
    } else if (units == record.last_update + parameters.batch_size) {
      if (llr < record.ref0) {
        const double delta = llr - record.ref0;
        record.m0 += delta;
        record.sq0 += delta * delta;
        record.ref0 = llr;
      }
      if (llr > record.ref1) {
        const double delta = llr - record.ref1;
        record.m1 += delta;
        record.sq1 += delta * delta;
        record.ref1 = llr;
      }
    } else if (units != record.last_update) {
      record.ref0 = record.ref1 = llr;  // updates were skipped: restart collecting
    }
    if (record.valid) record.last_update = units;
  }
  return EvaluateSprt(parameters, results, record);
}

}  // namespace judkins::stats
