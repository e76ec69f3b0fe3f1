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
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

struct BenchPosition {
  const char* sfen;
  int depth;
};

// The start position and middlegames of each variant (Judkins's from the
// oracle's perft list, the others from engine games).
constexpr BenchPosition kJudkinsPositions[] = {
    {"rbnsgk/5p/6/6/P5/KGSNBR b - 1", 6},
    {"2n1k1/2+B1s1/2B3/r1r2p/PS4/KG4 w Gn 16", 5},
    {"4k1/1+N2s1/+S1g2p/PG2+b1/KR2+b1/2+r2+n b - 61", 5},
    {"6/2kSGp/2r3/6/5N/+BKGN2 b PSBr 55", 4},
    {"r2s2/5k/2+bng1/P1B3/1+r1G2/K2N1P b s 27", 5},
};
constexpr BenchPosition kShogiPositions[] = {
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5},
    {"ln1gk2nl/1r1s3s1/p1pp1p2p/1p2p1gp1/5R3/2PP5/PP2PPP1P/3GG1S2/LNS1K2NL b 2P2b 25", 4},
    {"1n2k2nl/1r1sgn1s1/l1pp3gp/pp2p2p1/9/1PPP+R4/4PP+b+b1/LS2G4/1NK1G1+p2 w Ls5p 66", 4},
    {"lnk2g2+P/1r7/p1spp1g2/1p3p1p1/5Sp1p/2P5B/PPp1+nPP1P/1B5S1/L1SGKG1NL b LPrnp 51", 4},
};
constexpr BenchPosition kMinishogiPositions[] = {
    {"rbsgk/4p/5/P4/KGSBR b - 1", 6},
    {"r3k/2g1p/5/P2s1/K2BR b BSg 11", 5},
    {"S2gk/5/4p/PGB1b/1KS1r w R 16", 5},
};

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

Timing RunSuite(const Suite& suite) {
  UsiPerft ours, theirs;
  if (!ours.Start(suite.engine, "") || !theirs.Start("/usr/games/fairy-stockfish", suite.variant)) return {};
  std::printf("%s\n%-88s %5s %12s %10s %12s %10s %7s\n", std::string(suite.variant).c_str(), "position", "depth",
              "ours nodes", "ours Mn/s", "fsf nodes", "fsf Mn/s", "ratio");
  Timing ours_total, theirs_total;
  for (const BenchPosition& position : suite.positions) {
    const Timing a = ours.Run(position), b = theirs.Run(position);
    std::printf("%-88s %5d %12lu %10.1f %12lu %10.1f %6.2fx%s\n", position.sfen, position.depth, a.nodes,
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
