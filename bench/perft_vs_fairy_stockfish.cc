// Perft speed of judkins-engine against Fairy-Stockfish on the same positions,
// both driven the same way: USI "go perft N" over pipes, timed from the command
// to the "Nodes searched" line. Prints nodes/s of each and the ratio.
//
//   build/bench/perft_vs_fairy_stockfish [path/to/judkins-engine]
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

struct BenchPosition {
  const char* sfen;
  int depth;
};

// The start position and middlegames from the oracle's perft list.
constexpr BenchPosition kPositions[] = {
    {"rbnsgk/5p/6/6/P5/KGSNBR b - 1", 6},
    {"2n1k1/2+B1s1/2B3/r1r2p/PS4/KG4 w Gn 16", 5},
    {"4k1/1+N2s1/+S1g2p/PG2+b1/KR2+b1/2+r2+n b - 61", 5},
    {"6/2kSGp/2r3/6/5N/+BKGN2 b PSBr 55", 4},
    {"r2s2/5k/2+bng1/P1B3/1+r1G2/K2N1P b s 27", 5},
};

struct Timing {
  uint64_t nodes = 0;
  double seconds = 0;
};

class UsiPerft {
 public:
  bool Start(const std::string& path, bool needs_variant) {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = {path}});
    if (!process.ok()) {
      std::fprintf(stderr, "%s\n", std::string(process.status().message()).c_str());
      return false;
    }
    process_ = *std::move(process);
    Send("usi");
    if (needs_variant) Send("setoption name UCI_Variant value judkins");
    Send("isready");
    return WaitFor("readyok").has_value();
  }

  Timing Run(const BenchPosition& position) {
    Send(std::string("position sfen ") + position.sfen);
    Send("isready");
    WaitFor("readyok");
    const absl::Time start = absl::Now();
    Send("go perft " + std::to_string(position.depth));
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

int Main(int argc, char** argv) {
  const std::string ours_path = argc > 1 ? argv[1] : JUDKINS_ENGINE_PATH;
  UsiPerft ours, theirs;
  if (!ours.Start(ours_path, false) || !theirs.Start("/usr/games/fairy-stockfish", true)) return 1;
  std::printf("%-48s %5s %12s %10s %12s %10s %7s\n", "position", "depth", "ours nodes", "ours Mn/s", "fsf nodes",
              "fsf Mn/s", "ratio");
  Timing ours_total, theirs_total;
  for (const BenchPosition& position : kPositions) {
    const Timing a = ours.Run(position), b = theirs.Run(position);
    std::printf("%-48s %5d %12lu %10.1f %12lu %10.1f %6.2fx\n", position.sfen, position.depth, a.nodes,
                a.nodes / a.seconds / 1e6, b.nodes, b.nodes / b.seconds / 1e6,
                (a.nodes / a.seconds) / (b.nodes / b.seconds));
    ours_total = {ours_total.nodes + a.nodes, ours_total.seconds + a.seconds};
    theirs_total = {theirs_total.nodes + b.nodes, theirs_total.seconds + b.seconds};
  }
  const double ours_nps = ours_total.nodes / ours_total.seconds, theirs_nps = theirs_total.nodes / theirs_total.seconds;
  std::printf("total: judkins-engine %.1f Mnodes/s, Fairy-Stockfish %.1f Mnodes/s, ratio %.2fx\n", ours_nps / 1e6,
              theirs_nps / 1e6, ours_nps / theirs_nps);
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) { return judkins::Main(argc, argv); }
