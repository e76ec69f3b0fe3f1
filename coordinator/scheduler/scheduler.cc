#include "coordinator/scheduler/scheduler.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace judkins {
namespace {

// A rough length of one game, for sizing batches. A game lasts about 80 plies.
absl::Duration ExpectedGameTime(const v1::TestSpec& spec, double nodes_per_second) {
  constexpr double kPlies = 80;
  const v1::TimeControlSpec& tc = spec.time_control();
  switch (tc.kind_case()) {
    case v1::TimeControlSpec::kFischer: {
      double base = 10, increment = 0.1;
      if (std::sscanf(tc.fischer().c_str(), "%lf+%lf", &base, &increment) != 2) break;
      return absl::Seconds(2 * base + kPlies * increment);
    }
    case v1::TimeControlSpec::kByoyomi: {
      double base = 0, byoyomi = 1;
      if (std::sscanf(tc.byoyomi().c_str(), "%lf+%lf", &base, &byoyomi) != 2) break;
      return absl::Seconds(2 * base + kPlies * byoyomi);
    }
    case v1::TimeControlSpec::kMovetime: return absl::Seconds(kPlies * tc.movetime());
    case v1::TimeControlSpec::kNodes:
      return absl::Seconds(kPlies * double(tc.nodes()) / std::max(nodes_per_second, 1e4));
    default: break;
  }
  return absl::Seconds(10);  // depth limits: no way to tell
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
  const double games = std::max(1u, worker.concurrency()) * absl::ToDoubleSeconds(target) / std::max(game_seconds, 1e-3);
  const int pairs = std::clamp(int(games / 2), 1, max_pairs);
  // A tune's batch shares one perturbation, and theta moves only when it is
  // counted: keep them small (one pair per game slot, as fishtest does).
  if (spec.has_spsa())
    return std::min<int>(pairs, spec.spsa().pairs_per_batch() ? spec.spsa().pairs_per_batch()
                                                              : std::max(1u, worker.concurrency()));
  return pairs;
}

void Scheduler::RequestWork(uint64_t worker_id, const v1::WorkerCapabilities& worker, absl::Time now,
                            Store::LeaseDone done) {
  absl::StatusOr<std::vector<ActiveTest>> tests = store_.ActiveTests();
  if (!tests.ok()) return done(tests.status());
  // In the order they should be served; a test may turn out to have no work
  // left (all its pairs leased), and then the next one is tried.
  std::vector<Store::LeaseCandidate> candidates;
  while (std::optional<ActiveTest> pick = PickTest(*tests)) {
    candidates.push_back(
        {pick->id, PairsForTarget(pick->spec, worker, options_.target_batch_time, options_.max_pairs_per_batch)});
    std::erase_if(*tests, [&](const ActiveTest& t) { return t.id == pick->id; });
  }
  store_.LeaseFirstAsync(std::move(candidates), worker_id, now, now + options_.lease, std::move(done));
}

}  // namespace judkins
