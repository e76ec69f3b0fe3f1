// The match runner's own cost: two judkins-engine instances play at depth 1
// with concurrency 2, and the runner's CPU time is compared with the CPU time
// of the engines it ran (its children), measured in the same run, and with the
// machine's floor for one move (bench/round_trip_floor.h).
//
//   build/bench/match_overhead [pairs] [path/to/judkins-engine]
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/round_trip_floor.h"
#include "worker/match/match_runner.h"

namespace judkins {
namespace {

struct Cpu {
  double user = 0, system = 0;
  double total() const { return user + system; }
  Cpu operator-(const Cpu& other) const { return {user - other.user, system - other.system}; }
};

Cpu CpuSeconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return {double(usage.ru_utime.tv_sec) + double(usage.ru_utime.tv_usec) / 1e6,
          double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) / 1e6};
}

int Main(int pairs, const std::string& engine) {
  MatchSettings settings;
  settings.first = {"first", {engine}};
  settings.second = {"second", {engine}};
  settings.second.options = {{"Tempo", "0"}};  // not quite the same engine, so games differ
  settings.first_time_control = settings.second_time_control = *TimeControl::Depth("1");
  absl::StatusOr<OpeningBook> book = OpeningBook::Load(JUDKINS_BOOK_PATH);
  if (!book.ok()) {
    std::fprintf(stderr, "%s\n", std::string(book.status().message()).c_str());
    return 1;
  }
  settings.book = *std::move(book);
  settings.shuffle_openings = true;
  settings.pairs = pairs;
  settings.concurrency = 2;
  const Cpu runner_before = CpuSeconds(RUSAGE_SELF), engines_before = CpuSeconds(RUSAGE_CHILDREN);
  const absl::Time start = absl::Now();
  absl::StatusOr<v1::MatchResults> results = MatchRunner(settings).Run(nullptr);
  const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
  if (!results.ok()) {
    std::fprintf(stderr, "%s\n", std::string(results.status().message()).c_str());
    return 1;
  }
  const Cpu runner = CpuSeconds(RUSAGE_SELF) - runner_before, engines = CpuSeconds(RUSAGE_CHILDREN) - engines_before;
  uint64_t plies = 0;
  for (const v1::GameOutcome& game : results->games_played()) plies += game.plies();
  std::printf("games %lu, plies %lu, wall %.2f s: %.1f games/s, %.0f moves/s\n", results->games(), plies, seconds,
              results->games() / seconds, plies / seconds);
  std::printf("CPU: runner %.2f s (user %.2f, system %.2f), engines %.2f s (user %.2f, system %.2f)\n", runner.total(),
              runner.user, runner.system, engines.total(), engines.user, engines.system);
  std::printf("the runner uses %.1f%% of the CPU the engines use\n", 100 * runner.total() / engines.total());
  absl::StatusOr<double> floor = RoundTripFloor();
  if (!floor.ok()) {
    std::fprintf(stderr, "%s\n", std::string(floor.status().message()).c_str());
    return 1;
  }
  std::printf("the runner: %.1f us of CPU per move; the floor (a line to cat and back): %.1f us; %.2fx the floor\n",
              1e6 * runner.total() / double(plies), 1e6 * *floor, runner.total() / double(plies) / *floor);
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  return judkins::Main(argc > 1 ? std::atoi(argv[1]) : 200, argc > 2 ? argv[2] : JUDKINS_ENGINE_PATH);
}
