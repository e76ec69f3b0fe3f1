// Iterative deepening alpha-beta (PVS) with aspiration windows, quiescence,
// null move, late-move reductions, check and singular extensions and a transposition table.
#ifndef JUDKINS_ENGINE_SEARCH_SEARCH_H_
#define JUDKINS_ENGINE_SEARCH_SEARCH_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "absl/time/time.h"
#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "engine/search/limits.h"
#include "engine/search/move_order.h"
#include "engine/search/reductions.h"
#include "engine/search/score.h"
#include "engine/search/transposition_table.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

// One completed iteration, as "info" reports it.
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;
  uint64_t nodes = 0;
  absl::Duration elapsed;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  Move best;    // none when the side to move has no legal move
  Move ponder;  // the expected reply, if known
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
};

// How another thread steers a running search. The owner sets it up before
// the search starts, so a "stop" or "ponderhit" sent right after "go" is
// never lost.
struct SearchControl {
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};
  std::atomic<int64_t> start_nanos{0};  // when our clock started (Unix ns)

  void Start(bool ponder) {
    stop = false;
    pondering = ponder;
    start_nanos = absl::ToUnixNanos(absl::Now());
  }
  void PonderHit() {
    start_nanos = absl::ToUnixNanos(absl::Now());  // our own clock starts now
    pondering = false;
  }
};

class Searcher {
 public:
  Searcher(TranspositionTable& table, const EvalParams& params);
  using InfoSink = std::function<void(const SearchInfo&)>;
  // Searches pos (restored on return) within the limits, steered by control.
  SearchResult Run(Position& pos, const SearchLimits& limits, absl::Duration overhead, const InfoSink& info,
                   const SearchControl& control);
  // Forgets what was learnt (history, killers); the table is the caller's.
  void NewGame() { tables_->Clear(); }

 private:
  int Search(Position& pos, int alpha, int beta, int depth, int ply, bool null_allowed);
  int Quiescence(Position& pos, int alpha, int beta, int ply);
  bool ShouldStop();
  // The line at ply becomes m followed by the line found below it.
  void UpdatePv(int ply, Move m);
  void UpdateQuietStats(const Position& pos, Move best, int depth, int ply, const Move* tried, int tried_count);

  TranspositionTable& table_;
  const EvalParams& params_;
  std::unique_ptr<OrderingTables> tables_;
  ReductionTable reductions_;  // from the parameters, at each Run
  const SearchControl* control_ = nullptr;
  bool stop_ = false;  // set once the search must unwind
  absl::Duration maximum_;
  bool time_limited_ = false;
  uint64_t node_limit_ = 0;
  uint64_t nodes_ = 0;
  int root_depth_ = 0;
  int seldepth_ = 0;
  Move excluded_[kMaxPly + 1];  // the move a singular search at that ply leaves out, else none
  Move pv_[kMaxPly + 1][kMaxPly + 1];
  int pv_length_[kMaxPly + 1];
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_SEARCH_H_
