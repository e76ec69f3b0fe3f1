// Move ordering: the table move, then captures and promotions by value, then
// killers and the counter move, then quiet moves and drops by history.
#ifndef JUDKINS_ENGINE_SEARCH_MOVE_ORDER_H_
#define JUDKINS_ENGINE_SEARCH_MOVE_ORDER_H_

#include <algorithm>
#include <array>
#include <cstring>

#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "engine/search/score.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

// What the search learns about quiet moves while it runs.
struct OrderingTables {
  int history[2][32][kSquares];  // [colour][moving piece type, or 16 + dropped type][to]
  Move killers[kMaxPly + 8][2];
  Move counter[32][kSquares];  // [piece][to] of the previous move
  void Clear() {
    std::memset(history, 0, sizeof history);
    std::fill(&killers[0][0], &killers[0][0] + sizeof killers / sizeof(Move), Move());
    std::fill(&counter[0][0], &counter[0][0] + sizeof counter / sizeof(Move), Move());
  }
  static int Index(const Position& pos, Move m) {
    return m.is_drop() ? 16 + m.dropped() : type_of(pos.piece_on(m.from()));
  }
};

bool IsTactical(const Position& pos, Move m);

class MovePicker {
 public:
  // tactical_only: captures and promotions (quiescence search, not in check).
  MovePicker(const Position& pos, Move table_move, const OrderingTables& tables, const EvalParams& params, int ply,
             bool tactical_only);
  // The next move in order, or none when all are done.
  Move Next();
  int size() const { return size_; }

 private:
  std::array<Move, kMaxMoves> moves_;
  std::array<int, kMaxMoves> scores_;
  int size_ = 0;
  int next_ = 0;
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_MOVE_ORDER_H_
