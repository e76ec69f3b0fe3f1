// Basic vocabulary of the three variants (Judkins shogi, standard shogi and
// minishogi): colours, squares, pieces and moves. What differs between the
// variants (board size, piece set, zone) is in variant.h.
#ifndef JUDKINS_ENGINE_RULES_TYPES_H_
#define JUDKINS_ENGINE_RULES_TYPES_H_

#include <array>
#include <cstdint>

namespace judkins {

enum Color : uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Square index = rank * files + (file - 1), rank 0 being rank 'a' (White's
// side, Black's far side); variant.h has the geometry of each board.
using Square = int;
constexpr Square kNoSquare = -1;
// The largest board (standard shogi, 9x9): a move stores squares in 7 bits.
constexpr int kMaxBoardSquares = 81;

// Unpromoted kinds 1..7 with their promoted forms at base + 8 came first (Judkins
// has no lance); the lance and its promoted form took the two free numbers, so
// every Judkins type, zobrist key and evaluation slot kept its number.
enum PieceType : uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kKnight = 2,
  kSilver = 3,
  kBishop = 4,
  kRook = 5,
  kGold = 6,
  kKing = 7,
  kProPawn = 9,
  kProKnight = 10,
  kProSilver = 11,
  kHorse = 12,
  kDragon = 13,
  kLance = 14,
  kProLance = 15,
  kPieceTypeLimit = 16,
};

namespace piece_tables {
// [type]: the promoted form (none for what cannot promote) and the base form.
inline constexpr std::array<PieceType, kPieceTypeLimit> kPromotedForm = {
    kNoPieceType, kProPawn,     kProKnight,   kProSilver,   kHorse,       kDragon,      kNoPieceType, kNoPieceType,
    kNoPieceType, kNoPieceType, kNoPieceType, kNoPieceType, kNoPieceType, kNoPieceType, kProLance,    kNoPieceType};
inline constexpr std::array<PieceType, kPieceTypeLimit> kBaseForm = {
    kNoPieceType, kPawn, kKnight, kSilver, kBishop, kRook, kGold,  kKing,
    kNoPieceType, kPawn, kKnight, kSilver, kBishop, kRook, kLance, kLance};
}  // namespace piece_tables

constexpr bool can_promote(PieceType pt) { return piece_tables::kPromotedForm[pt] != kNoPieceType; }
constexpr bool is_promoted(PieceType pt) { return pt != kNoPieceType && piece_tables::kBaseForm[pt] != pt; }
constexpr PieceType promoted(PieceType pt) { return piece_tables::kPromotedForm[pt]; }
constexpr PieceType unpromoted(PieceType pt) { return piece_tables::kBaseForm[pt]; }
// Pieces that can be held in hand: never the king, never promoted. Whether a
// variant has the kind at all is the variant's business (variant.h).
constexpr bool is_hand_type(PieceType pt) { return (pt >= kPawn && pt <= kGold) || pt == kLance; }
// Moves like a gold: the gold and every promoted minor piece.
constexpr bool moves_like_gold(PieceType pt) {
  return pt == kGold || pt == kProPawn || pt == kProKnight || pt == kProSilver || pt == kProLance;
}

// Piece = type | colour << 4; 0 is an empty square.
enum Piece : uint8_t { kNoPiece = 0 };
constexpr int kPieceLimit = 32;
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt | (c << 4)); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// A move in 16 bits: destination (7), origin or dropped type (7), promotion
// flag, drop flag. Zero is "no move" (no real move goes from 1a to 1a).
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move Board(Square from, Square to, bool promote = false) {
    return Move(uint16_t(to | from << kFromShift | int(promote) << kPromotionBit));
  }
  static constexpr Move Drop(PieceType pt, Square to) { return Move(uint16_t(to | pt << kFromShift | 1 << kDropBit)); }
  constexpr Square to() const { return data_ & kSquareMask; }
  constexpr Square from() const { return (data_ >> kFromShift) & kSquareMask; }
  constexpr PieceType dropped() const { return PieceType((data_ >> kFromShift) & kSquareMask); }
  constexpr bool is_drop() const { return data_ & (1 << kDropBit); }
  constexpr bool is_promotion() const { return data_ & (1 << kPromotionBit); }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr uint16_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  static constexpr int kFromShift = 7;
  static constexpr int kSquareMask = (1 << kFromShift) - 1;
  static constexpr int kPromotionBit = 14;
  static constexpr int kDropBit = 15;
  static_assert(kMaxBoardSquares <= kSquareMask + 1 && kPieceTypeLimit <= kSquareMask + 1);
  constexpr explicit Move(uint16_t data) : data_(data) {}
  uint16_t data_ = 0;
};

using Key = uint64_t;

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_TYPES_H_
