// The least CPU a runner can spend on a match's games on this machine: each
// position of the games played goes to the engine with its go command, and
// the answer is read up to bestmove, with nothing checked, kept or counted,
// from threads pinned and scheduled as --affinity runs a match's slots
// (worker/match/slot_cpus.h), one engine each. What a runner spends per ply
// above it is its refereeing; the relay's share of its engines' CPU is the
// least share any runner can reach here.
#ifndef JUDKINS_BENCH_BARE_RELAY_H_
#define JUDKINS_BENCH_BARE_RELAY_H_

#include <sys/resource.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "records/game_record_format.h"
#include "worker/match/slot_cpus.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {

struct RelayCost {
  double relay_cpu = 0;    // seconds, all relay threads
  double engines_cpu = 0;  // seconds, the engines they started
  uint64_t positions = 0;
};

namespace bare_relay_internal {

inline constexpr absl::Duration kAnswerTimeout = absl::Seconds(60);

inline double Seconds(const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; }

inline absl::Status ReadUntil(EngineProcess& engine, absl::string_view prefix) {
  const absl::Time deadline = absl::Now() + kAnswerTimeout;
  while (true) {
    absl::StatusOr<absl::string_view> line = engine.NextLine(deadline);
    if (!line.ok()) return line.status();
    if (absl::StartsWith(*line, prefix)) return absl::OkStatus();
  }
}

// One slot: every `stride`-th game from `first`, on `cpus`; adds its CPU to *cpu.
inline absl::Status RelaySlot(const std::vector<std::string>& engine_argv, const std::vector<std::string>& setup,
                              const std::string& go, const std::vector<ParsedRecord>& games, size_t first,
                              size_t stride, const std::vector<int>& cpus, double* cpu) {
  if (absl::Status pinned = RunCallingThreadOn(cpus); !pinned.ok()) return pinned;
  rusage before{};
  getrusage(RUSAGE_THREAD, &before);
  absl::StatusOr<std::unique_ptr<EngineProcess>> engine = EngineProcess::Start({.argv = engine_argv});
  if (!engine.ok()) return engine.status();
  std::vector<absl::string_view> hello = {"usi"};
  hello.insert(hello.end(), setup.begin(), setup.end());
  hello.push_back("isready");
  if (absl::Status s = (*engine)->WriteLines(hello); !s.ok()) return s;
  if (absl::Status s = ReadUntil(**engine, "readyok"); !s.ok()) return s;
  for (size_t g = first; g < games.size(); g += stride) {
    if (absl::Status s = (*engine)->WriteLines({"usinewgame", "isready"}); !s.ok()) return s;
    if (absl::Status s = ReadUntil(**engine, "readyok"); !s.ok()) return s;
    std::string position = absl::StrCat("position sfen ", games[g].start_sfen, " moves");
    for (const std::string& move : games[g].moves) {
      if (absl::Status s = (*engine)->WriteLines({position, go}); !s.ok()) return s;
      if (absl::Status s = ReadUntil(**engine, "bestmove"); !s.ok()) return s;
      absl::StrAppend(&position, " ", move);
    }
  }
  (void)(*engine)->WriteLine("quit");
  (*engine)->Stop(absl::Seconds(5));
  rusage after{};
  getrusage(RUSAGE_THREAD, &after);
  *cpu = Seconds(after.ru_utime) - Seconds(before.ru_utime) + Seconds(after.ru_stime) - Seconds(before.ru_stime);
  return absl::OkStatus();
}

}  // namespace bare_relay_internal

// Relays `games` on `slots` threads at once. `setup` holds the lines sent
// after "usi" (setoption ...); `go` is the go command of every move.
inline absl::StatusOr<RelayCost> BareRelay(const std::vector<std::string>& engine_argv,
                                           const std::vector<std::string>& setup, const std::string& go,
                                           const std::vector<ParsedRecord>& games, int slots) {
  absl::StatusOr<std::vector<LogicalCpu>> allowed = AllowedCpus();
  if (!allowed.ok()) return allowed.status();
  absl::StatusOr<std::vector<std::vector<int>>> plan = PlanSlotCpus(*allowed, slots, 1);
  if (!plan.ok()) return plan.status();
  rusage children_before{};
  getrusage(RUSAGE_CHILDREN, &children_before);
  std::vector<double> cpu(slots, 0);
  std::vector<absl::Status> status(slots);
  std::vector<std::thread> threads;
  for (int slot = 0; slot < slots; ++slot)
    threads.emplace_back([&, slot] {
      status[slot] = bare_relay_internal::RelaySlot(engine_argv, setup, go, games, size_t(slot), size_t(slots),
                                                    (*plan)[slot], &cpu[slot]);
    });
  for (std::thread& thread : threads) thread.join();
  for (const absl::Status& s : status)
    if (!s.ok()) return s;
  rusage children_after{};
  getrusage(RUSAGE_CHILDREN, &children_after);
  RelayCost cost;
  for (double seconds : cpu) cost.relay_cpu += seconds;
  using bare_relay_internal::Seconds;
  cost.engines_cpu = Seconds(children_after.ru_utime) - Seconds(children_before.ru_utime) +
                     Seconds(children_after.ru_stime) - Seconds(children_before.ru_stime);
  for (const ParsedRecord& game : games) cost.positions += game.moves.size();
  return cost;
}

}  // namespace judkins

#endif  // JUDKINS_BENCH_BARE_RELAY_H_
