#include "engine/rules/notation.h"
#include "common/valid_text.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/rules/movegen.h"

namespace judkins {

namespace {
constexpr absl::string_view kLetters = ".PNSBRGK";  // indexed by PieceType
}

char PieceLetter(PieceType pt) {
  pt = unpromoted(pt);
  return pt >= kPawn && pt <= kKing ? kLetters[pt] : 0;
}

PieceType PieceTypeFromLetter(char letter) {
  const size_t index = kLetters.find(letter);
  return index == absl::string_view::npos || index == 0 ? kNoPieceType : PieceType(index);
}

std::string PieceToSfen(Piece p) {
  std::string text;
  if (is_promoted(type_of(p))) text += '+';
  const char letter = PieceLetter(type_of(p));
  text += color_of(p) == kBlack ? letter : char(letter - 'A' + 'a');
  return text;
}

std::string SquareToString(Square s) { return {char('0' + file_of(s)), char('a' + rank_of(s))}; }

absl::StatusOr<Square> ParseSquare(absl::string_view text) {
  if (text.size() != 2 || text[0] < '1' || text[0] > '6' || text[1] < 'a' || text[1] > 'f')
    return absl::InvalidArgumentError(absl::StrCat("bad square ", Quoted(text), " (files 1-6, ranks a-f)"));
  return make_square(text[0] - '0', text[1] - 'a');
}

std::string MoveToUsi(Move m) {
  if (m.is_drop()) return absl::StrCat(std::string(1, PieceLetter(m.dropped())), "*", SquareToString(m.to()));
  return absl::StrCat(SquareToString(m.from()), SquareToString(m.to()), m.is_promotion() ? "+" : "");
}

absl::StatusOr<Move> ParseUsiMove(const Position& pos, absl::string_view text) {
  auto error = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("bad move ", Quoted(text), ": ", why));
  };
  Move move;
  if (text.size() == 4 && text[1] == '*') {
    const PieceType pt = PieceTypeFromLetter(text[0]);
    if (!is_hand_type(pt)) return error("drops name a piece P, N, S, G, B or R");
    absl::StatusOr<Square> to = ParseSquare(text.substr(2));
    if (!to.ok()) return error(to.status().message());
    move = Move::Drop(pt, *to);
  } else if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
    absl::StatusOr<Square> from = ParseSquare(text.substr(0, 2));
    if (!from.ok()) return error(from.status().message());
    absl::StatusOr<Square> to = ParseSquare(text.substr(2, 2));
    if (!to.ok()) return error(to.status().message());
    move = Move::Board(*from, *to, text.size() == 5);
  } else {
    return error("expected a move like 2f4d, 2f4d+ or B*4d");
  }
  if (!IsLegal(pos, move)) return error(absl::StrCat("illegal in ", pos.ToSfen()));
  return move;
}

}  // namespace judkins
