// A position of any of the three variants: board, hands, side to move and the
// history of states since the root, which repetition and impasse rules need.
#ifndef JUDKINS_ENGINE_RULES_POSITION_H_
#define JUDKINS_ENGINE_RULES_POSITION_H_

#include <array>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules/bitboard.h"
#include "engine/rules/types.h"
#include "engine/rules/variant.h"

namespace judkins {

// The largest move number an SFEN may give: far past any game, and far
// enough below INT_MAX that counting plies on from it cannot overflow.
inline constexpr int kMaxSfenMoveNumber = 1'000'000;

// Judkins handicap starts: White (the stronger side) gives up pieces and moves first.
enum class Handicap { kNone, kBishop, kRook, kTwoPiece };
absl::string_view HandicapSfen(Handicap handicap);

// What each position in the history carries; the last one is the current.
template <class Bitboard>
struct BasicStateInfo {
  Key key = 0;
  Bitboard checkers = 0;  // pieces giving check to the side to move
  Move move;              // the move that led here (none at the root)
  Piece captured = kNoPiece;
  int impasse_run = 0;      // Judkins: consecutive positions with both kings entered, no check
  int plies_from_null = 0;  // repetitions are looked for no further back than this
};

template <class V>
class BasicPosition {
 public:
  using Traits = V;
  using Bitboard = typename V::Bitboard;
  using StateInfo = BasicStateInfo<Bitboard>;

  // Parses SFEN strictly (see sfen.cc); the error names what is wrong.
  static absl::StatusOr<BasicPosition> FromSfen(absl::string_view sfen);
  static BasicPosition Start() { return *FromSfen(V::kStartSfen); }
  std::string ToSfen() const;

  Color side_to_move() const { return side_to_move_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard occupied() const { return by_color_[kBlack] | by_color_[kWhite]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  int hand_count(Color c, PieceType pt) const { return hands_[c][pt]; }
  bool hand_empty(Color c) const;
  Square king_square(Color c) const { return lsb(pieces(c, kKing)); }

  const StateInfo& state() const { return states_.back(); }
  // Positions from the root to now; history()[0] is the root.
  std::span<const StateInfo> history() const { return states_; }
  Key key() const { return state().key; }
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return checkers() != 0; }
  int plies_from_root() const { return int(states_.size()) - 1; }
  // The SFEN move number: counts plies, as Fairy-Stockfish does.
  int move_number() const { return root_move_number_ + plies_from_root(); }

  // Pieces of either colour attacking s, given an occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s, Color by) const { return attackers_to(s, occupied()) & pieces(by); }
  // Pieces of colour c that are the only piece between c's king and an enemy slider.
  Bitboard pinned(Color c) const;

  // Applies a move, which must be legal (see movegen.h).
  void DoMove(Move m);
  void UndoMove();
  // Passes the turn, for the search's null-move pruning; not when in check.
  void DoNullMove();
  void UndoNullMove();

 private:
  BasicPosition() = default;
  void PutPiece(Piece p, Square s);
  void RemovePiece(Square s);
  // Derives the root state (key, checkers, impasse) from board and hands.
  void StartHistory(int move_number);
  int NextImpasseRun(int previous) const;

  std::array<Piece, V::kSquares> board_{};
  std::array<Bitboard, kPieceTypeLimit> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  std::array<std::array<int, kPieceTypeLimit>, 2> hands_{};
  Color side_to_move_ = kBlack;
  int root_move_number_ = 1;
  std::vector<StateInfo> states_;
};

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_POSITION_H_
