// The match runner against cutechess-cli, measured in the same run: both play
// Fairy-Stockfish against itself in Judkins shogi from the same openings, with
// the same per-move limit and concurrency, each as its own process (ours both
// with the games wherever the kernel runs them and pinned, --affinity). For each,
// its own CPU time is compared with its engines' (the children it reaped),
// read from /proc/<pid>/stat while the finished runner is still a zombie, and
// its speed with the engine-bound limit: the engines' CPU time spread over the
// cores the match can use. Then the positions of our pinned run's games go
// through a bare relay (bench/bare_relay.h), the least any runner spends on
// them here, and our cost per ply is shown as a multiple of its, with and
// without what judkins-worker's start and exit alone cost (--version).
//
// cutechess-cli is a peer built outside this repository (it is not part of the
// project); it speaks UCI to Fairy-Stockfish, we speak USI.
//
//   build/bench/runner_vs_cutechess --cutechess PATH [--limit depth=1|nodes=1000]
//       [--pairs 100] [--concurrency 2] [--engine /usr/games/fairy-stockfish]
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "bench/bare_relay.h"
#include "common/command_line.h"
#include "common/read_file.h"
#include "google/protobuf/util/json_util.h"
#include "judkins/v1/match.pb.h"
#include "worker/match/openings.h"

extern char** environ;

namespace judkins {
namespace {

// Starts of judkins-worker alone (--version) averaged for its start-up cost:
// /proc counts CPU in clock ticks, coarser than one start.
constexpr int kStartRuns = 20;

struct RunnerCost {
  double wall_seconds = 0;
  double runner_cpu = 0;   // the runner process itself, seconds
  double engines_cpu = 0;  // the engines it started and reaped
};

// Runs argv to its end; its CPU time and its reaped children's, from the
// zombie's /proc/<pid>/stat (fields 14-17, in clock ticks).
absl::StatusOr<RunnerCost> Measure(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  const absl::Time start = absl::Now();
  pid_t pid = 0;
  const int error = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) return absl::InvalidArgumentError(absl::StrCat("cannot start ", argv[0], ": ", strerror(error)));
  siginfo_t info{};
  if (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) != 0) return absl::InternalError("waitid failed");
  RunnerCost cost;
  cost.wall_seconds = absl::ToDoubleSeconds(absl::Now() - start);
  absl::StatusOr<std::string> stat = ReadFile(absl::StrCat("/proc/", pid, "/stat"));
  waitpid(pid, nullptr, 0);
  if (!stat.ok()) return stat.status();
  if (info.si_code != CLD_EXITED || info.si_status != 0)
    return absl::InternalError(absl::StrCat(argv[0], " failed (status ", info.si_status, ")"));
  // The command name in parentheses may hold spaces: the fields follow the last ')'.
  const std::vector<std::string> fields = absl::StrSplit(stat->substr(stat->rfind(')') + 2), ' ');
  const double tick = double(sysconf(_SC_CLK_TCK));
  auto ticks = [&](int field) {
    return std::stod(fields[field - 3]) / tick;
  };  // fields count from 1, after pid and comm
  cost.runner_cpu = ticks(14) + ticks(15);
  cost.engines_cpu = ticks(16) + ticks(17);
  return cost;
}

// The book's first `pairs` openings as positions: ours as SFEN lines, the
// peer's as EPD in its notation (holdings in brackets, the side to move as
// "w" for Black, who moves first, as in its start position).
absl::Status WriteOpenings(const OpeningBook& book, int pairs, const std::string& sfen_path,
                           const std::string& epd_path) {
  std::ofstream sfen_file(sfen_path), epd_file(epd_path);
  for (int i = 0; i < pairs; ++i) {
    const std::string sfen = book[i % book.size()].StartPosition<variants::Judkins>().ToSfen();
    const std::vector<std::string> fields = absl::StrSplit(sfen, ' ');
    if (fields.size() < 3) return absl::InternalError(absl::StrCat("unexpected SFEN ", sfen));
    std::string hand;
    for (size_t j = 0; j < fields[2].size(); ++j) {
      if (fields[2] == "-") break;
      int count = 1;
      if (std::isdigit(fields[2][j])) count = fields[2][j++] - '0';
      hand.append(count, fields[2][j]);
    }
    sfen_file << sfen << "\n";
    epd_file << fields[0] << "[" << (hand.empty() ? "-" : hand) << "] " << (fields[1] == "b" ? "w" : "b") << " - 1\n";
  }
  return sfen_file && epd_file ? absl::OkStatus() : absl::InternalError("cannot write the openings");
}

void Print(const char* name, const RunnerCost& cost, int games, int cores) {
  const double limit_seconds = cost.engines_cpu / cores;
  std::printf("%-15s %7.2f %8.1f %9.2f %9.2f %8.2f%% %9.3f\n", name, cost.wall_seconds, games / cost.wall_seconds,
              cost.runner_cpu, cost.engines_cpu, 100 * cost.runner_cpu / cost.engines_cpu,
              limit_seconds / cost.wall_seconds);
}

int Main(int argc, char** argv) {
  CLI::App app("judkins-worker match against cutechess-cli, measured in one run", "runner_vs_cutechess");
  SetUpCommandLine(app);
  std::string cutechess, engine = "/usr/games/fairy-stockfish", limit = "depth=1";
  int pairs = 100, concurrency = 2;
  app.add_option("--cutechess", cutechess, "the peer's cutechess-cli, built outside the repository")->required();
  app.add_option("--engine", engine, "the engine both runners play")->capture_default_str();
  app.add_option("--limit", limit, "per move: depth=N or nodes=N")->capture_default_str();
  app.add_option("--pairs", pairs, "game pairs, one per opening")->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_option("--concurrency", concurrency, "games at once")->capture_default_str()->check(CLI::Range(1, 64));
  if (std::optional<int> code = ParseCommandLine(app, {argv + 1, argv + argc}, std::cout, std::cerr)) return *code;
  auto fail = [&](absl::string_view message) { return Fail(std::cerr, "runner_vs_cutechess", message); };
  const std::vector<std::string> key_value = absl::StrSplit(limit, absl::MaxSplits('=', 1));
  if (key_value.size() != 2 || (key_value[0] != "depth" && key_value[0] != "nodes"))
    return fail("--limit: expected depth=N or nodes=N");

  absl::StatusOr<OpeningBook> book = OpeningBook::Load(JUDKINS_BOOK_PATH, Variant::kJudkins);
  if (!book.ok()) return fail(book.status().message());
  char folder[] = "/tmp/runner_vs_cutechess.XXXXXX";
  if (!mkdtemp(folder)) return fail("cannot make a temporary folder");
  const std::string sfen_path = absl::StrCat(folder, "/openings.sfen"),
                    epd_path = absl::StrCat(folder, "/openings.epd");
  if (absl::Status s = WriteOpenings(*book, pairs, sfen_path, epd_path); !s.ok()) return fail(s.message());

  const std::string games = std::to_string(2 * pairs);
  const std::string results_path = absl::StrCat(folder, "/results.json");
  std::vector<std::string> ours = {JUDKINS_WORKER_PATH,
                                   "match",
                                   "--engine",
                                   absl::StrCat("cmd=", engine),
                                   "name=first",
                                   "option.UCI_Variant=judkins",
                                   "--engine",
                                   absl::StrCat("cmd=", engine),
                                   "name=second",
                                   "option.UCI_Variant=judkins",
                                   absl::StrCat("--", key_value[0]),
                                   key_value[1],
                                   "--openings",
                                   absl::StrCat("file=", sfen_path),
                                   "order=sequential",
                                   "--games",
                                   games,
                                   "--concurrency",
                                   std::to_string(concurrency),
                                   "--quiet",
                                   "--results-json",
                                   results_path};
  const std::vector<std::string> peer = {cutechess,
                                         "-variant",
                                         "judkins",
                                         "-engine",
                                         "name=first",
                                         absl::StrCat("cmd=", engine),
                                         "proto=uci",  // -variant sets UCI_Variant
                                         "-engine",
                                         "name=second",
                                         absl::StrCat("cmd=", engine),
                                         "proto=uci",
                                         "-each",
                                         "tc=inf",
                                         limit,
                                         "-openings",
                                         absl::StrCat("file=", epd_path),
                                         "format=epd",
                                         "order=sequential",
                                         "-repeat",
                                         "-games",
                                         games,
                                         "-concurrency",
                                         std::to_string(concurrency)};

  // Both write records, as a worker does; the pinned run's give the bare relay its games.
  std::vector<std::string> ours_pinned = ours;
  const std::string records_path = absl::StrCat(folder, "/games.pgn");
  const std::string free_records_path = absl::StrCat(folder, "/free-games.pgn");
  ours.insert(ours.end(), {"--records", free_records_path});
  ours_pinned.insert(ours_pinned.end(), {"--affinity", "--records", records_path});

  absl::StatusOr<RunnerCost> our_cost = Measure(ours);
  if (!our_cost.ok()) return fail(our_cost.status().message());
  absl::StatusOr<RunnerCost> pinned_cost = Measure(ours_pinned);
  if (!pinned_cost.ok()) return fail(pinned_cost.status().message());
  absl::StatusOr<RunnerCost> peer_cost = Measure(peer);
  if (!peer_cost.ok()) return fail(peer_cost.status().message());
  double start_cpu = 0;
  for (int run = 0; run < kStartRuns; ++run) {
    absl::StatusOr<RunnerCost> start = Measure({JUDKINS_WORKER_PATH, "--version"});
    if (!start.ok()) return fail(start.status().message());
    start_cpu += start->runner_cpu / kStartRuns;
  }
  absl::StatusOr<std::string> records_text = ReadFile(records_path);
  if (!records_text.ok()) return fail(records_text.status().message());
  absl::StatusOr<std::vector<ParsedRecord>> played = ParseGameRecords(*records_text);
  if (!played.ok()) return fail(played.status().message());
  absl::StatusOr<RelayCost> relay =
      BareRelay({engine}, {"setoption name UCI_Variant value judkins"},
                absl::StrCat("go ", key_value[0], " ", key_value[1]), *played, concurrency);
  if (!relay.ok()) return fail(relay.status().message());
  absl::StatusOr<std::string> json = ReadFile(results_path);
  if (!json.ok()) return fail(json.status().message());
  v1::MatchResults results;
  if (!google::protobuf::util::JsonStringToMessage(*json, &results).ok()) return fail("unreadable results");
  uint64_t plies = 0;
  for (const v1::GameOutcome& game : results.games_played()) plies += game.plies();
  std::remove(results_path.c_str());
  std::remove(records_path.c_str());
  std::remove(free_records_path.c_str());
  std::remove(sfen_path.c_str());
  std::remove(epd_path.c_str());
  rmdir(folder);

  const int cores = std::min(concurrency, int(std::thread::hardware_concurrency()));
  std::printf("%s vs itself, %s, %s games, concurrency %d (%d cores)\n", engine.c_str(), limit.c_str(), games.c_str(),
              concurrency, cores);
  std::printf("%-15s %7s %8s %9s %9s %9s %9s\n", "runner", "wall s", "games/s", "runner s", "engines s", "runner/eng",
              "of limit");
  Print("judkins-worker", *our_cost, 2 * pairs, cores);
  Print("  --affinity", *pinned_cost, 2 * pairs, cores);
  Print("cutechess-cli", *peer_cost, 2 * pairs, cores);
  std::printf("games/s: judkins-worker / cutechess-cli = %.2f, with --affinity %.2f\n",
              peer_cost->wall_seconds / our_cost->wall_seconds, peer_cost->wall_seconds / pinned_cost->wall_seconds);
  const double relay_per_ply = relay->relay_cpu / double(relay->positions);
  std::printf(
      "the bare relay (the same positions to the same engine, answers read to bestmove, nothing checked, kept or\n"
      "counted, pinned as --affinity pins): %.1f us per ply (%lu plies), %.2f%% of its engines' CPU: no runner\n"
      "spends less here\n",
      1e6 * relay_per_ply, relay->positions, 100 * relay->relay_cpu / relay->engines_cpu);
  std::printf("judkins-worker: %.1f us of its CPU per ply (%lu plies), %.1f us with --affinity: %.2fx the bare relay\n",
              1e6 * our_cost->runner_cpu / double(plies), plies, 1e6 * pinned_cost->runner_cpu / double(plies),
              pinned_cost->runner_cpu / double(plies) / relay_per_ply);
  std::printf(
      "of which judkins-worker's start and exit (--version alone, %d runs): %.1f ms, %.1f us per ply; without it,\n"
      "the pinned runner spends %.1f us per ply, %.2fx the bare relay\n",
      kStartRuns, 1e3 * start_cpu, 1e6 * start_cpu / double(plies),
      1e6 * (pinned_cost->runner_cpu - start_cpu) / double(plies),
      (pinned_cost->runner_cpu - start_cpu) / double(plies) / relay_per_ply);
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) { return judkins::Main(argc, argv); }
