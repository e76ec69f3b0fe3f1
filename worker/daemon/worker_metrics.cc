#include "worker/daemon/worker_metrics.h"

#include "records/game_record_format.h"

namespace judkins {
namespace {

// Games end by the 400-ply limit at the latest (GameRules::max_plies).
const std::vector<double> kPliesBuckets = {20, 40, 60, 80, 100, 120, 160, 200, 300, 400};

}  // namespace

WorkerMetrics::WorkerMetrics()
    : registry_(std::make_shared<prometheus::Registry>()),
      games_(prometheus::BuildCounter()
                 .Name("judkins_worker_games_total")
                 .Help("Games played, by result and termination")
                 .Register(*registry_)),
      crashes_(prometheus::BuildCounter()
                   .Name("judkins_worker_engine_crashes_total")
                   .Help("Games lost to an engine crash")
                   .Register(*registry_)
                   .Add({})),
      time_forfeits_(prometheus::BuildCounter()
                         .Name("judkins_worker_time_forfeits_total")
                         .Help("Games lost on time")
                         .Register(*registry_)
                         .Add({})),
      batch_seconds_(prometheus::BuildHistogram()
                         .Name("judkins_worker_batch_seconds")
                         .Help("Time to play a batch")
                         .Register(*registry_)
                         .Add({}, prometheus::Histogram::BucketBoundaries{1, 5, 15, 30, 60, 120, 300, 600, 1800})),
      spool_depth_(prometheus::BuildGauge()
                       .Name("judkins_worker_spool_reports")
                       .Help("Finished reports not yet acknowledged")
                       .Register(*registry_)
                       .Add({})),
      spool_unreadable_(prometheus::BuildCounter()
                            .Name("judkins_worker_spool_unreadable_reports_total")
                            .Help("Spooled reports that could not be read back and were set aside")
                            .Register(*registry_)
                            .Add({})),
      spool_write_failures_(prometheus::BuildCounter()
                                .Name("judkins_worker_spool_write_failures_total")
                                .Help("Reports that could not be written to the spool (sent from memory)")
                                .Register(*registry_)
                                .Add({})),
      speed_(prometheus::BuildGauge()
                 .Name("judkins_worker_bench_nps")
                 .Help("judkins-engine bench nodes per second on this worker")
                 .Register(*registry_)
                 .Add({})),
      game_plies_(prometheus::BuildHistogram()
                      .Name("judkins_worker_game_plies")
                      .Help("Length of the games played, in plies")
                      .Register(*registry_)
                      .Add({}, kPliesBuckets)),
      engine_nodes_(prometheus::BuildCounter()
                        .Name("judkins_worker_engine_nodes_total")
                        .Help("Nodes the engines reported searching, by test")
                        .Register(*registry_)),
      engine_seconds_(prometheus::BuildCounter()
                          .Name("judkins_worker_engine_think_seconds_total")
                          .Help("Time the engines spent thinking, by test (nodes/s: the two rates' ratio)")
                          .Register(*registry_)),
      last_report_(prometheus::BuildGauge()
                       .Name("judkins_worker_last_report_timestamp_seconds")
                       .Help("When the coordinator last acknowledged a report of this worker (Unix time)")
                       .Register(*registry_)
                       .Add({})) {}

void WorkerMetrics::CountGames(uint64_t test_id, const v1::MatchResults& results) {
  const std::string test = std::to_string(test_id);
  for (const v1::GameOutcome& game : results.games_played()) {
    game_plies_.Observe(double(game.plies()));
    engine_nodes_.Add({{"test", test}}).Increment(double(game.nodes()));
    engine_seconds_.Add({{"test", test}}).Increment(game.think_seconds());
    games_
        .Add({{"result", std::string(ResultToken(game.result()))},
              {"termination", std::string(TerminationToken(game.termination()))}})
        .Increment();
    if (game.termination() == v1::TERMINATION_CRASH) crashes_.Increment();
    if (game.termination() == v1::TERMINATION_TIME_FORFEIT) time_forfeits_.Increment();
  }
}

void WorkerMetrics::ObserveBatch(absl::Duration duration) { batch_seconds_.Observe(absl::ToDoubleSeconds(duration)); }
void WorkerMetrics::SetSpoolDepth(int reports) { spool_depth_.Set(reports); }
void WorkerMetrics::CountUnreadableReport() { spool_unreadable_.Increment(); }
void WorkerMetrics::CountSpoolWriteFailure() { spool_write_failures_.Increment(); }
void WorkerMetrics::SetSpeed(double nodes_per_second) { speed_.Set(nodes_per_second); }
void WorkerMetrics::MarkReportDelivered() { last_report_.Set(absl::ToDoubleSeconds(absl::Now() - absl::UnixEpoch())); }

}  // namespace judkins
