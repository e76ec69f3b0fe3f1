// Names of pieces, squares and moves as USI (and Fairy-Stockfish) writes them.
#ifndef JUDKINS_ENGINE_RULES_NOTATION_H_
#define JUDKINS_ENGINE_RULES_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules/position.h"
#include "engine/rules/types.h"

namespace judkins {

// Upper-case letter P L N S G B R K of an unpromoted type; 0 for none.
char PieceLetter(PieceType pt);
// The type of an upper-case letter, or kNoPieceType.
PieceType PieceTypeFromLetter(char letter);
// "P", "+p", ...: upper case for Black, '+' before promoted pieces.
std::string PieceToSfen(Piece p);
// "P, N, S, G, B or R": the kinds a hand can hold in the variant, for messages.
template <class V>
std::string HandLetters();

template <class V>
std::string SquareToString(Square s);  // "2f"
// "2f" -> square; the error names the board's files and ranks.
template <class V>
absl::StatusOr<Square> ParseSquare(absl::string_view text);

template <class V>
std::string MoveToUsi(Move m);  // "2f4d", "2f4d+", "B*4d"
// Reads a USI move and checks that it is legal in the position.
template <class V>
absl::StatusOr<Move> ParseUsiMove(const BasicPosition<V>& pos, absl::string_view text);

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_NOTATION_H_
