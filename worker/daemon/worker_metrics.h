// The worker's Prometheus metrics.
#ifndef JUDKINS_WORKER_DAEMON_WORKER_METRICS_H_
#define JUDKINS_WORKER_DAEMON_WORKER_METRICS_H_

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <memory>

#include "absl/time/time.h"
#include "common/process_metrics.h"
#include "judkins/v1/match.pb.h"

namespace judkins {

class WorkerMetrics {
 public:
  WorkerMetrics();
  std::shared_ptr<prometheus::Registry> registry() const { return registry_; }
  std::shared_ptr<ProcessMetrics> process() const { return process_; }
  // Games by result and termination, engine crashes, time forfeits, game
  // lengths, and the engines' nodes and thinking time by test.
  void CountGames(uint64_t test_id, const v1::MatchResults& results);
  // A report the coordinator acknowledged, now.
  void MarkReportDelivered();
  void ObserveBatch(absl::Duration duration);
  void SetSpoolDepth(int reports);
  void CountUnreadableReport();
  void CountSpoolWriteFailure();
  void SetSpeed(double nodes_per_second);

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  std::shared_ptr<ProcessMetrics> process_ = std::make_shared<ProcessMetrics>("judkins-worker");
  prometheus::Family<prometheus::Counter>& games_;
  prometheus::Counter& crashes_;
  prometheus::Counter& time_forfeits_;
  prometheus::Histogram& batch_seconds_;
  prometheus::Gauge& spool_depth_;
  prometheus::Counter& spool_unreadable_;
  prometheus::Counter& spool_write_failures_;
  prometheus::Gauge& speed_;
  prometheus::Histogram& game_plies_;
  prometheus::Family<prometheus::Counter>& engine_nodes_;
  prometheus::Family<prometheus::Counter>& engine_seconds_;
  prometheus::Gauge& last_report_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_WORKER_METRICS_H_
