// How bushy judkins-engine's tree is against Fairy-Stockfish's: nodes and
// time each needs to reach a depth (one thread, the referee's hash, a new
// game before each position), timed from "go depth N" to "bestmove". Prints both
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

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "bench/bench_positions.h"
#include "worker/usi_client/usi_engine.h"

namespace judkins {
namespace {

// Judkins's goal compares the engines at depth 15; minishogi gets the same,
// standard shogi's wider tree two plies less for about the same time.
constexpr int kJudkinsDepth = 15, kMinishogiDepth = 15, kShogiDepth = 13;
constexpr int kMaxDepth = 40;
// How long one search may take before the benchmark gives the engine up.
constexpr absl::Duration kSearchTimeout = absl::Minutes(5);

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

// One search to depth through the referee's own engine driver: its info
// parsing gives the deepest iteration's nodes, its clock the time from go to
// bestmove.
std::optional<Reached> SearchTo(UsiEngine& engine, const char* sfen, int depth) {
  if (absl::Status status = engine.NewGame(); !status.ok()) {
    std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return std::nullopt;
  }
  absl::StatusOr<EngineMove> move = engine.Think(std::string("position sfen ") + sfen,
                                                 "go depth " + std::to_string(depth), absl::Now() + kSearchTimeout);
  if (!move.ok()) {
    std::fprintf(stderr, "%s\n", std::string(move.status().message()).c_str());
    return std::nullopt;
  }
  return Reached{move->report.nodes, absl::ToDoubleSeconds(move->elapsed), move->report.depth};
}

bool RunSuite(const Suite& suite, int depth) {
  // Both get what the referee sends in a match: the same hash, USI_Ponder
  // off, the variant.
  UsiEngine ours({.name = "judkins-engine", .command = {suite.engine}, .variant = std::string(suite.variant)});
  UsiEngine theirs(
      {.name = "fairy-stockfish", .command = {"/usr/games/fairy-stockfish"}, .variant = std::string(suite.variant)});
  for (UsiEngine* engine : {&ours, &theirs})
    if (absl::Status status = engine->EnsureStarted(); !status.ok()) {
      std::fprintf(stderr, "%s: %s\n", engine->config().name.c_str(), std::string(status.message()).c_str());
      return false;
    }
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
