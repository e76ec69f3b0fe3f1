#include "engine/rules/perft.h"

#include "engine/rules/movegen.h"

namespace judkins {

uint64_t Perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  const MoveList moves(pos);
  if (depth == 1) return moves.size();  // bulk counting: the list holds legal moves only
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.DoMove(m);
    nodes += Perft(pos, depth - 1);
    pos.UndoMove();
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> PerftDivide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> counts;
  for (Move m : MoveList(pos)) {
    pos.DoMove(m);
    counts.emplace_back(m, Perft(pos, depth - 1));
    pos.UndoMove();
  }
  return counts;
}

}  // namespace judkins
