// SFEN in and out. Parsing is strict: a position that could never occur in a
// game is rejected with a message naming the problem.
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/valid_text.h"
#include "engine/rules/notation.h"
#include "engine/rules/position.h"

namespace judkins {
namespace {

constexpr absl::string_view kColorNames[2] = {"Black", "White"};

absl::Status SfenError(absl::string_view what) { return absl::InvalidArgumentError(absl::StrCat("bad SFEN: ", what)); }

std::string SquareName(Square s) { return SquareToString(s); }

}  // namespace

absl::StatusOr<Position> Position::FromSfen(absl::string_view sfen) {
  // Step 1. The fields: board, side to move, hand, and an optional move number.
  std::vector<absl::string_view> fields = absl::StrSplit(sfen, ' ', absl::SkipWhitespace());
  if (fields.size() < 3 || fields.size() > 4)
    return SfenError(
        absl::StrCat("expected 3 or 4 fields (board, side to move, hand, move number), got ", fields.size()));
  Position pos;
  std::array<int, 8> kind_counts{};
  std::array<int, 2> kings{};

  // Step 2. The board, rank a (White's side) first, each from file 6 to 1.
  std::vector<absl::string_view> ranks = absl::StrSplit(fields[0], '/');
  if (ranks.size() != kRanks) return SfenError(absl::StrCat("board has ", ranks.size(), " ranks, expected 6"));
  for (int rank = 0; rank < kRanks; ++rank) {
    const char rank_name = char('a' + rank);
    int file = kFiles;  // SFEN lists each rank from file 6 down to file 1
    bool promote_next = false;
    for (char ch : ranks[rank]) {
      if (ch >= '1' && ch <= '9' && !promote_next) {
        file -= ch - '0';
      } else if (ch == '+' && !promote_next) {
        promote_next = true;
        continue;
      } else {
        PieceType pt = PieceTypeFromLetter(absl::ascii_toupper(static_cast<unsigned char>(ch)));
        if (pt == kNoPieceType)
          return SfenError(
              absl::StrCat("unknown piece letter '", std::string(1, ch), "' in rank ", std::string(1, rank_name)));
        if (promote_next) {
          if (!can_promote(pt))
            return SfenError(absl::StrCat("'+", std::string(1, ch), "' in rank ", std::string(1, rank_name),
                                          ": only P, N, S, B and R can be promoted"));
          pt = promoted(pt);
        }
        if (file < 1) return SfenError(absl::StrCat("rank ", std::string(1, rank_name), " has more than 6 squares"));
        const Color c = absl::ascii_isupper(static_cast<unsigned char>(ch)) ? kBlack : kWhite;
        pos.PutPiece(make_piece(c, pt), make_square(file, rank));
        --file;
        if (pt == kKing)
          ++kings[c];
        else
          ++kind_counts[unpromoted(pt)];
      }
      promote_next = false;
      if (file < 0) return SfenError(absl::StrCat("rank ", std::string(1, rank_name), " has more than 6 squares"));
    }
    if (promote_next) return SfenError(absl::StrCat("rank ", std::string(1, rank_name), " ends with '+'"));
    if (file != 0)
      return SfenError(
          absl::StrCat("rank ", std::string(1, rank_name), " has ", kFiles - file, " squares, expected 6"));
  }

  // Step 3. The side to move.
  if (fields[1] == "b")
    pos.side_to_move_ = kBlack;
  else if (fields[1] == "w")
    pos.side_to_move_ = kWhite;
  else
    return SfenError(absl::StrCat("side to move must be 'b' or 'w', got ", Quoted(fields[1])));

  // Step 4. The hands: "-" or counts and letters, Black's upper case.
  if (fields[2] != "-") {
    int count = 0;
    bool count_given = false;
    for (char ch : fields[2]) {
      if (absl::ascii_isdigit(static_cast<unsigned char>(ch))) {
        count = count * 10 + (ch - '0');
        count_given = true;
        if (count > kMaxPiecesOfKind)
          return SfenError(absl::StrCat("hand count ", count, " is more than exist of any kind"));
        continue;
      }
      if (count_given && count == 0) return SfenError("hand count 0 is not allowed");
      const PieceType pt = PieceTypeFromLetter(absl::ascii_toupper(static_cast<unsigned char>(ch)));
      if (pt == kKing) return SfenError("a king cannot be in hand");
      if (!is_hand_type(pt))
        return SfenError(absl::StrCat("unknown hand piece '", std::string(1, ch), "' in ", Quoted(fields[2])));
      const Color c = absl::ascii_isupper(static_cast<unsigned char>(ch)) ? kBlack : kWhite;
      if (pos.hands_[c][pt]) return SfenError(absl::StrCat("hand lists '", std::string(1, ch), "' twice"));
      pos.hands_[c][pt] = count_given ? count : 1;
      kind_counts[pt] += pos.hands_[c][pt];
      count = 0;
      count_given = false;
    }
    if (count_given) return SfenError(absl::StrCat("hand ", Quoted(fields[2]), " ends with a count"));
  }

  // Step 5. The move number.
  int move_number = 1;
  if (fields.size() == 4 &&
      (!absl::SimpleAtoi(fields[3], &move_number) || move_number < 1 || move_number > kMaxSfenMoveNumber))
    return SfenError(
        absl::StrCat("move number must be an integer from 1 to ", kMaxSfenMoveNumber, ", got ", Quoted(fields[3])));

  // Step 6. A position the rules can reach: one king each, no more pieces of
  // a kind than exist, no piece that could never move, no two pawns on a
  // file, and the side that just moved not left in check.
  for (Color c : {kBlack, kWhite})
    if (kings[c] != 1) return SfenError(absl::StrCat(kColorNames[c], " has ", kings[c], " kings, expected 1"));
  for (int pt = kPawn; pt <= kGold; ++pt)
    if (kind_counts[pt] > kMaxPiecesOfKind)
      return SfenError(absl::StrCat(kind_counts[pt], " pieces of kind ", std::string(1, PieceLetter(PieceType(pt))),
                                    " on board and in hand; only 2 exist"));
  for (Color c : {kBlack, kWhite}) {
    if (Bitboard stuck = pos.pieces(c, kPawn) & last_ranks(c, 1))
      return SfenError(absl::StrCat(kColorNames[c], " pawn on ", SquareName(lsb(stuck)), " could never move"));
    if (Bitboard stuck = pos.pieces(c, kKnight) & last_ranks(c, 2))
      return SfenError(absl::StrCat(kColorNames[c], " knight on ", SquareName(lsb(stuck)), " could never move"));
    for (int file = 1; file <= kFiles; ++file)
      if (more_than_one(pos.pieces(c, kPawn) & file_bb(file)))
        return SfenError(absl::StrCat("two unpromoted ", kColorNames[c], " pawns on file ", file));
  }
  const Color waiting = ~pos.side_to_move_;
  if (pos.attackers_to(pos.king_square(waiting), pos.side_to_move_))
    return SfenError(absl::StrCat(kColorNames[waiting], " is in check but it is not its move"));

  pos.StartHistory(move_number);
  return pos;
}

std::string Position::ToSfen() const {
  std::string sfen;
  for (int rank = 0; rank < kRanks; ++rank) {
    int empty = 0;
    for (int file = kFiles; file >= 1; --file) {
      const Piece p = board_[make_square(file, rank)];
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) sfen += char('0' + std::exchange(empty, 0));
      sfen += PieceToSfen(p);
    }
    if (empty) sfen += char('0' + empty);
    if (rank + 1 < kRanks) sfen += '/';
  }
  sfen += side_to_move_ == kBlack ? " b " : " w ";
  // USI order: rook, bishop, gold, silver, knight, pawn; Black's first.
  constexpr PieceType kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kPawn};
  const size_t hand_start = sfen.size();
  for (Color c : {kBlack, kWhite})
    for (PieceType pt : kHandOrder)
      if (int n = hands_[c][pt]) {
        if (n > 1) sfen += char('0' + n);
        sfen += PieceToSfen(make_piece(c, pt));
      }
  if (sfen.size() == hand_start) sfen += '-';
  absl::StrAppend(&sfen, " ", move_number());
  return sfen;
}

}  // namespace judkins
