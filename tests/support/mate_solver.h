// An exhaustive checks-only mate solver (tsume style), independent of the
// engine's search: it tells the tests which positions are forced mates.
#ifndef JUDKINS_TESTS_SUPPORT_MATE_SOLVER_H_
#define JUDKINS_TESTS_SUPPORT_MATE_SOLVER_H_

#include <vector>

#include "engine/rules/edition.h"

namespace judkins::testing {

// True when the side to move mates within `moves` of its own moves, giving
// check with each of them, whatever the defence.
inline bool ChecksOnlyMate(Position& pos, int moves) {
  if (moves <= 0) return false;
  for (Move attack : MoveList(pos)) {
    pos.DoMove(attack);
    bool forced = pos.in_check();
    if (forced) {
      const MoveList defences(pos);
      for (Move defence : defences) {
        pos.DoMove(defence);
        forced = ChecksOnlyMate(pos, moves - 1);
        pos.UndoMove();
        if (!forced) break;
      }
    }
    pos.UndoMove();
    if (forced) return true;
  }
  return false;
}

// True when the side to move wins within `moves` of its own moves by any
// moves at all: the defender is left without a legal move. Full width, so
// only for small depths.
inline bool ForcedMate(Position& pos, int moves) {
  if (moves <= 0) return false;
  for (Move attack : MoveList(pos)) {
    pos.DoMove(attack);
    const MoveList defences(pos);
    bool forced = true;
    for (Move defence : defences) {
      pos.DoMove(defence);
      forced = ForcedMate(pos, moves - 1);
      pos.UndoMove();
      if (!forced) break;
    }
    pos.UndoMove();
    if (forced) return true;
  }
  return false;
}

// The fewest moves (1..max_moves) of a checks-only mate, or 0.
inline int ShortestChecksOnlyMate(Position pos, int max_moves) {
  for (int n = 1; n <= max_moves; ++n)
    if (ChecksOnlyMate(pos, n)) return n;
  return 0;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_MATE_SOLVER_H_
