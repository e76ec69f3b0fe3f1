#include "engine/rules/hodges.h"
#include "common/valid_text.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/rules/movegen.h"
#include "engine/rules/notation.h"

namespace judkins {
namespace {

template <class V>
bool PromotionPossible(const BasicPosition<V>& pos, Move m) {
  const Color us = pos.side_to_move();
  return !m.is_drop() && can_promote(type_of(pos.piece_on(m.from()))) &&
         (V::promotion_zone(us) & (V::square_bb(m.from()) | V::square_bb(m.to())));
}

std::string PieceName(PieceType pt) {
  return absl::StrCat(is_promoted(pt) ? "+" : "", std::string(1, PieceLetter(pt)));
}

}  // namespace

template <class V>
std::string MoveToHodges(const BasicPosition<V>& pos, Move m) {
  if (m.is_drop()) return absl::StrCat(PieceName(m.dropped()), "*", SquareToString<V>(m.to()));
  const PieceType pt = type_of(pos.piece_on(m.from()));
  bool ambiguous = false;
  for (Move other : BasicMoveList<V>(pos))
    ambiguous |= !other.is_drop() && other.to() == m.to() && other.from() != m.from() &&
                 type_of(pos.piece_on(other.from())) == pt;
  std::string text = PieceName(pt);
  if (ambiguous) text += SquareToString<V>(m.from());
  absl::StrAppend(&text, pos.piece_on(m.to()) ? "x" : "-", SquareToString<V>(m.to()));
  if (PromotionPossible(pos, m)) text += m.is_promotion() ? '+' : '=';
  return text;
}

template <class V>
absl::StatusOr<Move> ParseHodgesMove(const BasicPosition<V>& pos, absl::string_view text) {
  auto error = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("bad Hodges move ", Quoted(text), ": ", why));
  };
  absl::string_view rest = text;
  const bool promoted_piece = !rest.empty() && rest.front() == '+';
  if (promoted_piece) rest.remove_prefix(1);
  if (rest.empty()) return error("missing piece letter");
  PieceType pt = PieceTypeFromLetter(rest.front());
  if (!HasKind<V>(pt)) return error(absl::StrCat("piece must be one of ", HandLetters<V>(), " or K"));
  if (promoted_piece) {
    if (!can_promote(pt)) return error(absl::StrCat(std::string(1, rest.front()), " cannot be promoted"));
    pt = promoted(pt);
  }
  rest.remove_prefix(1);

  Square origin = kNoSquare;
  if (rest.size() >= 2 && rest[0] >= '1' && rest[0] <= '9') {
    absl::StatusOr<Square> square = ParseSquare<V>(rest.substr(0, 2));
    if (!square.ok()) return error(square.status().message());
    origin = *square;
    rest.remove_prefix(2);
  }
  if (rest.empty() || (rest[0] != '-' && rest[0] != 'x' && rest[0] != '*'))
    return error("expected '-', 'x' or '*' before the destination");
  const char kind = rest[0];
  rest.remove_prefix(1);
  if (rest.size() < 2) return error("missing destination square");
  absl::StatusOr<Square> to = ParseSquare<V>(rest.substr(0, 2));
  if (!to.ok()) return error(to.status().message());
  rest.remove_prefix(2);
  char suffix = 0;
  if (!rest.empty()) {
    if (rest != "+" && rest != "=") return error("only '+' or '=' may follow the destination");
    suffix = rest[0];
  }

  if (kind == '*') {
    if (promoted_piece || origin != kNoSquare || suffix) return error("a drop is written like B*4d");
    const Move drop = Move::Drop(pt, *to);
    if (!is_hand_type(pt) || !IsLegal(pos, drop)) return error("illegal drop");
    return drop;
  }
  if ((kind == 'x') != bool(pos.piece_on(*to)))
    return error(kind == 'x' ? "'x' but the destination is empty" : "'-' but the destination is occupied");

  std::vector<Move> matches;
  for (Move m : BasicMoveList<V>(pos)) {
    if (m.is_drop() || m.to() != *to || type_of(pos.piece_on(m.from())) != pt) continue;
    if (origin != kNoSquare && m.from() != origin) continue;
    if (suffix && (!PromotionPossible(pos, m) || m.is_promotion() != (suffix == '+'))) continue;
    matches.push_back(m);
  }
  if (matches.empty()) return error("no legal move matches");
  if (matches.size() > 1) {
    if (matches[0].from() != matches[1].from()) return error("ambiguous: name the origin square");
    return error("ambiguous: end with '+' to promote or '=' not to");
  }
  return matches[0];
}

#define JUDKINS_INSTANTIATE_HODGES(V)                                  \
  template std::string MoveToHodges<V>(const BasicPosition<V>&, Move); \
  template absl::StatusOr<Move> ParseHodgesMove<V>(const BasicPosition<V>&, absl::string_view);
JUDKINS_INSTANTIATE_HODGES(variants::Judkins)
JUDKINS_INSTANTIATE_HODGES(variants::Shogi)
JUDKINS_INSTANTIATE_HODGES(variants::Minishogi)
#undef JUDKINS_INSTANTIATE_HODGES

}  // namespace judkins
