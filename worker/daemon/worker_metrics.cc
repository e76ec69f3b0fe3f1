#include "worker/daemon/worker_metrics.h"

#include "records/game_record_format.h"

namespace judkins {

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
                 .Add({})) {}

void WorkerMetrics::CountGames(const v1::MatchResults& results) {
  for (const v1::GameOutcome& game : results.games_played()) {
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

}  // namespace judkins
