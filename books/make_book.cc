// Makes a variant's opening book: random walks from the start position, kept
// when judkins-engine's score at a fixed depth says the position is balanced.
// Deterministic: the same seed gives the same book on every machine. Built
// once per variant, like the engine (make_book, make_book_shogi, ...).
//
//   build/books/make_book [count] [seed] > books/default.sfen
//   build/books/make_book_shogi [count] [seed] > books/shogi.sfen
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "engine/search/search.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace {

constexpr int kMinPlies = 4;
constexpr int kMaxPlies = 10;
constexpr int kSearchDepth = 6;
constexpr int kBalancedWindow = 60;  // centipawns either way

int Main(int count, uint64_t seed) {
  std::mt19937_64 random(seed);
  const EvalParams params;
  TranspositionTable table(16);
  Searcher searcher(table, params);
  SearchLimits limits;
  SearchControl control;
  limits.depth = kSearchDepth;
  std::set<std::string> seen;
  std::cout << "# " << VariantTitle(PlayedVariant::kVariant) << " opening book: " << count << " balanced positions.\n"
            << "# Made by books/make_book.cc (seed " << seed << "): " << kMinPlies << "-" << kMaxPlies
            << " random plies from the start, kept when judkins-engine's depth-" << kSearchDepth
            << " score is within +-" << kBalancedWindow << " cp.\n"
            << "# Each line: the start position and the moves that lead to the opening.\n";
  int attempts = 0;
  while (int(seen.size()) < count && attempts++ < 100 * count) {
    Position pos = Position::Start();
    std::string moves;
    const int plies = kMinPlies + int(random() % (kMaxPlies - kMinPlies + 1));
    bool alive = true;
    for (int ply = 0; ply < plies && alive; ++ply) {
      const MoveList legal(pos);
      if (legal.empty())
        alive = false;
      else {
        const Move m = *(legal.begin() + random() % legal.size());
        absl::StrAppend(&moves, " ", MoveToUsi(m));
        pos.DoMove(m);
      }
    }
    if (!alive || EvaluateGameStatus(pos, GameRules::For(PlayedVariant::kVariant)).over() || pos.in_check()) continue;
    const std::string key = pos.ToSfen().substr(0, pos.ToSfen().rfind(' '));  // without the move number
    if (seen.count(key)) continue;
    table.Clear();
    searcher.NewGame();
    control.Start(false);
    const SearchResult result = searcher.Run(pos, limits, absl::ZeroDuration(), nullptr, control);
    if (std::abs(result.score) > kBalancedWindow) continue;
    seen.insert(key);
    std::cout << "startpos moves" << moves << "\n";
  }
  return int(seen.size()) == count ? 0 : 1;
}

}  // namespace
JUDKINS_EDITION_END
}  // namespace judkins

int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 500;
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261129;
  return judkins::Main(count, seed);
}
