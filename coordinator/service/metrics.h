// The coordinator's Prometheus metrics, served on /metrics of their own port.
#ifndef JUDKINS_COORDINATOR_SERVICE_METRICS_H_
#define JUDKINS_COORDINATOR_SERVICE_METRICS_H_

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "common/process_metrics.h"
#include "coordinator/store/store.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

class CoordinatorMetrics {
 public:
  CoordinatorMetrics();
  std::shared_ptr<prometheus::Registry> registry() const { return registry_; }
  std::shared_ptr<ProcessMetrics> process() const { return process_; }

  // A recorded report: games by test and by result from the dev engine's
  // view, pairs, crashes and time losses by test and worker, pairs handed
  // back, batches a worker could not start by reason, the lease's age.
  void CountReport(uint64_t worker_id, const Store::ReportResult& result);
  // A test's progress: games, LLR and its bounds, Elo and its interval,
  // pairs in flight and waiting, and whether no worker can play it.
  void SetTestProgress(const v1::Test& test);
  void SetTestsByState(const std::map<v1::TestState, int>& counts);
  // Workers heard from within the lease time, and the games they play at once.
  void SetWorkersConnected(int workers, int cores);
  void SetTune(const v1::Tune& tune);  // theta by parameter, and iterations
  // A running test's workers: residual, outlier and excluded flags.
  void SetWorkerResults(const v1::Test& test);
  void CountBatches(const std::string& event, int count = 1);  // leased, expired, reissued, reported
  void ObserveRpc(const std::string& method, absl::Duration latency);
  void ObserveCommit(absl::Duration latency);
  // The store's checkpoints by kind (bulk_copy, catch_up, restart,
  // overlapped, failed) and its write-ahead log's length, from the
  // checkpointer's running tally. Returns the failures new since the last call.
  uint64_t SetCheckpoints(const WalCheckpointer::Tally& tally);

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  std::shared_ptr<ProcessMetrics> process_ = std::make_shared<ProcessMetrics>("judkins-coordinator");
  prometheus::Family<prometheus::Counter>& games_;
  prometheus::Family<prometheus::Counter>& pairs_;
  prometheus::Family<prometheus::Gauge>& tests_;
  prometheus::Family<prometheus::Gauge>& theta_;
  prometheus::Family<prometheus::Gauge>& tune_pairs_;
  prometheus::Family<prometheus::Gauge>& residuals_;
  prometheus::Family<prometheus::Gauge>& outliers_;
  prometheus::Family<prometheus::Gauge>& excluded_;
  prometheus::Gauge& workers_;
  prometheus::Gauge& cores_;
  prometheus::Family<prometheus::Counter>& batches_;
  prometheus::Family<prometheus::Histogram>& rpc_latency_;
  prometheus::Histogram& commit_latency_;
  prometheus::Family<prometheus::Counter>& checkpoints_;
  prometheus::Gauge& wal_pages_;
  prometheus::Family<prometheus::Counter>& crashes_;
  prometheus::Family<prometheus::Counter>& time_losses_;
  prometheus::Counter& pairs_handed_back_;
  prometheus::Histogram& lease_age_;
  prometheus::Family<prometheus::Gauge>& test_games_;
  prometheus::Family<prometheus::Gauge>& test_llr_;
  prometheus::Family<prometheus::Gauge>& test_elo_;
  prometheus::Family<prometheus::Gauge>& test_pairs_;
  prometheus::Family<prometheus::Counter>& hand_backs_;
  prometheus::Family<prometheus::Gauge>& test_unplayable_;

  // A worker's gauges in a test, found by label once: a fleet's test has tens
  // of thousands of workers, and finding each of their three gauges by its
  // labels at every refresh cost more than reading their results.
  struct WorkerGauges {
    prometheus::Gauge* residual = nullptr;  // once the worker has one
    prometheus::Gauge* outlier = nullptr;
    prometheus::Gauge* excluded = nullptr;
  };
  absl::Mutex worker_gauges_mutex_;
  absl::flat_hash_map<std::pair<uint64_t, uint64_t>, WorkerGauges> worker_gauges_
      ABSL_GUARDED_BY(worker_gauges_mutex_);  // by test and worker
};

// Times an RPC from construction to destruction.
class RpcTimer {
 public:
  RpcTimer(CoordinatorMetrics& metrics, std::string method)
      : metrics_(metrics), method_(std::move(method)), start_(absl::Now()) {}
  ~RpcTimer() { metrics_.ObserveRpc(method_, absl::Now() - start_); }

 private:
  CoordinatorMetrics& metrics_;
  std::string method_;
  absl::Time start_;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_METRICS_H_
