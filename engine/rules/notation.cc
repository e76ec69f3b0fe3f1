#include "engine/rules/notation.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "common/valid_text.h"
#include "engine/rules/movegen.h"

namespace judkins {
namespace {

// [type]: the letter of each unpromoted type.
constexpr std::array<char, kPieceTypeLimit> kLetters = {0, 'P', 'N', 'S', 'B', 'R', 'G', 'K', 0, 0, 0, 0, 0, 0, 'L', 0};

}  // namespace

char PieceLetter(PieceType pt) { return kLetters[unpromoted(pt)]; }

PieceType PieceTypeFromLetter(char letter) {
  for (int pt = kPawn; pt < kPieceTypeLimit; ++pt)
    if (letter != 0 && kLetters[pt] == letter) return PieceType(pt);
  return kNoPieceType;
}

std::string PieceToSfen(Piece p) {
  std::string text;
  if (is_promoted(type_of(p))) text += '+';
  const char letter = PieceLetter(type_of(p));
  text += color_of(p) == kBlack ? letter : char(letter - 'A' + 'a');
  return text;
}

template <class V>
std::string HandLetters() {
  std::string text;
  for (size_t i = 0; i < V::kHandTypes.size(); ++i)
    absl::StrAppend(&text,
                    i == 0                          ? ""
                    : i + 1 == V::kHandTypes.size() ? " or "
                                                    : ", ",
                    std::string(1, PieceLetter(V::kHandTypes[i])));
  return text;
}

template <class V>
std::string SquareToString(Square s) {
  return {char('0' + V::file_of(s)), char('a' + V::rank_of(s))};
}

template <class V>
absl::StatusOr<Square> ParseSquare(absl::string_view text) {
  const char last_file = char('0' + V::kFiles), last_rank = char('a' + V::kRanks - 1);
  if (text.size() != 2 || text[0] < '1' || text[0] > last_file || text[1] < 'a' || text[1] > last_rank)
    return absl::InvalidArgumentError(absl::StrCat("bad square ", Quoted(text), " (files 1-", std::string(1, last_file),
                                                   ", ranks a-", std::string(1, last_rank), ")"));
  return V::make_square(text[0] - '0', text[1] - 'a');
}

template <class V>
std::string MoveToUsi(Move m) {
  if (m.is_drop()) return absl::StrCat(std::string(1, PieceLetter(m.dropped())), "*", SquareToString<V>(m.to()));
  return absl::StrCat(SquareToString<V>(m.from()), SquareToString<V>(m.to()), m.is_promotion() ? "+" : "");
}

template <class V>
absl::StatusOr<Move> ParseUsiMove(const BasicPosition<V>& pos, absl::string_view text) {
  auto error = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("bad move ", Quoted(text), ": ", why));
  };
  Move move;
  if (text.size() == 4 && text[1] == '*') {
    const PieceType pt = PieceTypeFromLetter(text[0]);
    if (!is_hand_type(pt) || !HasKind<V>(pt)) return error(absl::StrCat("drops name a piece ", HandLetters<V>()));
    absl::StatusOr<Square> to = ParseSquare<V>(text.substr(2));
    if (!to.ok()) return error(to.status().message());
    move = Move::Drop(pt, *to);
  } else if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
    absl::StatusOr<Square> from = ParseSquare<V>(text.substr(0, 2));
    if (!from.ok()) return error(from.status().message());
    absl::StatusOr<Square> to = ParseSquare<V>(text.substr(2, 2));
    if (!to.ok()) return error(to.status().message());
    move = Move::Board(*from, *to, text.size() == 5);
  } else {
    return error("expected a move like 2f4d, 2f4d+ or B*4d");
  }
  if (!IsLegal(pos, move)) return error(absl::StrCat("illegal in ", pos.ToSfen()));
  return move;
}

#define JUDKINS_INSTANTIATE_NOTATION(V)                              \
  template std::string HandLetters<V>();                             \
  template std::string SquareToString<V>(Square);                    \
  template absl::StatusOr<Square> ParseSquare<V>(absl::string_view); \
  template std::string MoveToUsi<V>(Move);                           \
  template absl::StatusOr<Move> ParseUsiMove<V>(const BasicPosition<V>&, absl::string_view);
JUDKINS_INSTANTIATE_NOTATION(variants::Judkins)
JUDKINS_INSTANTIATE_NOTATION(variants::Shogi)
JUDKINS_INSTANTIATE_NOTATION(variants::Minishogi)
#undef JUDKINS_INSTANTIATE_NOTATION

}  // namespace judkins
