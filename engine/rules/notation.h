// Names of pieces, squares and moves as USI (and Fairy-Stockfish) writes them.
#ifndef JUDKINS_ENGINE_RULES_NOTATION_H_
#define JUDKINS_ENGINE_RULES_NOTATION_H_

#include <string>
#include "absl/strings/string_view.h"

#include "absl/status/statusor.h"
#include "engine/rules/position.h"
#include "engine/rules/types.h"

namespace judkins {

// Upper-case letter P N S G B R K of an unpromoted type; 0 for none.
char PieceLetter(PieceType pt);
// The type of an upper-case letter, or kNoPieceType.
PieceType PieceTypeFromLetter(char letter);
// "P", "+p", ...: upper case for Black, '+' before promoted pieces.
std::string PieceToSfen(Piece p);

std::string SquareToString(Square s);                        // "2f"
absl::StatusOr<Square> ParseSquare(absl::string_view text);  // "2f" -> square

std::string MoveToUsi(Move m);  // "2f4d", "2f4d+", "B*4d"
// Reads a USI move and checks that it is legal in the position.
absl::StatusOr<Move> ParseUsiMove(const Position& pos, absl::string_view text);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_NOTATION_H_
