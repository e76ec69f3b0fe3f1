#include "coordinator/scheduler/scheduler.h"

#include <algorithm>
#include <cmath>

#include "proto/convert/time_control.h"

namespace judkins {
namespace {

// A rough length of one game, for sizing batches. A game lasts about 80 plies.
absl::Duration ExpectedGameTime(const v1::TestSpec& spec, double nodes_per_second) {
  constexpr double kPlies = 80;
  constexpr double kMinNodesPerSecond = 1e4;              // a worker that has not measured its speed
  constexpr absl::Duration kUnknown = absl::Seconds(10);  // depth limits: no way to tell
  absl::StatusOr<TimeControl> tc = TimeControlOf(spec.time_control());
  if (!tc.ok()) return kUnknown;  // validated at creation; an old row that is not still gets batches
  switch (tc->kind) {
    case TimeControl::Kind::kFischer:
      return 2 * tc->base + kPlies * tc->increment;
    case TimeControl::Kind::kByoyomi:
      return 2 * tc->base + kPlies * tc->byoyomi;
    case TimeControl::Kind::kMovetime:
      return kPlies * tc->movetime;
    case TimeControl::Kind::kNodes:
      return absl::Seconds(kPlies * double(tc->nodes) / std::max(nodes_per_second, kMinNodesPerSecond));
    case TimeControl::Kind::kDepth:
      break;
  }
  return kUnknown;
}

}  // namespace

std::optional<ActiveTest> PickTest(const std::vector<ActiveTest>& tests) {
  std::optional<ActiveTest> best;
  for (const ActiveTest& test : tests) {
    if (!best || test.priority > best->priority) {
      best = test;
      continue;
    }
    if (test.priority < best->priority) continue;
    // Least work in flight relative to the test's share (cross-multiplied).
    const double load = double(test.pairs_in_flight) * best->throughput;
    const double best_load = double(best->pairs_in_flight) * test.throughput;
    if (load < best_load || (load == best_load && test.id < best->id)) best = test;
  }
  return best;
}

int PairsForTarget(const v1::TestSpec& spec, const v1::WorkerCapabilities& worker, absl::Duration target,
                   int max_pairs) {
  const double game_seconds = absl::ToDoubleSeconds(ExpectedGameTime(spec, worker.speed()));
  const double games =
      std::max(1u, worker.concurrency()) * absl::ToDoubleSeconds(target) / std::max(game_seconds, 1e-3);
  const int pairs = std::clamp(int(games / 2), 1, max_pairs);
  // A tune's batch shares one perturbation, and theta moves only when it is
  // counted: keep them small (one pair per game slot, as fishtest does).
  if (spec.has_spsa())
    return std::min<int>(
        pairs, spec.spsa().pairs_per_batch() ? spec.spsa().pairs_per_batch() : std::max(1u, worker.concurrency()));
  return pairs;
}

absl::StatusOr<std::vector<ActiveTest>> Scheduler::ActiveTests(absl::Time now) {
  const bool read_sums = in_flight_.ClaimRead(now);
  absl::StatusOr<std::vector<ActiveTest>> tests = store_.ActiveTests(/*count_in_flight=*/read_sums);
  if (!tests.ok()) return tests.status();
  if (read_sums) in_flight_.Replace(*tests);
  in_flight_.Fill(*tests);
  return tests;
}

void Scheduler::RequestWork(uint64_t worker_id, const v1::WorkerCapabilities& worker,
                            std::optional<std::vector<uint64_t>> held, absl::Time now, Store::LeaseDone done) {
  absl::StatusOr<std::vector<ActiveTest>> tests = ActiveTests(now);
  if (!tests.ok()) return done(tests.status());
  // In the order they should be served; a test may turn out to have no work
  // left (all its pairs leased), and then the next one is tried.
  std::vector<Store::LeaseCandidate> candidates;
  while (std::optional<ActiveTest> pick = PickTest(*tests)) {
    candidates.push_back(
        {pick->id, PairsForTarget(pick->spec, worker, options_.target_batch_time, options_.max_pairs_per_batch)});
    std::erase_if(*tests, [&](const ActiveTest& t) { return t.id == pick->id; });
  }
  // The pairs leased count in flight until the sums are read again.
  store_.LeaseFirstAsync(std::move(candidates), worker_id, std::move(held), now, now + options_.lease,
                         [this, done = std::move(done)](absl::StatusOr<std::optional<v1::Batch>> batch) mutable {
                           if (batch.ok() && batch->has_value())
                             in_flight_.Add((*batch)->test_id(), uint64_t((*batch)->pairs_size()));
                           done(std::move(batch));
                         });
}

}  // namespace judkins
