// Simulated workers for the coordinator benchmarks: each loops RequestWork
// then ReportBatch (every game a draw) on gRPC's callback API, so a thousand
// of them cost a few threads, not a thousand. Drive runs them for a while and
// returns acknowledged reports per second with the latencies.
#ifndef JUDKINS_BENCH_SIMULATED_WORKERS_H_
#define JUDKINS_BENCH_SIMULATED_WORKERS_H_

#include <grpcpp/create_channel.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "common/channel.h"
#include "judkins/v1/coordinator.grpc.pb.h"
#include "proto/contract.h"

namespace judkins {

inline constexpr char kWorkerToken[] = "load-worker-token-00000001";
inline constexpr char kAdminToken[] = "load-admin-token-000000001";

inline std::unique_ptr<grpc::ClientContext> As(const char* token) { return BearerContext(token, absl::Seconds(30)); }

// What a simulated worker reports: every game of the batch a draw.
inline v1::BatchReport AllDraws(const v1::Batch& batch, uint64_t worker) {
  v1::BatchReport report;
  report.set_worker_id(worker);
  report.set_batch_id(batch.id());
  for (const v1::PairAssignment& pair : batch.pairs())
    for (uint32_t game = 0; game < 2; ++game) {
      v1::GameOutcome& outcome = *report.add_games();
      outcome.set_pair_index(pair.pair_index());
      outcome.set_game_in_pair(game);
      outcome.set_result(v1::GAME_RESULT_DRAW);
      outcome.set_termination(v1::TERMINATION_REPETITION);
    }
  return report;
}

struct Tally {
  absl::Mutex mutex;
  std::vector<double> latencies ABSL_GUARDED_BY(mutex);  // seconds, of every acknowledged report
};

// One simulated worker: RequestWork, then ReportBatch of that batch, again
// and again until `running` clears; every step is a callback.
class SimulatedWorker {
 public:
  SimulatedWorker(v1::WorkerService::Stub& stub, const v1::RegisterResponse& registered,
                  const std::atomic<bool>& running, Tally& tally)
      : stub_(stub), secret_(registered.worker_secret()), running_(running), tally_(tally) {
    request_.set_worker_id(registered.worker_id());
  }
  void Start() { RequestWork(); }
  bool Done() const { return done_; }

 private:
  void RequestWork() {
    if (!running_) {
      done_ = true;
      return;
    }
    context_ = AsWorker();
    work_.Clear();
    stub_.async()->RequestWork(context_.get(), &request_, &work_, [this](grpc::Status status) {
      if (!status.ok() || !work_.has_batch()) return RequestWork();
      report_ = AllDraws(work_.batch(), request_.worker_id());
      Report();
    });
  }
  void Report() {
    context_ = AsWorker();
    const absl::Time sent = absl::Now();
    stub_.async()->ReportBatch(context_.get(), &report_, &ack_, [this, sent](grpc::Status status) {
      if (status.ok() && running_) {
        const double seconds = absl::ToDoubleSeconds(absl::Now() - sent);
        absl::MutexLock lock(&tally_.mutex);
        tally_.latencies.push_back(seconds);
      }
      RequestWork();
    });
  }
  std::unique_ptr<grpc::ClientContext> AsWorker() const {
    auto context = As(kWorkerToken);
    context->AddMetadata(contract::kWorkerSecretMetadata, secret_);
    return context;
  }

  v1::WorkerService::Stub& stub_;
  const std::string secret_;
  const std::atomic<bool>& running_;
  Tally& tally_;
  std::unique_ptr<grpc::ClientContext> context_;
  v1::WorkRequest request_;
  v1::WorkResponse work_;
  v1::BatchReport report_;
  v1::ReportAck ack_;
  std::atomic<bool> done_{false};
};

struct Figures {
  double reports_per_second, p50, p99;
};

// Stubs on a few connections to target, as a few hosts of workers would have.
inline std::vector<std::unique_ptr<v1::WorkerService::Stub>> WorkerStubs(const std::string& target) {
  constexpr int kConnections = 8;
  std::vector<std::unique_ptr<v1::WorkerService::Stub>> stubs;
  for (int c = 0; c < kConnections; ++c) {
    grpc::ChannelArguments arguments;
    arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    arguments.SetInt("judkins.bench.connection", c);  // distinct arguments: distinct connections
    stubs.push_back(
        v1::WorkerService::NewStub(grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), arguments)));
  }
  return stubs;
}

// Latencies in milliseconds at percentile p (0..1) of `seconds`, which it sorts.
inline double PercentileMs(std::vector<double>& seconds, double p) {
  std::sort(seconds.begin(), seconds.end());
  return seconds.empty() ? 0.0 : 1e3 * seconds[size_t(p * double(seconds.size() - 1))];
}

// `workers` simulated workers reporting to target while it lives; the peer
// numbers them 1..workers and ignores their secrets.
class ReportStream {
 public:
  ReportStream(const std::string& target, int workers,
               const std::function<v1::RegisterResponse(v1::WorkerService::Stub&)>& register_worker)
      : stubs_(WorkerStubs(target)) {
    for (int w = 0; w < workers; ++w) {
      v1::WorkerService::Stub& stub = *stubs_[w % stubs_.size()];
      simulated_.push_back(std::make_unique<SimulatedWorker>(stub, register_worker(stub), running_, tally_));
    }
    for (auto& worker : simulated_) worker->Start();
  }
  ~ReportStream() {
    running_ = false;
    for (auto& worker : simulated_)
      while (!worker->Done()) absl::SleepFor(absl::Milliseconds(1));
  }
  ReportStream(const ReportStream&) = delete;
  ReportStream& operator=(const ReportStream&) = delete;

  // The latencies (seconds) of the reports acknowledged since the last call.
  std::vector<double> TakeLatencies() {
    absl::MutexLock lock(&tally_.mutex);
    return std::exchange(tally_.latencies, {});
  }

 private:
  std::vector<std::unique_ptr<v1::WorkerService::Stub>> stubs_;
  std::atomic<bool> running_{true};
  Tally tally_;
  std::vector<std::unique_ptr<SimulatedWorker>> simulated_;
};

// Drives `workers` simulated workers against target for `duration`.
inline Figures Drive(const std::string& target, int workers, absl::Duration duration,
                     const std::function<v1::RegisterResponse(v1::WorkerService::Stub&)>& register_worker) {
  std::vector<double> latencies;
  {
    ReportStream reports(target, workers, register_worker);
    absl::SleepFor(duration);
    latencies = reports.TakeLatencies();
  }
  return {double(latencies.size()) / absl::ToDoubleSeconds(duration), PercentileMs(latencies, 0.5),
          PercentileMs(latencies, 0.99)};
}

// Registers one simulated worker with the coordinator behind `stub`.
inline v1::RegisterResponse RegisterSimulated(v1::WorkerService::Stub& stub) {
  v1::RegisterRequest registration;
  registration.mutable_capabilities()->set_name("sim");
  registration.mutable_capabilities()->set_concurrency(1);
  registration.mutable_capabilities()->set_speed(1e6);
  v1::RegisterResponse registered;
  if (!stub.Register(As(kWorkerToken).get(), registration, &registered).ok()) std::exit(1);
  return registered;
}

}  // namespace judkins

#endif  // JUDKINS_BENCH_SIMULATED_WORKERS_H_
