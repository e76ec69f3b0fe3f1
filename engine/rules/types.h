// Basic vocabulary of Judkins shogi: colours, squares, pieces and moves.
#ifndef JUDKINS_ENGINE_RULES_TYPES_H_
#define JUDKINS_ENGINE_RULES_TYPES_H_

#include <cstdint>

namespace judkins {

constexpr int kFiles = 6;
constexpr int kRanks = 6;
constexpr int kSquares = kFiles * kRanks;

enum Color : uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Square index = rank * 6 + (file - 1), rank 0 being rank 'a' (Black's far
// side). So 1a = 0, 6a = 5, 1f = 30, 6f = 35; Black moves towards lower indices.
using Square = int;
constexpr Square kNoSquare = -1;
constexpr int file_of(Square s) { return s % kFiles + 1; }  // 1..6
constexpr int rank_of(Square s) { return s / kFiles; }      // 0..5 = a..f
constexpr Square make_square(int file, int rank) { return rank * kFiles + file - 1; }
// Rank counted from the given side's own back rank: 0 is its first rank.
constexpr int relative_rank(Color c, Square s) { return c == kBlack ? kRanks - 1 - rank_of(s) : rank_of(s); }

// Unpromoted kinds are 1..7; a promoted kind is its base kind | kPromoted.
enum PieceType : uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kKnight = 2,
  kSilver = 3,
  kBishop = 4,
  kRook = 5,
  kGold = 6,
  kKing = 7,
  kPromoted = 8,
  kProPawn = 9,
  kProKnight = 10,
  kProSilver = 11,
  kHorse = 12,
  kDragon = 13,
  kPieceTypeLimit = 14,
};
constexpr bool can_promote(PieceType pt) { return pt >= kPawn && pt <= kRook; }
constexpr bool is_promoted(PieceType pt) { return pt & kPromoted; }
constexpr PieceType promoted(PieceType pt) { return PieceType(pt | kPromoted); }
constexpr PieceType unpromoted(PieceType pt) { return PieceType(pt & ~kPromoted); }
// Pieces that can be held in hand: Pawn..Gold (never the king, never promoted).
constexpr bool is_hand_type(PieceType pt) { return pt >= kPawn && pt <= kGold; }
// Each side starts with one piece of every kind, so at most two exist.
constexpr int kMaxPiecesOfKind = 2;

// Piece = type | colour << 4; 0 is an empty square.
enum Piece : uint8_t { kNoPiece = 0 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt | (c << 4)); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// A move in 16 bits: destination (6), origin or dropped type (6), promotion
// flag, drop flag. Zero is "no move" (no real move goes from 1a to 1a).
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move Board(Square from, Square to, bool promote = false) {
    return Move(uint16_t(to | from << 6 | int(promote) << 12));
  }
  static constexpr Move Drop(PieceType pt, Square to) { return Move(uint16_t(to | pt << 6 | 1 << 13)); }
  constexpr Square to() const { return data_ & 63; }
  constexpr Square from() const { return (data_ >> 6) & 63; }
  constexpr PieceType dropped() const { return PieceType((data_ >> 6) & 63); }
  constexpr bool is_drop() const { return data_ & (1 << 13); }
  constexpr bool is_promotion() const { return data_ & (1 << 12); }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(uint16_t data) : data_(data) {}
  uint16_t data_ = 0;
};

using Key = uint64_t;

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_TYPES_H_
