// The match runner's own cost: two judkins-engine instances play at depth 1
// with concurrency 2, once with the games wherever the kernel runs them and
// once with each pinned to a CPU (--affinity). The runner's CPU time is
// compared with the CPU time of the engines it ran (its children), measured
// in the same run, and with the machine's floor for one move
// (bench/round_trip_floor.h), and its speed with the engine-bound limit: the
// engines' CPU time spread over the cores. Last, the pinned run's games go
// through a bare relay (bench/bare_relay.h): the least any runner spends on
// them here.
//
//   build/bench/match_overhead [pairs] [path/to/judkins-engine]
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "bench/bare_relay.h"
#include "bench/round_trip_floor.h"
#include "bench/self_play_match.h"
#include "common/read_file.h"
#include "worker/match/match_runner.h"
#include "worker/match/slot_cpus.h"

namespace judkins {
namespace {

constexpr int kConcurrency = 2;

struct Cpu {
  double user = 0, system = 0;
  long waits = 0;  // voluntary context switches: each a wait for a line (or a lock)
  double total() const { return user + system; }
  Cpu operator-(const Cpu& other) const { return {user - other.user, system - other.system, waits - other.waits}; }
};

Cpu CpuSeconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return {double(usage.ru_utime.tv_sec) + double(usage.ru_utime.tv_usec) / 1e6,
          double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) / 1e6, usage.ru_nvcsw};
}

struct Played {
  Cpu runner, engines;
  double seconds = 0;
  uint64_t games = 0, plies = 0;
};

absl::StatusOr<Played> Play(const MatchSettings& settings) {
  const Cpu runner_before = CpuSeconds(RUSAGE_SELF), engines_before = CpuSeconds(RUSAGE_CHILDREN);
  const absl::Time start = absl::Now();
  absl::StatusOr<v1::MatchResults> results = MatchRunner(settings).Run(nullptr);
  Played played;
  played.seconds = absl::ToDoubleSeconds(absl::Now() - start);
  if (!results.ok()) return results.status();
  played.runner = CpuSeconds(RUSAGE_SELF) - runner_before;
  played.engines = CpuSeconds(RUSAGE_CHILDREN) - engines_before;
  played.games = results->games();
  for (const v1::GameOutcome& game : results->games_played()) played.plies += game.plies();
  return played;
}

void Print(const char* mode, const Played& played, int cores, double floor) {
  const double plies = double(played.plies);
  std::printf("%-10s %6.2f %8.1f %7.2f (%.2f+%.2f) %8.2f %9.2f%% %9.1f %7.2fx %7.2f %9.3f\n", mode, played.seconds,
              played.games / played.seconds, played.runner.total(), played.runner.user, played.runner.system,
              played.engines.total(), 100 * played.runner.total() / played.engines.total(),
              1e6 * played.runner.total() / plies, played.runner.total() / plies / floor,
              double(played.runner.waits) / plies, played.engines.total() / cores / played.seconds);
}

int Main(int pairs, const std::string& engine) {
  auto fail = [](const absl::Status& status) {
    std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return 1;
  };
  absl::StatusOr<MatchSettings> match = SelfPlayAtDepthOne(engine, JUDKINS_BOOK_PATH, pairs, kConcurrency);
  if (!match.ok()) return fail(match.status());
  MatchSettings settings = *std::move(match);

  // Step 1. The same games, first wherever the kernel runs them, then pinned.
  // Both write records, as a worker does; the pinned run's give the bare relay its games.
  char folder[] = "/tmp/match_overhead.XXXXXX";
  if (!mkdtemp(folder)) return fail(absl::InternalError("cannot make a temporary folder"));
  const std::string free_records = absl::StrCat(folder, "/free.pgn"),
                    pinned_records = absl::StrCat(folder, "/pinned.pgn");
  settings.records_path = free_records;
  absl::StatusOr<Played> free = Play(settings);
  if (!free.ok()) return fail(free.status());
  settings.affinity = true;
  settings.records_path = pinned_records;
  absl::StatusOr<Played> pinned = Play(settings);
  if (!pinned.ok()) return fail(pinned.status());

  // Step 2. The floor of a move, both ways: a line to cat and back.
  absl::StatusOr<double> free_floor = RoundTripFloor();
  if (!free_floor.ok()) return fail(free_floor.status());
  absl::StatusOr<std::vector<LogicalCpu>> cpus = AllowedCpus();
  if (!cpus.ok()) return fail(cpus.status());
  absl::StatusOr<double> pinned_floor = absl::InternalError("not measured");
  std::thread([&] {
    if (absl::Status s = RunCallingThreadOn({cpus->front().id}); !s.ok()) {
      pinned_floor = s;
      return;
    }
    pinned_floor = RoundTripFloor();
  }).join();
  if (!pinned_floor.ok()) return fail(pinned_floor.status());

  // Step 3. The least any runner spends on the pinned run's games here.
  absl::StatusOr<std::string> records = ReadFile(pinned_records);
  if (!records.ok()) return fail(records.status());
  absl::StatusOr<std::vector<ParsedRecord>> games = ParseGameRecords(*records);
  if (!games.ok()) return fail(games.status());
  absl::StatusOr<RelayCost> relay = BareRelay({engine}, {}, "go depth 1", *games, kConcurrency);
  if (!relay.ok()) return fail(relay.status());
  std::remove(free_records.c_str());
  std::remove(pinned_records.c_str());
  rmdir(folder);

  const int cores = std::min(kConcurrency, int(cpus->size()));
  std::printf("judkins-engine vs itself at depth 1, %d pairs, concurrency %d (%d cores)\n", pairs, kConcurrency, cores);
  std::printf("%-10s %6s %8s %20s %8s %10s %9s %8s %7s %9s\n", "slots", "wall s", "games/s", "runner s (user+sys)",
              "engines s", "runner/eng", "us/move", "x floor", "waits", "of limit");
  Print("free", *free, cores, *free_floor);
  Print("--affinity", *pinned, cores, *pinned_floor);
  std::printf("the floor (a line to cat and back, the writer's CPU): %.1f us free, %.1f us pinned to one CPU\n",
              1e6 * *free_floor, 1e6 * *pinned_floor);
  const double relay_per_ply = relay->relay_cpu / double(relay->positions);
  std::printf(
      "the bare relay (bench/bare_relay.h: the pinned run's positions, answers read, nothing checked): %.1f us per\n"
      "ply, %.2f%% of its engines' CPU, the least any runner spends here; the pinned runner spends %.2fx it\n",
      1e6 * relay_per_ply, 100 * relay->relay_cpu / relay->engines_cpu,
      pinned->runner.total() / double(pinned->plies) / relay_per_ply);
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  return judkins::Main(argc > 1 ? std::atoi(argv[1]) : 200, argc > 2 ? argv[2] : JUDKINS_ENGINE_PATH);
}
