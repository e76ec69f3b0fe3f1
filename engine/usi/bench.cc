#include "engine/usi/bench.h"

#include <span>

#include "absl/time/clock.h"
#include "engine/rules/edition.h"
#include "engine/search/search.h"
#include "engine/usi/info_line.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace {

// Each variant's positions: its start and middlegames from engine games, with
// either side to move. Changing a list changes that edition's signature.
constexpr const char* kJudkinsPositions[] = {
    "rbnsgk/5p/6/6/P5/KGSNBR b - 1",           "r1nsgk/5p/6/6/P5/KGSNBR w - 1",
    "5k/2s2p/3S2/2Bgg1/+rN4/2KN2 w RBp 26",    "2n1k1/1r3g/P1s3/2+r3/Ks4/1G4 w np2b 28",
    "1b1s1k/1g3p/1n1b2/2K3/+rG4/2SN1R b p 13", "r2s2/5k/2+bng1/P1B3/1+r1G2/K2N1P b s 27",
    "rbn2k/4sg/6/6/PG4/K1SNB1 b Pr 5",         "r1nsgk/2b2p/6/6/P1G3/K1SNBR b - 3",
    "2n1k1/2+B1s1/2B3/r1r2p/PS4/KG4 w Gn 16",  "1b3k/2G1s1/3B1g/3SN1/P5/KRr3 w NP 28",
};
constexpr const char* kShogiPositions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln2kg1nl/1r2g2P1/p1sppps1p/1p4pp1/4n+b3/2P6/PP1PPPP1P/1BR6/L1SGKGSNL b p 25",
    "ln1gk2nl/1r1s3s1/p1pp1p2p/1p2p1gp1/5R3/2PP5/PP2PPP1P/3GG1S2/LNS1K2NL b 2P2b 25",
    "ln1gk2nl/1r1s3s1/p1pp3gp/1p2p2p1/9/P1PP1+R3/1P2PPP1P/3G1GS2/LNS1K2N+b w 2Pblp 34",
    "ln2kg2+P/1r2g4/p1sppp2p/1p3spp1/6+b2/2P2LP2/PPp+nPP2P/1B5R1/L1SGKGSNL w Np 34",
    "1n1gk2nl/1r1s1n1s1/l1pp3gp/pp2p2p1/9/2PP1+R3/1P2PPP1+b/L3GGS2/1NS1K1+l1+b b 5p 51",
    "lnk2g2+P/1r7/p1spp1g2/1p3p1p1/5Sp1p/2P5B/PPp1+nPP1P/1B5S1/L1SGKG1NL b LPrnp 51",
    "lnk2g2+P/1r7/p1spp1+L2/1p3p1p1/5Sp2/2P5p/PPpP1PP1P/1B2G1g2/L1S1KN+rNL w Sbgnp 66",
    "1n2k2nl/1r1sgn1s1/l1pp3gp/pp2p2p1/9/1PPP+R4/4PP+b+b1/LS2G4/1NK1G1+p2 w Ls5p 66",
    "1n2k2nl/1r1sgn1s1/l1pp2+bgp/pp2p2p1/9/1PPPPPp2/1S1+R1L1+b1/L4G3/1NK3+p2 b 2Pgs2p 81",
};
constexpr const char* kMinishogiPositions[] = {
    "rbsgk/4p/5/P4/KGSBR b - 1",       "r3k/2g1p/5/P2s1/K2BR b BSg 11",    "rb1gk/5/4p/PGB2/K1S2 b Sr 11",
    "3rk/b1G1p/5/P2s1/KG2R b Sb 11",   "R2k1/4p/5/P2sR/KG1+b1 w Sbg 16",   "S2gk/5/4p/PGB1b/1KS1r w R 16",
    "r3k/S1g1p/5/PK1s1/3BR w Gb 16",   "r3k/S1g1p/2b2/PG3/1K1+s1 b rb 21", "S3k/3g1/2B1p/PG3/1KS+r1 b Rb 21",
    "2k2/3bR/5/P2s1/KG1+b1 b GSPr 21",
};

std::span<const char* const> BenchPositions() {
  switch (PlayedVariant::kVariant) {
    case Variant::kShogi:
      return kShogiPositions;
    case Variant::kMinishogi:
      return kMinishogiPositions;
    case Variant::kJudkins:
      break;
  }
  return kJudkinsPositions;
}

}  // namespace

BenchResult RunBench(const EvalParams& params, int depth, std::ostream& out) {
  TranspositionTable table(16);
  Searcher searcher(table, params);
  SearchLimits limits;
  SearchControl control;
  limits.depth = depth;
  BenchResult total;
  const absl::Time start = absl::Now();
  for (const char* sfen : BenchPositions()) {
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

JUDKINS_EDITION_END
}  // namespace judkins
