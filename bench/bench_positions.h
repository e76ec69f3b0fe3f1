// The positions the benchmarks against Fairy-Stockfish search, per variant:
// the start position and middlegames.
#ifndef JUDKINS_BENCH_BENCH_POSITIONS_H_
#define JUDKINS_BENCH_BENCH_POSITIONS_H_

namespace judkins {

struct BenchPosition {
  const char* sfen;
  int perft_depth;  // where perft takes about a second
};

// The start position and middlegames of each variant (Judkins's from the
// oracle's perft list, then lines 100, 200, 300 and 400 of books/default.sfen;
// the others from engine games).
inline constexpr BenchPosition kJudkinsPositions[] = {
    {"rbnsgk/5p/6/6/P5/KGSNBR b - 1", 6},
    {"2n1k1/2+B1s1/2B3/r1r2p/PS4/KG4 w Gn 16", 5},
    {"4k1/1+N2s1/+S1g2p/PG2+b1/KR2+b1/2+r2+n b - 61", 5},
    {"6/2kSGp/2r3/6/5N/+BKGN2 b PSBr 55", 4},
    {"r2s2/5k/2+bng1/P1B3/1+r1G2/K2N1P b s 27", 5},
    {"rbns1k/4g1/5p/6/PS3R/KG1NB1 b - 5", 5},
    {"1bns1k/2r1gp/6/4N1/P5/KGS1BR b - 7", 5},
    {"rb1s1k/2g2p/1n4/2N3/PG4/K1S1BR w - 8", 5},
    {"2nsgk/5p/r5/2N1b1/P4R/KGS1B1 b - 5", 5},
};
inline constexpr BenchPosition kShogiPositions[] = {
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 5},
    {"ln1gk2nl/1r1s3s1/p1pp1p2p/1p2p1gp1/5R3/2PP5/PP2PPP1P/3GG1S2/LNS1K2NL b 2P2b 25", 4},
    {"1n2k2nl/1r1sgn1s1/l1pp3gp/pp2p2p1/9/1PPP+R4/4PP+b+b1/LS2G4/1NK1G1+p2 w Ls5p 66", 4},
    {"lnk2g2+P/1r7/p1spp1g2/1p3p1p1/5Sp1p/2P5B/PPp1+nPP1P/1B5S1/L1SGKG1NL b LPrnp 51", 4},
};
inline constexpr BenchPosition kMinishogiPositions[] = {
    {"rbsgk/4p/5/P4/KGSBR b - 1", 6},
    {"r3k/2g1p/5/P2s1/K2BR b BSg 11", 5},
    {"S2gk/5/4p/PGB1b/1KS1r w R 16", 5},
};

}  // namespace judkins

#endif  // JUDKINS_BENCH_BENCH_POSITIONS_H_
