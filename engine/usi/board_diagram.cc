#include "engine/usi/board_diagram.h"

#include "absl/strings/str_cat.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

std::string BoardDiagram(const Position& pos) {
  std::string rule = "  +", text = "  ";
  for (int file = kFiles; file >= 1; --file) {
    rule += "----+";
    absl::StrAppend(&text, "  ", file, "  ");
  }
  rule += '\n';
  text += '\n';
  const std::string& kRule = rule;
  absl::StrAppend(&text, kRule);
  for (int rank = 0; rank < kRanks; ++rank) {
    text += "  |";
    for (int file = kFiles; file >= 1; --file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      const std::string name = p ? PieceToSfen(p) : "";
      absl::StrAppend(&text, std::string(3 - name.size(), ' '), name, " |");
    }
    absl::StrAppend(&text, " ", std::string(1, char('a' + rank)), "\n", kRule);
  }
  absl::StrAppend(&text, "\nSfen: ", pos.ToSfen(), "\nKey: ", absl::Hex(pos.key(), absl::kZeroPad16), "\nCheckers:");
  for (Bitboard b = pos.checkers(); b;) absl::StrAppend(&text, " ", SquareToString(pop_lsb(b)));
  text += '\n';
  return text;
}

JUDKINS_EDITION_END
}  // namespace judkins
