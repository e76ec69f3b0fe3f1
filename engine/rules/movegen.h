// Legal move generation. Every generated move is legal under our rules
// (pins, checks, forced promotion, drop restrictions, nifu, pawn-drop mate).
#ifndef JUDKINS_ENGINE_RULES_MOVEGEN_H_
#define JUDKINS_ENGINE_RULES_MOVEGEN_H_

#include <array>

#include "engine/rules/position.h"
#include "engine/rules/types.h"

namespace judkins {

// Far more than any reachable Judkins position has (all drops of six kinds on
// every empty square plus every board move with both promotion choices).
constexpr int kMaxMoves = 512;

class MoveList {
 public:
  explicit MoveList(const Position& pos);
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool contains(Move m) const;

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_;
};

// Writes the legal moves from pos to out and returns the end of what it wrote.
Move* GenerateLegal(const Position& pos, Move* out);
// Only the legal captures and promotions (no drops), for quiescence search.
Move* GenerateTactical(const Position& pos, Move* out);
bool IsLegal(const Position& pos, Move m);
bool HasLegalMove(const Position& pos);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_MOVEGEN_H_
