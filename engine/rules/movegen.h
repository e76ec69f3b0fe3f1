// Legal move generation. Every generated move is legal under the variant's
// rules (pins, checks, forced promotion, drop restrictions, nifu, pawn-drop mate).
#ifndef JUDKINS_ENGINE_RULES_MOVEGEN_H_
#define JUDKINS_ENGINE_RULES_MOVEGEN_H_

#include <algorithm>
#include <array>

#include "engine/rules/position.h"
#include "engine/rules/types.h"

namespace judkins {

// Writes the legal moves from pos to out (room for V::kMaxMoves) and returns
// the end of what it wrote.
template <class V>
Move* GenerateLegal(const BasicPosition<V>& pos, Move* out);
// Only the legal captures and promotions (no drops), for quiescence search.
template <class V>
Move* GenerateTactical(const BasicPosition<V>& pos, Move* out);
// The legal moves that check the enemy king without capturing or promoting
// (board moves and drops), when the side to move is not in check; with the
// captures and promotions that check, every check there is (a mate search's
// first moves).
template <class V>
Move* GenerateQuietChecks(const BasicPosition<V>& pos, Move* out);

// Whether the legal move m checks the enemy king, told without making it.
template <class V>
bool GivesCheck(const BasicPosition<V>& pos, Move m);

template <class V>
class BasicMoveList {
 public:
  explicit BasicMoveList(const BasicPosition<V>& pos) : size_(int(GenerateLegal(pos, moves_.data()) - moves_.data())) {}
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

 private:
  std::array<Move, V::kMaxMoves> moves_;
  int size_;
};

template <class V>
bool IsLegal(const BasicPosition<V>& pos, Move m) {
  return BasicMoveList<V>(pos).contains(m);
}
template <class V>
bool HasLegalMove(const BasicPosition<V>& pos) {
  return !BasicMoveList<V>(pos).empty();
}

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_MOVEGEN_H_
