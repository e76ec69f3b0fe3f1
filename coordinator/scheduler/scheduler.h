// Which test a worker plays next, and how much of it: the highest priority
// first; among equals the test with the least work in flight for its share;
// batches sized to take about a target time on that worker.
#ifndef JUDKINS_COORDINATOR_SCHEDULER_SCHEDULER_H_
#define JUDKINS_COORDINATOR_SCHEDULER_SCHEDULER_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "coordinator/scheduler/in_flight_sums.h"
#include "coordinator/store/store.h"

namespace judkins {

struct SchedulerOptions {
  absl::Duration target_batch_time = absl::Minutes(2);
  absl::Duration lease = absl::Seconds(60);  // renewed by heartbeats
  int max_pairs_per_batch = 64;
};

// The test to serve next among the active ones, or nothing.
std::optional<ActiveTest> PickTest(const std::vector<ActiveTest>& tests);

// Game pairs a worker of this concurrency and speed plays in about `target`
// (for a tune, at most one pair per game slot).
int PairsForTarget(const v1::TestSpec& spec, const v1::WorkerCapabilities& worker, absl::Duration target,
                   int max_pairs);

class Scheduler {
 public:
  Scheduler(Store& store, SchedulerOptions options) : store_(store), options_(options) {}
  // A batch for the worker, or nothing when no test has work, given to
  // `done` once its lease is committed (on the store's committer thread).
  // `held`: every batch the worker holds, when it says (Store::LeaseFirstAsync).
  void RequestWork(uint64_t worker_id, const v1::WorkerCapabilities& worker, std::optional<std::vector<uint64_t>> held,
                   absl::Time now, Store::LeaseDone done);
  const SchedulerOptions& options() const { return options_; }

 private:
  // The active tests, their pairs in flight as of now (InFlightSums).
  absl::StatusOr<std::vector<ActiveTest>> ActiveTests(absl::Time now);

  Store& store_;
  SchedulerOptions options_;
  InFlightSums in_flight_;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SCHEDULER_SCHEDULER_H_
