// SFEN in and out, for any variant. Parsing is strict: a position that could
// never occur in a game of the variant is rejected with a message naming the
// problem and the board's own size.
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

std::string Letter(char ch) { return std::string(1, ch); }

}  // namespace

template <class V>
absl::StatusOr<BasicPosition<V>> BasicPosition<V>::FromSfen(absl::string_view sfen) {
  // Step 1. The fields: board, side to move, hand, and an optional move number.
  std::vector<absl::string_view> fields = absl::StrSplit(sfen, ' ', absl::SkipWhitespace());
  if (fields.size() < 3 || fields.size() > 4)
    return SfenError(
        absl::StrCat("expected 3 or 4 fields (board, side to move, hand, move number), got ", fields.size()));
  BasicPosition pos;
  KindCounts kind_counts{};
  std::array<int, 2> kings{};

  // Step 2. The board, rank a (White's side) first, each from the highest file to 1.
  std::vector<absl::string_view> ranks = absl::StrSplit(fields[0], '/');
  if (ranks.size() != size_t(V::kRanks))
    return SfenError(absl::StrCat("board has ", ranks.size(), " ranks, expected ", V::kRanks));
  for (int rank = 0; rank < V::kRanks; ++rank) {
    const std::string rank_name = Letter(char('a' + rank));
    int file = V::kFiles;  // SFEN lists each rank from the highest file down to file 1
    bool promote_next = false;
    for (char ch : ranks[rank]) {
      if (ch >= '1' && ch <= '9' && !promote_next) {
        file -= ch - '0';
      } else if (ch == '+' && !promote_next) {
        promote_next = true;
        continue;
      } else {
        PieceType pt = PieceTypeFromLetter(absl::ascii_toupper(static_cast<unsigned char>(ch)));
        if (!HasKind<V>(pt))
          return SfenError(absl::StrCat("unknown piece letter '", Letter(ch), "' in rank ", rank_name, " (",
                                        VariantName(V::kVariant), " has ", HandLetters<V>(), " and K)"));
        if (promote_next) {
          if (!can_promote(pt))
            return SfenError(
                absl::StrCat("'+", Letter(ch), "' in rank ", rank_name, ": ", Letter(ch), " cannot be promoted"));
          pt = promoted(pt);
        }
        if (file < 1) return SfenError(absl::StrCat("rank ", rank_name, " has more than ", V::kFiles, " squares"));
        const Color c = absl::ascii_isupper(static_cast<unsigned char>(ch)) ? kBlack : kWhite;
        pos.PutPiece(make_piece(c, pt), V::make_square(file, rank));
        --file;
        if (pt == kKing)
          ++kings[c];
        else
          ++kind_counts[unpromoted(pt)];
      }
      promote_next = false;
      if (file < 0) return SfenError(absl::StrCat("rank ", rank_name, " has more than ", V::kFiles, " squares"));
    }
    if (promote_next) return SfenError(absl::StrCat("rank ", rank_name, " ends with '+'"));
    if (file != 0)
      return SfenError(absl::StrCat("rank ", rank_name, " has ", V::kFiles - file, " squares, expected ", V::kFiles));
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
        if (count > MaxHandCount<V>())
          return SfenError(absl::StrCat("hand count ", count, " is more than exist of any kind (", MaxHandCount<V>(),
                                        " in ", VariantName(V::kVariant), ")"));
        continue;
      }
      if (count_given && count == 0) return SfenError("hand count 0 is not allowed");
      const PieceType pt = PieceTypeFromLetter(absl::ascii_toupper(static_cast<unsigned char>(ch)));
      if (pt == kKing) return SfenError("a king cannot be in hand");
      if (!is_hand_type(pt) || !HasKind<V>(pt))
        return SfenError(absl::StrCat("unknown hand piece '", Letter(ch), "' in ", Quoted(fields[2]), " (",
                                      VariantName(V::kVariant), " hands hold ", HandLetters<V>(), ")"));
      const Color c = absl::ascii_isupper(static_cast<unsigned char>(ch)) ? kBlack : kWhite;
      if (pos.hands_[c][pt]) return SfenError(absl::StrCat("hand lists '", Letter(ch), "' twice"));
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
  for (PieceType pt : V::kHandTypes)
    if (kind_counts[pt] > V::kPiecesOfKind[pt])
      return SfenError(absl::StrCat(kind_counts[pt], " pieces of kind ", Letter(PieceLetter(pt)),
                                    " on board and in hand; only ", V::kPiecesOfKind[pt], " exist"));
  for (Color c : {kBlack, kWhite}) {
    constexpr std::pair<PieceType, absl::string_view> kMustMove[] = {
        {kPawn, "pawn"}, {kLance, "lance"}, {kKnight, "knight"}};
    for (const auto& [pt, name] : kMustMove)
      if (Bitboard stuck = pos.pieces(c, pt) & V::last_ranks(c, pt == kKnight ? 2 : 1))
        return SfenError(
            absl::StrCat(kColorNames[c], " ", name, " on ", SquareToString<V>(lsb(stuck)), " could never move"));
    for (int file = 1; file <= V::kFiles; ++file)
      if (more_than_one(pos.pieces(c, kPawn) & V::file_bb(file)))
        return SfenError(absl::StrCat("two unpromoted ", kColorNames[c], " pawns on file ", file));
  }
  const Color waiting = ~pos.side_to_move_;
  if (pos.attackers_to(pos.king_square(waiting), pos.side_to_move_))
    return SfenError(absl::StrCat(kColorNames[waiting], " is in check but it is not its move"));

  pos.StartHistory(move_number);
  return pos;
}

template <class V>
std::string BasicPosition<V>::ToSfen() const {
  std::string sfen;
  for (int rank = 0; rank < V::kRanks; ++rank) {
    int empty = 0;
    for (int file = V::kFiles; file >= 1; --file) {
      const Piece p = board_[V::make_square(file, rank)];
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) sfen += char('0' + std::exchange(empty, 0));
      sfen += PieceToSfen(p);
    }
    if (empty) sfen += char('0' + empty);
    if (rank + 1 < V::kRanks) sfen += '/';
  }
  sfen += side_to_move_ == kBlack ? " b " : " w ";
  // USI order: rook, bishop, gold, silver, knight, lance, pawn; Black's first.
  constexpr PieceType kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
  const size_t hand_start = sfen.size();
  for (Color c : {kBlack, kWhite})
    for (PieceType pt : kHandOrder)
      if (int n = hands_[c][pt]) {
        if (n > 1) absl::StrAppend(&sfen, n);
        sfen += PieceToSfen(make_piece(c, pt));
      }
  if (sfen.size() == hand_start) sfen += '-';
  absl::StrAppend(&sfen, " ", move_number());
  return sfen;
}

#define JUDKINS_INSTANTIATE_SFEN(V)                                                        \
  template absl::StatusOr<BasicPosition<V>> BasicPosition<V>::FromSfen(absl::string_view); \
  template std::string BasicPosition<V>::ToSfen() const;
JUDKINS_INSTANTIATE_SFEN(variants::Judkins)
JUDKINS_INSTANTIATE_SFEN(variants::Shogi)
JUDKINS_INSTANTIATE_SFEN(variants::Minishogi)
#undef JUDKINS_INSTANTIATE_SFEN

}  // namespace judkins
