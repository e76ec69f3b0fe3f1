// Perft speed of judkins-engine (each variant's edition) against
// Fairy-Stockfish on the same positions, both driven the same way: USI
// "go perft N" over pipes, timed from the command to the "Nodes searched"
// line. Prints nodes/s of each and the ratio, per variant.
//
//   build/bench/perft_vs_fairy_stockfish [judkins|shogi|minishogi ...]
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "bench/bench_positions.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

struct Suite {
  absl::string_view variant;
  const char* engine;
  std::span<const BenchPosition> positions;
};

constexpr Suite kSuites[] = {
    {"judkins", JUDKINS_ENGINE_PATH, kJudkinsPositions},
    {"shogi", JUDKINS_ENGINE_SHOGI_PATH, kShogiPositions},
    {"minishogi", JUDKINS_ENGINE_MINISHOGI_PATH, kMinishogiPositions},
};

struct Timing {
  uint64_t nodes = 0;
  double seconds = 0;
};

class UsiPerft {
 public:
  // variant: told with UCI_Variant (Fairy-Stockfish), or empty.
  bool Start(const std::string& path, absl::string_view variant) {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = {path}});
    if (!process.ok()) {
      std::fprintf(stderr, "%s\n", std::string(process.status().message()).c_str());
      return false;
    }
    process_ = *std::move(process);
    Send("usi");
    if (!variant.empty()) Send(absl::StrCat("setoption name UCI_Variant value ", variant));
    Send("isready");
    return WaitFor("readyok").has_value();
  }

  Timing Run(const BenchPosition& position) {
    Send(std::string("position sfen ") + position.sfen);
    Send("isready");
    WaitFor("readyok");
    const absl::Time start = absl::Now();
    Send("go perft " + std::to_string(position.perft_depth));
    std::optional<std::string> last = WaitFor("Nodes searched: ");
    Timing timing{0, absl::ToDoubleSeconds(absl::Now() - start)};
    if (last) (void)absl::SimpleAtoi(last->substr(16), &timing.nodes);
    return timing;
  }

 private:
  void Send(const std::string& line) { (void)process_->WriteLine(line); }
  std::optional<std::string> WaitFor(absl::string_view prefix) {
    while (true) {
      absl::StatusOr<std::string> line = process_->ReadLine(absl::Now() + absl::Minutes(5));
      if (!line.ok()) return std::nullopt;
      if (absl::StartsWith(*line, prefix)) return *line;
    }
  }
  std::unique_ptr<EngineProcess> process_;
};

Timing RunSuite(const Suite& suite) {
  UsiPerft ours, theirs;
  if (!ours.Start(suite.engine, "") || !theirs.Start("/usr/games/fairy-stockfish", suite.variant)) return {};
  std::printf("%s\n%-88s %5s %12s %10s %12s %10s %7s\n", std::string(suite.variant).c_str(), "position", "depth",
              "ours nodes", "ours Mn/s", "fsf nodes", "fsf Mn/s", "ratio");
  Timing ours_total, theirs_total;
  for (const BenchPosition& position : suite.positions) {
    const Timing a = ours.Run(position), b = theirs.Run(position);
    std::printf("%-88s %5d %12lu %10.1f %12lu %10.1f %6.2fx%s\n", position.sfen, position.perft_depth, a.nodes,
                a.nodes / a.seconds / 1e6, b.nodes, b.nodes / b.seconds / 1e6,
                (a.nodes / a.seconds) / (b.nodes / b.seconds), a.nodes == b.nodes ? "" : "  (counts differ)");
    ours_total = {ours_total.nodes + a.nodes, ours_total.seconds + a.seconds};
    theirs_total = {theirs_total.nodes + b.nodes, theirs_total.seconds + b.seconds};
  }
  const double ours_nps = ours_total.nodes / ours_total.seconds, theirs_nps = theirs_total.nodes / theirs_total.seconds;
  std::printf("total %s: judkins-engine %.1f Mnodes/s, Fairy-Stockfish %.1f Mnodes/s, ratio %.2fx\n\n",
              std::string(suite.variant).c_str(), ours_nps / 1e6, theirs_nps / 1e6, ours_nps / theirs_nps);
  return ours_total;
}

int Main(int argc, char** argv) {
  for (const Suite& suite : kSuites) {
    const bool wanted =
        argc < 2 || std::any_of(argv + 1, argv + argc, [&](const char* name) { return suite.variant == name; });
    if (wanted && RunSuite(suite).nodes == 0) return 1;
  }
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) { return judkins::Main(argc, argv); }
