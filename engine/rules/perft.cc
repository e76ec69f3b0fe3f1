#include "engine/rules/perft.h"

#include "engine/rules/movegen.h"

namespace judkins {

template <class V>
uint64_t Perft(BasicPosition<V>& pos, int depth) {
  if (depth <= 0) return 1;
  const BasicMoveList<V> moves(pos);
  if (depth == 1) return moves.size();  // bulk counting: the list holds legal moves only
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.DoMove(m);
    nodes += Perft(pos, depth - 1);
    pos.UndoMove();
  }
  return nodes;
}

template <class V>
std::vector<std::pair<Move, uint64_t>> PerftDivide(BasicPosition<V>& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> counts;
  for (Move m : BasicMoveList<V>(pos)) {
    pos.DoMove(m);
    counts.emplace_back(m, Perft(pos, depth - 1));
    pos.UndoMove();
  }
  return counts;
}

#define JUDKINS_INSTANTIATE_PERFT(V)                  \
  template uint64_t Perft<V>(BasicPosition<V>&, int); \
  template std::vector<std::pair<Move, uint64_t>> PerftDivide<V>(BasicPosition<V>&, int);
JUDKINS_INSTANTIATE_PERFT(variants::Judkins)
JUDKINS_INSTANTIATE_PERFT(variants::Shogi)
JUDKINS_INSTANTIATE_PERFT(variants::Minishogi)
#undef JUDKINS_INSTANTIATE_PERFT

}  // namespace judkins
