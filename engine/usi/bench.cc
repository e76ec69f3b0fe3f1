#include "engine/usi/bench.h"

#include "absl/time/clock.h"
#include "engine/rules/notation.h"
#include "engine/search/search.h"
#include "engine/usi/info_line.h"

namespace judkins {
namespace {

constexpr const char* kBenchPositions[] = {
    "rbnsgk/5p/6/6/P5/KGSNBR b - 1",           "r1nsgk/5p/6/6/P5/KGSNBR w - 1",
    "5k/2s2p/3S2/2Bgg1/+rN4/2KN2 w RBp 26",    "2n1k1/1r3g/P1s3/2+r3/Ks4/1G4 w np2b 28",
    "1b1s1k/1g3p/1n1b2/2K3/+rG4/2SN1R b p 13", "r2s2/5k/2+bng1/P1B3/1+r1G2/K2N1P b s 27",
    "rbn2k/4sg/6/6/PG4/K1SNB1 b Pr 5",         "r1nsgk/2b2p/6/6/P1G3/K1SNBR b - 3",
    "2n1k1/2+B1s1/2B3/r1r2p/PS4/KG4 w Gn 16",  "1b3k/2G1s1/3B1g/3SN1/P5/KRr3 w NP 28",
};

}  // namespace

BenchResult RunBench(const EvalParams& params, int depth, std::ostream& out) {
  TranspositionTable table(16);
  Searcher searcher(table, params);
  SearchLimits limits;
  SearchControl control;
  limits.depth = depth;
  BenchResult total;
  const absl::Time start = absl::Now();
  for (const char* sfen : kBenchPositions) {
    Position pos = *Position::FromSfen(sfen);
    table.Clear();
    searcher.NewGame();
    control.Start(false);
    const SearchResult result = searcher.Run(pos, limits, absl::ZeroDuration(), nullptr, control);
    out << sfen << ": bestmove " << MoveToUsi(result.best) << " score " << UsiScore(result.score) << " nodes "
        << result.nodes << "\n";
    total.nodes += result.nodes;
  }
  total.seconds = absl::ToDoubleSeconds(absl::Now() - start);
  out << "\nNodes searched: " << total.nodes
      << "\nNodes/second: " << uint64_t(total.nodes / std::max(total.seconds, 1e-3)) << std::endl;
  return total;
}

}  // namespace judkins
