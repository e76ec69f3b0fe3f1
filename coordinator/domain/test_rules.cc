#include "coordinator/domain/test_rules.h"

#include <algorithm>
#include <cassert>

#include "absl/strings/str_cat.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"
#include "stats/worker_homogeneity.h"

namespace judkins {
namespace {

// The dev engine's half points in one game: it has Black in game 0 of a pair.
int DevHalfPoints(const v1::GameOutcome& game) { return HalfPoints(game.result(), game.game_in_pair() == 0); }

stats::WorkerConduct ConductOf(const v1::WorkerResult& worker) {
  return stats::WorkerConduct{2 * PairCount(worker.pentanomial()), worker.crashes(), worker.time_losses()};
}

// Takes `part` off `total`, cell by cell (a part is always within its total).
void Subtract(const v1::Pentanomial& part, v1::Pentanomial& total) {
  assert(part.ll() <= total.ll() && part.ld() <= total.ld() && part.dd_wl() <= total.dd_wl() &&
         part.dw() <= total.dw() && part.ww() <= total.ww());
  total.set_ll(total.ll() - part.ll());
  total.set_ld(total.ld() - part.ld());
  total.set_dd_wl(total.dd_wl() - part.dd_wl());
  total.set_dw(total.dw() - part.dw());
  total.set_ww(total.ww() - part.ww());
}
void Subtract(const v1::WinDrawLoss& part, v1::WinDrawLoss& total) {
  assert(part.wins() <= total.wins() && part.draws() <= total.draws() && part.losses() <= total.losses());
  total.set_wins(total.wins() - part.wins());
  total.set_draws(total.draws() - part.draws());
  total.set_losses(total.losses() - part.losses());
}

void Finish(TestRow& test, std::string because) {
  test.state = v1::TEST_STATE_FINISHED;
  test.finished_because = std::move(because);
}

// The SPRT on the totals as they are: a decision finishes the test.
void DecideSprt(TestRow& test) {
  const std::optional<stats::SprtParameters> sprt = SprtOf(test.spec);
  if (!sprt || Ended(test.state)) return;
  const stats::SprtStatus status = stats::UpdateSprt(*sprt, ResultsOf(test.pentanomial, test.wdl), test.overshoot);
  if (status.decision != stats::SprtDecision::kContinue)
    Finish(test, "sprt " + std::string(stats::SprtDecisionName(status.decision)));
}

}  // namespace

std::optional<stats::SprtParameters> SprtOf(const v1::TestSpec& spec) {
  if (!spec.has_sprt()) return std::nullopt;
  stats::SprtParameters parameters;
  parameters.elo0 = spec.sprt().elo0();
  parameters.elo1 = spec.sprt().elo1();
  parameters.alpha = spec.sprt().alpha() > 0 ? spec.sprt().alpha() : kDefaultSprtAlpha;
  parameters.beta = spec.sprt().beta() > 0 ? spec.sprt().beta() : kDefaultSprtBeta;
  parameters.model = spec.sprt().model() == v1::ELO_MODEL_LOGISTIC   ? stats::EloModel::kLogistic
                     : spec.sprt().model() == v1::ELO_MODEL_BAYESELO ? stats::EloModel::kBayesElo
                                                                     : stats::EloModel::kNormalized;
  parameters.batch_size = 1;  // the SPRT is updated pair by pair
  return parameters;
}

v1::SprtSpec SprtWithDefaults(v1::SprtSpec sprt) {
  if (sprt.alpha() <= 0) sprt.set_alpha(kDefaultSprtAlpha);
  if (sprt.beta() <= 0) sprt.set_beta(kDefaultSprtBeta);
  if (sprt.model() == v1::ELO_MODEL_UNSPECIFIED) sprt.set_model(v1::ELO_MODEL_NORMALIZED);
  return sprt;
}

bool Ended(v1::TestState state) { return state == v1::TEST_STATE_FINISHED || state == v1::TEST_STATE_STOPPED; }

std::optional<v1::TestEventKind> StateChangeEvent(v1::TestState before, v1::TestState after) {
  if (before == after) return std::nullopt;
  switch (after) {
    case v1::TEST_STATE_RUNNING:
      return before == v1::TEST_STATE_PENDING ? v1::TEST_EVENT_KIND_STARTED : v1::TEST_EVENT_KIND_REOPENED;
    case v1::TEST_STATE_FINISHED:
      return v1::TEST_EVENT_KIND_FINISHED;
    case v1::TEST_STATE_STOPPED:
      return v1::TEST_EVENT_KIND_STOPPED;
    case v1::TEST_STATE_PENDING:
      assert(before == v1::TEST_STATE_AWAITING_APPROVAL && "a test never goes back to pending");
      return v1::TEST_EVENT_KIND_APPROVED;
    default:
      assert(false && "a test never goes back to awaiting approval");
      return std::nullopt;
  }
}

void CountPair(const PairGames& games, v1::Pentanomial& pentanomial, v1::WinDrawLoss& wdl) {
  assert(games[0] && games[1] && games[0]->game_in_pair() == 0 && games[1]->game_in_pair() == 1);
  judkins::CountPair(DevHalfPoints(*games[0]), DevHalfPoints(*games[1]), pentanomial, wdl);
}

void CountPair(const PairGames& games, TestRow& test) {
  CountPair(games, test.pentanomial, test.wdl);
  DecideSprt(test);
}

void RemoveWorkerShare(const v1::Pentanomial& pentanomial, const v1::WinDrawLoss& wdl, TestRow& test) {
  Subtract(pentanomial, test.pentanomial);
  Subtract(wdl, test.wdl);
  if (test.state == v1::TEST_STATE_FINISHED) {
    test.state = v1::TEST_STATE_RUNNING;
    test.finished_because.clear();
  }
  test.overshoot = stats::OvershootRecord();
  DecideSprt(test);
  FinishIfCountReached(test);
}

std::optional<uint64_t> PairCap(const v1::TestSpec& spec) {
  std::optional<uint64_t> cap;
  if (spec.has_fixed_pairs()) cap = spec.fixed_pairs();
  if (spec.has_spsa()) cap = spec.spsa().pairs();
  if (spec.max_pairs() > 0) cap = std::min(cap.value_or(spec.max_pairs()), spec.max_pairs());
  return cap;
}

void FinishIfCountReached(TestRow& test) {
  if (Ended(test.state)) return;
  const uint64_t counted = PairCount(test.pentanomial);
  if (test.spec.has_fixed_pairs() && counted >= test.spec.fixed_pairs())
    Finish(test, "fixed games played");
  else if (test.spec.has_spsa() && counted >= test.spec.spsa().pairs())
    Finish(test, "tune completed");
  else if (test.spec.max_pairs() > 0 && counted >= test.spec.max_pairs())
    Finish(test, "maximum games played");
}

bool PastCrashOrTimeLossRule(const v1::WorkerResult& worker) {
  const stats::WorkerConduct own = ConductOf(worker);
  return stats::TooManyCrashesOrTimeLosses(own.games, own.crashes, own.time_losses);
}

std::optional<std::string> ExclusionReason(const v1::WorkerResult& worker, const std::vector<v1::WorkerResult>& all) {
  if (!worker.excluded_because().empty() || !PastCrashOrTimeLossRule(worker)) return std::nullopt;
  std::vector<stats::WorkerConduct> others;
  for (const v1::WorkerResult& other : all)
    if (other.worker_id() != worker.worker_id()) others.push_back(ConductOf(other));
  if (!stats::MisbehavesAlone(ConductOf(worker), others)) return std::nullopt;
  return absl::StrCat(worker.crashes(), " crashes and ", worker.time_losses(), " time losses in ",
                      2 * PairCount(worker.pentanomial()), " games");
}

}  // namespace judkins
