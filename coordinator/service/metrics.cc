#include "coordinator/service/metrics.h"

#include <algorithm>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/strip.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_text.h"
#include "proto/convert/test_variant.h"

namespace judkins {
namespace {

const std::vector<double> kLatencyBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5};
// A batch is sized to about --batch-seconds (2 minutes by default).
const std::vector<double> kLeaseAgeBuckets = {1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600};

// The label of a hand-back's reason: the enum's name, lower case, unprefixed.
std::string HandBackReasonText(v1::HandBackReason reason) {
  constexpr absl::string_view kPrefix = "HAND_BACK_REASON_";
  std::string name = v1::HandBackReason_Name(reason);
  if (name.empty()) name = v1::HandBackReason_Name(v1::HAND_BACK_REASON_UNSPECIFIED);
  return absl::AsciiStrToLower(absl::StripPrefix(name, kPrefix));
}

}  // namespace

CoordinatorMetrics::CoordinatorMetrics()
    : registry_(std::make_shared<prometheus::Registry>()),
      games_(prometheus::BuildCounter()
                 .Name("judkins_games_reported_total")
                 .Help("Games counted, by test and by result for the dev engine")
                 .Register(*registry_)),
      pairs_(prometheus::BuildCounter()
                 .Name("judkins_pairs_reported_total")
                 .Help("Game pairs counted, by test")
                 .Register(*registry_)),
      tests_(prometheus::BuildGauge().Name("judkins_tests").Help("Tests by state").Register(*registry_)),
      theta_(prometheus::BuildGauge()
                 .Name("judkins_tune_theta")
                 .Help("A tune's current value of each parameter")
                 .Register(*registry_)),
      tune_pairs_(prometheus::BuildGauge()
                      .Name("judkins_tune_iterations")
                      .Help("Game pairs applied to a tune's theta")
                      .Register(*registry_)),
      residuals_(prometheus::BuildGauge()
                     .Name("judkins_worker_residual")
                     .Help("fishtest's residual of a worker's results in a running test (a normal score)")
                     .Register(*registry_)),
      outliers_(prometheus::BuildGauge()
                    .Name("judkins_worker_outlier")
                    .Help("1 when a worker's results are an outlier in a running test")
                    .Register(*registry_)),
      excluded_(prometheus::BuildGauge()
                    .Name("judkins_worker_excluded")
                    .Help("1 when a worker was taken off a running test")
                    .Register(*registry_)),
      workers_(prometheus::BuildGauge()
                   .Name("judkins_workers_connected")
                   .Help("Workers heard from within the lease time")
                   .Register(*registry_)
                   .Add({})),
      cores_(prometheus::BuildGauge()
                 .Name("judkins_worker_cores_connected")
                 .Help("Games the connected workers play at once (the sum of their concurrency)")
                 .Register(*registry_)
                 .Add({})),
      batches_(prometheus::BuildCounter()
                   .Name("judkins_batches_total")
                   .Help("Batches by event: leased, reported, expired, handed_back")
                   .Register(*registry_)),
      rpc_latency_(prometheus::BuildHistogram()
                       .Name("judkins_rpc_latency_seconds")
                       .Help("RPC handling time by method")
                       .Register(*registry_)),
      commit_latency_(prometheus::BuildHistogram()
                          .Name("judkins_store_commit_seconds")
                          .Help("Time to commit a report durably")
                          .Register(*registry_)
                          .Add({}, kLatencyBuckets)),
      checkpoints_(prometheus::BuildCounter()
                       .Name("judkins_store_checkpoints_total")
                       .Help("Checkpoints of the store's write-ahead log by kind: bulk_copy, catch_up, restart, "
                             "overlapped (found another running), failed")
                       .Register(*registry_)),
      wal_pages_(prometheus::BuildGauge()
                     .Name("judkins_store_wal_pages")
                     .Help("The store's write-ahead log's length in pages at the last commit")
                     .Register(*registry_)
                     .Add({})),
      crashes_(prometheus::BuildCounter()
                   .Name("judkins_engine_crashes_total")
                   .Help("Counted games lost by an engine crash, by test and worker")
                   .Register(*registry_)),
      time_losses_(prometheus::BuildCounter()
                       .Name("judkins_time_losses_total")
                       .Help("Counted games lost on time, by test and worker")
                       .Register(*registry_)),
      pairs_handed_back_(prometheus::BuildCounter()
                             .Name("judkins_pairs_handed_back_total")
                             .Help("Pairs workers returned unplayed (stopping), to be leased again")
                             .Register(*registry_)
                             .Add({})),
      lease_age_(prometheus::BuildHistogram()
                     .Name("judkins_batch_lease_age_seconds")
                     .Help("Age of a batch's lease when its report arrived")
                     .Register(*registry_)
                     .Add({}, kLeaseAgeBuckets)),
      test_games_(prometheus::BuildGauge()
                      .Name("judkins_test_games")
                      .Help("Games counted in a test (from the store: survives restarts), labelled with its variant")
                      .Register(*registry_)),
      test_llr_(prometheus::BuildGauge()
                    .Name("judkins_test_llr")
                    .Help("An SPRT's log-likelihood ratio; bound=\"value\", \"lower\" or \"upper\"")
                    .Register(*registry_)),
      test_elo_(prometheus::BuildGauge()
                    .Name("judkins_test_elo")
                    .Help("A test's logistic Elo; bound=\"value\", or the 95% interval's \"lower\" and \"upper\"")
                    .Register(*registry_)),
      test_pairs_(prometheus::BuildGauge()
                      .Name("judkins_test_pairs")
                      .Help("A test's pairs by stage: in_flight (leased) or waiting (not yet leased)")
                      .Register(*registry_)),
      hand_backs_(prometheus::BuildCounter()
                      .Name("judkins_batches_unplayable_total")
                      .Help("Batches a worker handed back without playing, by reason: book, artifact, settings, "
                            "match, unspecified")
                      .Register(*registry_)),
      test_unplayable_(prometheus::BuildGauge()
                           .Name("judkins_test_unplayable")
                           .Help("1 while a test is flagged as one no worker can play (its batches handed back "
                                 "unplayed, several in a row)")
                           .Register(*registry_)) {}

void CoordinatorMetrics::CountReport(uint64_t worker_id, const Store::ReportResult& result) {
  lease_age_.Observe(absl::ToDoubleSeconds(result.lease_age));
  if (result.pairs_handed_back > 0) {
    CountBatches("handed_back");
    pairs_handed_back_.Increment(double(result.pairs_handed_back));
  }
  if (result.hand_back) hand_backs_.Add({{"reason", HandBackReasonText(*result.hand_back)}}).Increment();
  if (!result.counted) return;
  CountBatches("reported");
  const std::string test = std::to_string(result.test_id), worker = std::to_string(worker_id);
  const v1::WinDrawLoss& wdl = result.counted_games;
  games_.Add({{"test", test}, {"result", "win"}}).Increment(double(wdl.wins()));
  games_.Add({{"test", test}, {"result", "draw"}}).Increment(double(wdl.draws()));
  games_.Add({{"test", test}, {"result", "loss"}}).Increment(double(wdl.losses()));
  pairs_.Add({{"test", test}}).Increment(double(PairCount(result.counted_pairs)));
  crashes_.Add({{"test", test}, {"worker", worker}}).Increment(double(result.crashes));
  time_losses_.Add({{"test", test}, {"worker", worker}}).Increment(double(result.time_losses));
}

void CoordinatorMetrics::SetTestProgress(const v1::Test& test) {
  const std::string id = std::to_string(test.id());
  const v1::StatsReport& stats = test.stats();
  // The variant, so that dashboards choose and sum tests by the game they play.
  const std::string variant(VariantName(VariantOfSpec(test.spec()).value_or(Variant::kJudkins)));
  test_games_.Add({{"test", id}, {"variant", variant}}).Set(double(stats.games()));
  test_elo_.Add({{"test", id}, {"bound", "value"}}).Set(stats.elo());
  test_elo_.Add({{"test", id}, {"bound", "lower"}}).Set(stats.elo_ci_lower());
  test_elo_.Add({{"test", id}, {"bound", "upper"}}).Set(stats.elo_ci_upper());
  if (stats.has_sprt()) {
    test_llr_.Add({{"test", id}, {"bound", "value"}}).Set(stats.llr());
    test_llr_.Add({{"test", id}, {"bound", "lower"}}).Set(stats.lower_bound());
    test_llr_.Add({{"test", id}, {"bound", "upper"}}).Set(stats.upper_bound());
  }
  test_pairs_.Add({{"test", id}, {"stage", "in_flight"}}).Set(double(test.pairs_in_flight()));
  test_pairs_.Add({{"test", id}, {"stage", "waiting"}}).Set(double(test.pairs_waiting()));
  test_unplayable_.Add({{"test", id}}).Set(test.unplayable_because().empty() ? 0 : 1);
}

void CoordinatorMetrics::SetTestsByState(const std::map<v1::TestState, int>& counts) {
  for (v1::TestState state : {v1::TEST_STATE_AWAITING_APPROVAL, v1::TEST_STATE_PENDING, v1::TEST_STATE_RUNNING,
                              v1::TEST_STATE_FINISHED, v1::TEST_STATE_STOPPED}) {
    const auto it = counts.find(state);
    tests_.Add({{"state", TestStateText(state)}}).Set(it == counts.end() ? 0 : it->second);
  }
}

void CoordinatorMetrics::SetWorkersConnected(int workers, int cores) {
  workers_.Set(workers);
  cores_.Set(cores);
}

void CoordinatorMetrics::SetTune(const v1::Tune& tune) {
  const std::string test = std::to_string(tune.test().id());
  for (const v1::TunedParameter& parameter : tune.parameters())
    theta_.Add({{"test", test}, {"parameter", parameter.spec().name()}}).Set(parameter.value());
  tune_pairs_.Add({{"test", test}}).Set(double(tune.iterations()));
}

void CoordinatorMetrics::SetWorkerResults(const v1::Test& test) {
  const std::string test_id = std::to_string(test.id());
  absl::MutexLock lock(&worker_gauges_mutex_);
  for (const v1::WorkerResult& worker : test.workers()) {
    WorkerGauges& gauges = worker_gauges_[{test.id(), worker.worker_id()}];
    const auto labels = [&] {
      return prometheus::Labels{{"test", test_id}, {"worker", std::to_string(worker.worker_id())}};
    };
    if (!gauges.outlier) {
      gauges.outlier = &outliers_.Add(labels());
      gauges.excluded = &excluded_.Add(labels());
    }
    if (worker.has_residual()) {
      if (!gauges.residual) gauges.residual = &residuals_.Add(labels());
      gauges.residual->Set(worker.residual());
    }
    gauges.outlier->Set(worker.outlier() ? 1 : 0);
    gauges.excluded->Set(worker.excluded_because().empty() ? 0 : 1);
  }
}

void CoordinatorMetrics::CountBatches(const std::string& event, int count) {
  batches_.Add({{"event", event}}).Increment(count);
}

void CoordinatorMetrics::ObserveRpc(const std::string& method, absl::Duration latency) {
  rpc_latency_.Add({{"method", method}}, kLatencyBuckets).Observe(absl::ToDoubleSeconds(latency));
}

void CoordinatorMetrics::ObserveCommit(absl::Duration latency) {
  commit_latency_.Observe(absl::ToDoubleSeconds(latency));
}

uint64_t CoordinatorMetrics::SetCheckpoints(const WalCheckpointer::Tally& tally) {
  // The tally only grows: each counter is moved up to it, by what it lacks.
  auto move_up = [this](const char* kind, uint64_t total) {
    prometheus::Counter& counter = checkpoints_.Add({{"kind", kind}});
    const uint64_t behind = total - std::min(total, uint64_t(counter.Value()));
    if (behind > 0) counter.Increment(double(behind));
    return behind;
  };
  move_up("bulk_copy", tally.bulk_copies);
  move_up("catch_up", tally.catch_ups);
  move_up("restart", tally.restarts);
  move_up("overlapped", tally.overlapped);
  wal_pages_.Set(double(tally.log_pages));
  return move_up("failed", tally.failures);
}

}  // namespace judkins
