// A recorded game replayed with its variant's rules into what the shogi
// record formats (KIF, CSA) write: the starting board and hands, and each
// move with the piece that made it and the squares as file and rank numbers.
#ifndef JUDKINS_RECORDS_REPLAYED_GAME_H_
#define JUDKINS_RECORDS_REPLAYED_GAME_H_

#include <array>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "engine/rules/types.h"
#include "engine/rules/variant.h"
#include "records/game_record.h"

namespace judkins {

struct ReplayedMove {
  Color mover;
  PieceType piece;  // what moved, before any promotion; the dropped kind for a drop
  bool drop = false;
  bool promotion = false;
  int from_file = 0, from_rank = 0;  // 1-based, rank 1 = rank a; 0 for a drop
  int to_file = 0, to_rank = 0;
  absl::Duration elapsed;
};

struct ReplayedGame {
  int files = 0, ranks = 0;
  // [rank - 1][file - 1] of the start, rank 1 (a) first.
  std::vector<std::vector<Piece>> board;
  std::array<std::array<int, kPieceTypeLimit>, 2> hands{};
  Color side_to_move = kBlack;
  bool standard_start = false;  // the variant's own start position
  std::vector<ReplayedMove> moves;
  // Who is to move after the last move: the side a termination speaks of.
  Color side_to_move_at_end() const { return moves.size() % 2 == 0 ? side_to_move : ~side_to_move; }
};

// Replays the record's moves from its start; an illegal move or a bad SFEN is
// an error (a record the referee wrote never has one).
absl::StatusOr<ReplayedGame> ReplayGame(const GameRecord& record);

// The position before the first move and after each, as SFEN (the game
// viewer's frames); an illegal move or a bad SFEN is an error naming it.
absl::StatusOr<std::vector<std::string>> ReplaySfens(Variant variant, const std::string& start_sfen,
                                                     const std::vector<std::string>& usi_moves);

// The kinds a hand lists, in the order shogi records write them.
inline constexpr std::array<PieceType, 7> kRecordHandOrder = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};

}  // namespace judkins

#endif  // JUDKINS_RECORDS_REPLAYED_GAME_H_
