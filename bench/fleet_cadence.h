// A fleet of simulated workers at fishtest's cadence, for
// `coordinator_load --realistic`: each registers, asks for work, "plays" its
// batch for about a minute while renewing its lease every heartbeat
// interval, reports it, and asks again. Every call is a gRPC callback and
// every wait an entry in one timer queue, so fifty thousand workers cost a
// few threads. Counts every call's latency by method, every failure, and the
// pairs of every acknowledged report, so that nothing lost goes unseen.
// The fleet joins all at once ("Register, joining": a flood of
// registrations_in_flight at a time, whose latency is that many over the
// server's throughput); then, as fishtest's workers do when they update,
// each restarts now and then and registers anew ("Register").
#ifndef JUDKINS_BENCH_FLEET_CADENCE_H_
#define JUDKINS_BENCH_FLEET_CADENCE_H_

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <string>
#include <thread>
#include <vector>

#include "absl/random/random.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "bench/simulated_workers.h"

namespace judkins {

struct Cadence {
  absl::Duration batch = absl::Seconds(60);      // how long a batch "plays", give or take 10%
  absl::Duration heartbeat = absl::Seconds(60);  // lease renewals while it plays
  int registrations_in_flight = 256;             // how fast the fleet joins
  int batches_between_restarts = 30;             // a worker restarts about every half hour
};

// Latencies (seconds) and failures of one method.
struct MethodTally {
  std::vector<double> latencies;
  uint64_t failures = 0;
  std::string first_failure;
};

class Fleet {
 public:
  Fleet(std::vector<std::unique_ptr<v1::WorkerService::Stub>> stubs, Cadence cadence)
      : stubs_(std::move(stubs)), cadence_(cadence) {}
  ~Fleet() { Stop(); }

  // Step 1. Registers `workers` workers, many at once; returns once all are in.
  void Join(int workers) {
    workers_.resize(workers);
    std::atomic<int> next{0}, registered{0};
    std::mutex mutex;
    std::condition_variable all_in;
    std::function<void()> register_next = [&] {
      const int w = next++;
      if (w >= workers) return;
      Worker& worker = workers_[w];
      worker.stub = stubs_[w % stubs_.size()].get();
      auto call = std::make_shared<Call<v1::RegisterRequest, v1::RegisterResponse>>();
      call->request = Registration();
      call->context = As(kWorkerToken);
      const absl::Time sent = absl::Now();
      worker.stub->async()->Register(call->context.get(), &call->request, &call->response,
                                     [&, call, w, sent](grpc::Status status) {
                                       Count("Register, joining", sent, status);
                                       TakeIdentity(w, call->response);  // a failure is counted; the run fails on it
                                       register_next();
                                       std::lock_guard<std::mutex> lock(mutex);
                                       if (++registered == workers) all_in.notify_one();
                                     });
    };
    for (int i = 0; i < cadence_.registrations_in_flight; ++i) register_next();
    std::unique_lock<std::mutex> lock(mutex);
    all_in.wait(lock, [&] { return registered == workers; });
  }

  // Step 2. Every worker at work, first asks spread over one batch time so
  // that the fleet starts in its steady state; measures from `measure_from`.
  void Start(absl::Time measure_from) {
    measure_from_ = measure_from;
    timer_ = std::thread([this] { TimerLoop(); });
    absl::BitGen random;
    for (size_t w = 0; w < workers_.size(); ++w)
      At(absl::Now() + cadence_.batch * absl::Uniform(random, 0.0, 1.0), [this, w] { RequestWork(w); });
  }

  // Step 3. No new calls; waits for those in flight.
  void Stop() {
    if (!timer_.joinable()) return;
    running_ = false;
    {
      std::lock_guard<std::mutex> lock(timer_mutex_);
      timer_wake_.notify_one();
    }
    timer_.join();
    while (in_flight_ > 0) absl::SleepFor(absl::Milliseconds(10));
  }

  std::map<std::string, MethodTally> Tallies() {
    absl::MutexLock lock(&tally_mutex_);
    return tallies_;
  }
  uint64_t acknowledged_pairs() const { return acknowledged_pairs_; }

 private:
  struct Worker {
    v1::WorkerService::Stub* stub = nullptr;
    uint64_t id = 0;
    std::string secret;
    v1::Batch batch;
    int batches_reported = 0;
  };
  template <typename Request, typename Response>
  struct Call {
    std::unique_ptr<grpc::ClientContext> context;
    Request request;
    Response response;
  };

  // What every simulated worker registers as: one game at a time.
  static v1::RegisterRequest Registration() {
    v1::RegisterRequest request;
    request.mutable_capabilities()->set_name("fleet");
    request.mutable_capabilities()->set_concurrency(1);
    request.mutable_capabilities()->set_speed(1e6);
    return request;
  }

  std::unique_ptr<grpc::ClientContext> AsWorker(const Worker& worker) const {
    auto context = As(kWorkerToken);
    context->AddMetadata(contract::kWorkerSecretMetadata, worker.secret);
    return context;
  }

  void RequestWork(size_t w) {
    if (!running_) return;
    Worker& worker = workers_[w];
    auto call = std::make_shared<Call<v1::WorkRequest, v1::WorkResponse>>();
    call->request.set_worker_id(worker.id);
    call->context = AsWorker(worker);
    const absl::Time sent = absl::Now();
    ++in_flight_;
    worker.stub->async()->RequestWork(
        call->context.get(), &call->request, &call->response, [this, call, w, sent](grpc::Status status) {
          Count("RequestWork", sent, status);
          if (status.ok() && call->response.has_batch()) {
            workers_[w].batch = call->response.batch();
            Play(w, absl::Now());
          } else {
            At(absl::Now() + absl::Seconds(std::max(1u, call->response.retry_after_seconds())),
               [this, w] { RequestWork(w); });
          }
          --in_flight_;
        });
  }

  // The batch "plays" for about cadence_.batch, renewing its lease.
  void Play(size_t w, absl::Time started) {
    absl::BitGen random;
    const absl::Time done = started + cadence_.batch * absl::Uniform(random, 0.9, 1.1);
    for (absl::Time beat = started + cadence_.heartbeat; beat < done; beat += cadence_.heartbeat)
      At(beat, [this, w] { Heartbeat(w); });
    At(done, [this, w] { Report(w); });
  }

  void Heartbeat(size_t w) {
    if (!running_) return;
    Worker& worker = workers_[w];
    auto call = std::make_shared<Call<v1::HeartbeatRequest, v1::HeartbeatResponse>>();
    call->request.set_worker_id(worker.id);
    call->request.add_batch_ids(worker.batch.id());
    call->context = AsWorker(worker);
    const absl::Time sent = absl::Now();
    ++in_flight_;
    worker.stub->async()->Heartbeat(call->context.get(), &call->request, &call->response,
                                    [this, call, sent](grpc::Status status) {
                                      Count("Heartbeat", sent, status);
                                      --in_flight_;
                                    });
  }

  void Report(size_t w) {
    if (!running_) return;
    Worker& worker = workers_[w];
    auto call = std::make_shared<Call<v1::BatchReport, v1::ReportAck>>();
    call->request = AllDraws(worker.batch, worker.id);
    call->context = AsWorker(worker);
    const absl::Time sent = absl::Now();
    ++in_flight_;
    worker.stub->async()->ReportBatch(call->context.get(), &call->request, &call->response,
                                      [this, call, w, sent](grpc::Status status) {
                                        Count("ReportBatch", sent, status);
                                        if (status.ok() && call->response.counted())
                                          acknowledged_pairs_ += uint64_t(call->request.games_size()) / 2;
                                        // Workers restart in turn, not all after the same batch.
                                        const int reported = ++workers_[w].batches_reported;
                                        if ((reported + int(w)) % cadence_.batches_between_restarts == 0)
                                          Restart(w);
                                        else
                                          RequestWork(w);
                                        --in_flight_;
                                      });
  }

  // A restarted worker registers anew, then asks for work.
  void Restart(size_t w) {
    if (!running_) return;
    Worker& worker = workers_[w];
    auto call = std::make_shared<Call<v1::RegisterRequest, v1::RegisterResponse>>();
    call->request = Registration();
    call->context = As(kWorkerToken);
    const absl::Time sent = absl::Now();
    ++in_flight_;
    worker.stub->async()->Register(call->context.get(), &call->request, &call->response,
                                   [this, call, w, sent](grpc::Status status) {
                                     Count("Register", sent, status);
                                     if (status.ok()) TakeIdentity(w, call->response);  // else the old one goes on
                                     RequestWork(w);
                                     --in_flight_;
                                   });
  }

  void TakeIdentity(size_t w, const v1::RegisterResponse& response) {
    workers_[w].id = response.worker_id();
    workers_[w].secret = response.worker_secret();
  }

  void Count(const char* method, absl::Time sent, const grpc::Status& status) {
    const absl::Time now = absl::Now();
    absl::MutexLock lock(&tally_mutex_);
    MethodTally& tally = tallies_[method];
    if (!status.ok()) {
      if (tally.failures++ == 0) tally.first_failure = status.error_message();
    } else if (sent >= measure_from_) {
      tally.latencies.push_back(absl::ToDoubleSeconds(now - sent));
    }
  }

  // One timer queue for every wait of every worker.
  void At(absl::Time when, std::function<void()> action) {
    std::lock_guard<std::mutex> lock(timer_mutex_);
    timers_.push({when, sequence_++, std::move(action)});
    timer_wake_.notify_one();
  }
  void TimerLoop() {
    std::unique_lock<std::mutex> lock(timer_mutex_);
    while (running_) {
      if (timers_.empty()) {
        timer_wake_.wait(lock);
        continue;
      }
      const absl::Time next = timers_.top().when;
      if (absl::Now() < next) {
        timer_wake_.wait_until(lock, absl::ToChronoTime(next));
        continue;
      }
      std::function<void()> action = timers_.top().action;
      timers_.pop();
      lock.unlock();
      action();
      lock.lock();
    }
  }
  struct Timer {
    absl::Time when;
    uint64_t sequence;
    std::function<void()> action;
    bool operator>(const Timer& other) const {
      return when != other.when ? when > other.when : sequence > other.sequence;
    }
  };

  std::vector<std::unique_ptr<v1::WorkerService::Stub>> stubs_;
  const Cadence cadence_;
  std::vector<Worker> workers_;
  std::atomic<bool> running_{true};
  std::atomic<int> in_flight_{0};
  std::atomic<uint64_t> acknowledged_pairs_{0};
  absl::Time measure_from_;
  std::mutex timer_mutex_;
  std::condition_variable timer_wake_;
  std::priority_queue<Timer, std::vector<Timer>, std::greater<>> timers_;
  uint64_t sequence_ = 0;
  std::thread timer_;
  absl::Mutex tally_mutex_;
  std::map<std::string, MethodTally> tallies_ ABSL_GUARDED_BY(tally_mutex_);
};

}  // namespace judkins

#endif  // JUDKINS_BENCH_FLEET_CADENCE_H_
