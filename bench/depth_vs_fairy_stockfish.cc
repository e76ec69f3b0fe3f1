// How bushy judkins-engine's tree is against Fairy-Stockfish's: nodes and
// time each needs to reach a depth (one thread, default hash, a new game
// before each position), timed from "go depth N" to "bestmove". Prints both
// and the ratios, per variant; the node ratio is the search's, the time
// ratio what a game feels.
//
//   build/bench/depth_vs_fairy_stockfish [--depth N] [judkins|shogi|minishogi ...]
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "bench/bench_positions.h"
#include "bench/usi_driver.h"

namespace judkins {
namespace {

// Judkins's goal compares the engines at depth 15; minishogi gets the same,
// standard shogi's wider tree two plies less for about the same time.
constexpr int kJudkinsDepth = 15, kMinishogiDepth = 15, kShogiDepth = 13;
constexpr int kMaxDepth = 40;

struct Suite {
  absl::string_view variant;
  const char* engine;
  std::span<const BenchPosition> positions;
  int depth;
};

constexpr Suite kSuites[] = {
    {"judkins", JUDKINS_ENGINE_PATH, kJudkinsPositions, kJudkinsDepth},
    {"shogi", JUDKINS_ENGINE_SHOGI_PATH, kShogiPositions, kShogiDepth},
    {"minishogi", JUDKINS_ENGINE_MINISHOGI_PATH, kMinishogiPositions, kMinishogiDepth},
};

struct Reached {
  uint64_t nodes = 0;
  double seconds = 0;
  int depth = 0;  // below the one asked for when a mate ended the search
};

// The value after key in a USI info line, or 0.
uint64_t FieldOf(const std::string& info, absl::string_view key) {
  const std::vector<absl::string_view> words = absl::StrSplit(info, ' ', absl::SkipEmpty());
  uint64_t value = 0;
  for (size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] == key) (void)absl::SimpleAtoi(words[i + 1], &value);
  return value;
}

std::optional<Reached> SearchTo(UsiDriver& engine, const char* sfen, int depth) {
  engine.Send("usinewgame");
  engine.Send(std::string("position sfen ") + sfen);
  engine.Send("isready");
  if (!engine.WaitFor("readyok")) return std::nullopt;
  const absl::Time start = absl::Now();
  engine.Send("go depth " + std::to_string(depth));
  std::string last_info;
  const bool done = engine
                        .WaitFor("bestmove",
                                 [&](const std::string& line) {
                                   if (line.find(" nodes ") != std::string::npos) last_info = line;
                                 })
                        .has_value();
  if (!done) return std::nullopt;
  // The last info line with nodes before bestmove: the deepest iteration's.
  return Reached{FieldOf(last_info, "nodes"), absl::ToDoubleSeconds(absl::Now() - start),
                 int(FieldOf(last_info, "depth"))};
}

bool RunSuite(const Suite& suite, int depth) {
  UsiDriver ours, theirs;
  if (!ours.Start(suite.engine, "") || !theirs.Start("/usr/games/fairy-stockfish", suite.variant)) return false;
  std::printf("%s, depth %d (a position where either ended sooner, on a mate, is left out of the total)\n",
              std::string(suite.variant).c_str(), depth);
  std::printf("%-88s %12s %8s %5s %12s %8s %5s %7s %7s\n", "position", "ours nodes", "ours s", "depth", "fsf nodes",
              "fsf s", "depth", "nodes", "time");
  Reached ours_total, theirs_total;
  int counted = 0;
  for (const BenchPosition& position : suite.positions) {
    const std::optional<Reached> a = SearchTo(ours, position.sfen, depth);
    const std::optional<Reached> b = SearchTo(theirs, position.sfen, depth);
    if (!a || !b || a->nodes == 0 || b->nodes == 0) {
      std::fprintf(stderr, "%s: no search to depth %d from %s\n", std::string(suite.variant).c_str(), depth,
                   position.sfen);
      return false;
    }
    std::printf("%-88s %12lu %8.2f %5d %12lu %8.2f %5d %6.2fx %6.2fx\n", position.sfen, a->nodes, a->seconds, a->depth,
                b->nodes, b->seconds, b->depth, double(a->nodes) / b->nodes, a->seconds / b->seconds);
    if (a->depth < depth || b->depth < depth) continue;
    ++counted;
    ours_total = {ours_total.nodes + a->nodes, ours_total.seconds + a->seconds};
    theirs_total = {theirs_total.nodes + b->nodes, theirs_total.seconds + b->seconds};
  }
  if (counted == 0) {
    std::printf("total %s: no position searched to depth %d by both\n\n", std::string(suite.variant).c_str(), depth);
    return true;
  }
  std::printf(
      "total %s to depth %d over %d positions: judkins-engine %.2f M nodes in %.1f s, Fairy-Stockfish %.2f M nodes "
      "in %.1f s; nodes ratio %.2fx, time ratio %.2fx\n\n",
      std::string(suite.variant).c_str(), depth, counted, ours_total.nodes / 1e6, ours_total.seconds,
      theirs_total.nodes / 1e6, theirs_total.seconds, double(ours_total.nodes) / theirs_total.nodes,
      ours_total.seconds / theirs_total.seconds);
  return true;
}

int Main(int argc, char** argv) {
  std::optional<int> depth;
  std::vector<absl::string_view> variants;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--depth") == 0) {
      int value = 0;
      if (i + 1 >= argc || !absl::SimpleAtoi(argv[i + 1], &value) || value < 1 || value > kMaxDepth) {
        std::fprintf(stderr, "--depth takes a depth from 1 to %d\n", kMaxDepth);
        return 2;
      }
      depth = value;
      ++i;
    } else {
      variants.push_back(argv[i]);
    }
  }
  for (absl::string_view name : variants)
    if (std::none_of(std::begin(kSuites), std::end(kSuites), [&](const Suite& s) { return s.variant == name; })) {
      std::fprintf(stderr, "unknown variant '%s': judkins, shogi or minishogi\n", std::string(name).c_str());
      return 2;
    }
  for (const Suite& suite : kSuites) {
    const bool wanted =
        variants.empty() || std::find(variants.begin(), variants.end(), suite.variant) != variants.end();
    if (wanted && !RunSuite(suite, depth.value_or(suite.depth))) return 1;
  }
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) { return judkins::Main(argc, argv); }
