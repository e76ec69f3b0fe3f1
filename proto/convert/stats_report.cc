#include "proto/convert/stats_report.h"

#include <numeric>

#include "stats/elo_estimate.h"

namespace judkins {

stats::TestResults ResultsOf(const v1::Pentanomial& p, const v1::WinDrawLoss& wdl) {
  return stats::TestResults::Pentanomial(
      {double(p.ll()), double(p.ld()), double(p.dd_wl()), double(p.dw()), double(p.ww())},
      {double(wdl.losses()), double(wdl.draws()), double(wdl.wins())});
}

v1::StatsReport MakeStatsReport(const stats::TestResults& results, const std::optional<stats::SprtParameters>& sprt,
                                const stats::OvershootRecord& overshoot) {
  v1::StatsReport report;
  const double units = std::accumulate(results.counts.begin(), results.counts.end(), 0.0);
  report.set_games(uint64_t(results.counts.size() == 5 ? 2 * units : units));
  report.set_state("continue");
  if (sprt) {
    v1::SprtSpec& spec = *report.mutable_sprt();
    spec.set_elo0(sprt->elo0);
    spec.set_elo1(sprt->elo1);
    spec.set_alpha(sprt->alpha);
    spec.set_beta(sprt->beta);
    spec.set_model(sprt->model == stats::EloModel::kLogistic   ? v1::ELO_MODEL_LOGISTIC
                   : sprt->model == stats::EloModel::kBayesElo ? v1::ELO_MODEL_BAYESELO
                                                               : v1::ELO_MODEL_NORMALIZED);
    const stats::SprtBounds bounds = stats::BoundsFor(sprt->alpha, sprt->beta);
    report.set_lower_bound(bounds.lower);
    report.set_upper_bound(bounds.upper);
  }
  if (units == 0) return report;
  const stats::NormalizedElo normalized = stats::EstimateNormalizedElo(results.counts);
  report.set_nelo(normalized.nelo);
  report.set_nelo95(normalized.nelo95);
  if (sprt) {
    const stats::SprtStatus status = stats::EvaluateSprt(*sprt, results, overshoot);
    report.set_llr(status.llr);
    report.set_lower_bound(status.bounds.lower + status.overshoot_lower);
    report.set_upper_bound(status.bounds.upper - status.overshoot_upper);
    report.set_state(std::string(stats::SprtDecisionName(status.decision)));
    const stats::SprtElo elo = stats::EstimateSprtElo(*sprt, results);
    report.set_elo(elo.elo);
    report.set_elo_ci_lower(elo.ci_lower);
    report.set_elo_ci_upper(elo.ci_upper);
    report.set_los(elo.los);
  } else {
    const stats::FixedGamesElo elo = stats::EstimateFixedGamesElo(results.counts);
    report.set_elo(elo.elo);
    report.set_elo_ci_lower(elo.elo - elo.elo95);
    report.set_elo_ci_upper(elo.elo + elo.elo95);
    report.set_los(elo.los);
  }
  return report;
}

}  // namespace judkins
