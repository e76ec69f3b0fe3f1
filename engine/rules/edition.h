// The rules as a program that plays one variant sees them: the names of the
// rules core bound to that variant (Position, MoveList, square_bb, ...).
//
// judkins-engine is built once per variant from the same sources, each edition
// compiled with JUDKINS_EDITION set to the variant's traits (Judkins, Shogi,
// Minishogi; Judkins when unset). Code built once for all variants (the
// worker's referee, records, books) names the variant instead and dispatches
// with WithVariant (variant.h). Everything built per edition lives in the
// edition's own namespace (below), so editions can share a program.
#ifndef JUDKINS_ENGINE_RULES_EDITION_H_
#define JUDKINS_ENGINE_RULES_EDITION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules/bitboard.h"
#include "engine/rules/game_status.h"
#include "engine/rules/hodges.h"
#include "engine/rules/movegen.h"
#include "engine/rules/notation.h"
#include "engine/rules/perft.h"
#include "engine/rules/position.h"
#include "engine/rules/variant.h"

#ifndef JUDKINS_EDITION
#define JUDKINS_EDITION Judkins
#endif
#define JUDKINS_EDITION_NAMESPACE_(name) edition_##name
#define JUDKINS_EDITION_NAMESPACE(name) JUDKINS_EDITION_NAMESPACE_(name)
// What is built per edition (the engine, the texel fit, the book maker) lives
// in the edition's namespace, judkins::edition_Shogi for instance, so that
// one program can link several editions (judkins-tune fits each variant):
//   namespace judkins {
//   JUDKINS_EDITION_BEGIN
//   ...
//   JUDKINS_EDITION_END
//   }  // namespace judkins
#define JUDKINS_EDITION_BEGIN inline namespace JUDKINS_EDITION_NAMESPACE(JUDKINS_EDITION) {
#define JUDKINS_EDITION_END }

namespace judkins {
JUDKINS_EDITION_BEGIN

using PlayedVariant = variants::JUDKINS_EDITION;
using Position = BasicPosition<PlayedVariant>;
using MoveList = BasicMoveList<PlayedVariant>;
using StateInfo = Position::StateInfo;
using Bitboard = PlayedVariant::Bitboard;

constexpr int kFiles = PlayedVariant::kFiles;
constexpr int kRanks = PlayedVariant::kRanks;
constexpr int kSquares = PlayedVariant::kSquares;
constexpr int kMaxMoves = PlayedVariant::kMaxMoves;
constexpr absl::string_view kStartSfen = PlayedVariant::kStartSfen;
constexpr Bitboard kAllSquares = PlayedVariant::kAllSquares;

constexpr int file_of(Square s) { return PlayedVariant::file_of(s); }
constexpr int rank_of(Square s) { return PlayedVariant::rank_of(s); }
constexpr Square make_square(int file, int rank) { return PlayedVariant::make_square(file, rank); }
constexpr int relative_rank(Color c, Square s) { return PlayedVariant::relative_rank(c, s); }
constexpr Bitboard square_bb(Square s) { return PlayedVariant::square_bb(s); }
constexpr Bitboard rank_bb(int rank) { return PlayedVariant::rank_bb(rank); }
constexpr Bitboard file_bb(int file) { return PlayedVariant::file_bb(file); }
constexpr Bitboard promotion_zone(Color c) { return PlayedVariant::promotion_zone(c); }
constexpr Bitboard last_ranks(Color c, int depth) { return PlayedVariant::last_ranks(c, depth); }

constexpr Bitboard step_attacks(Color c, PieceType pt, Square s) {
  return judkins::step_attacks<PlayedVariant>(c, pt, s);
}
constexpr Bitboard rook_attacks(Square s, Bitboard occupied) {
  return judkins::rook_attacks<PlayedVariant>(s, occupied);
}
constexpr Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return judkins::bishop_attacks<PlayedVariant>(s, occupied);
}
constexpr Bitboard attacks_from(Color c, PieceType pt, Square s, Bitboard occupied) {
  return judkins::attacks_from<PlayedVariant>(c, pt, s, occupied);
}
constexpr Bitboard between_bb(Square a, Square b) { return judkins::between_bb<PlayedVariant>(a, b); }
constexpr Bitboard line_bb(Square a, Square b) { return judkins::line_bb<PlayedVariant>(a, b); }

inline std::string SquareToString(Square s) { return judkins::SquareToString<PlayedVariant>(s); }
inline absl::StatusOr<Square> ParseSquare(absl::string_view text) { return judkins::ParseSquare<PlayedVariant>(text); }
inline std::string MoveToUsi(Move m) { return judkins::MoveToUsi<PlayedVariant>(m); }

// The engine program of this edition: judkins-engine for Judkins, else
// judkins-engine-VARIANT.
inline std::string EngineProgram() {
  if (PlayedVariant::kVariant == Variant::kJudkins) return "judkins-engine";
  return "judkins-engine-" + std::string(VariantName(PlayedVariant::kVariant));
}

}  // namespace )
}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_EDITION_H_
