// The three variants as compile-time traits: board geometry, piece set,
// promotion zone, hand limits and end-of-game rules. The rules core is one set
// of templates over these traits (docs/architecture.md says why), explicitly
// instantiated for each variant in the rules' .cc files; code that handles any
// variant chosen at run time dispatches once with WithVariant.
#ifndef JUDKINS_ENGINE_RULES_VARIANT_H_
#define JUDKINS_ENGINE_RULES_VARIANT_H_

#include <array>
#include <cstdint>
#include <type_traits>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/rules/types.h"

namespace judkins {

enum class Variant : uint8_t { kJudkins, kShogi, kMinishogi };
inline constexpr std::array<Variant, 3> kAllVariants = {Variant::kJudkins, Variant::kShogi, Variant::kMinishogi};

// "judkins", "shogi", "minishogi": the names Fairy-Stockfish and USI_Variant use.
absl::string_view VariantName(Variant variant);
// "Judkins shogi", "standard shogi", "minishogi": what prose calls the game.
absl::string_view VariantTitle(Variant variant);
// The variant of a name (case-insensitive); the error lists the names.
absl::StatusOr<Variant> ParseVariant(absl::string_view name);

// What decides a game both kings have walked into the enemy camp.
enum class EnteringKingRule {
  kJudkinsImpasse,    // automatic after a quiet spell, or claimed: points decide
  kPointDeclaration,  // the CSA declaration ("bestmove win"), 27 or 24 points
  kNone,              // no rule: a declaration is always false
};

// What a fourfold repetition without perpetual check scores.
enum class RepetitionRule { kDraw, kFirstPlayerLoses };

__extension__ using Uint128 = unsigned __int128;

namespace geometry {

// [file]: the squares of each file (index 0 unused).
template <class Bitboard, int Files, int Ranks>
constexpr std::array<Bitboard, Files + 1> FileMasks() {
  std::array<Bitboard, Files + 1> files{};
  for (int file = 1; file <= Files; ++file)
    for (int rank = 0; rank < Ranks; ++rank) files[file] |= Bitboard(1) << (rank * Files + file - 1);
  return files;
}

// [colour][depth]: the `depth` ranks farthest from that colour.
template <class Bitboard, int Files, int Ranks>
constexpr std::array<std::array<Bitboard, Ranks + 1>, 2> LastRankMasks() {
  std::array<std::array<Bitboard, Ranks + 1>, 2> last{};
  const Bitboard first_rank = (Bitboard(1) << Files) - 1;
  for (int depth = 1; depth <= Ranks; ++depth) {
    last[kBlack][depth] = last[kBlack][depth - 1] | first_rank << ((depth - 1) * Files);
    last[kWhite][depth] = last[kWhite][depth - 1] | first_rank << ((Ranks - depth) * Files);
  }
  return last;
}

}  // namespace geometry

// A board of Files x Ranks squares whose last ZoneDepth ranks are each side's
// promotion zone. Bitboards are one 64-bit word up to 64 squares (Judkins and
// minishogi keep their speed), one 128-bit integer above.
template <int Files, int Ranks, int ZoneDepth>
struct BoardGeometry {
  static constexpr int kFiles = Files;
  static constexpr int kRanks = Ranks;
  static constexpr int kSquares = Files * Ranks;
  static constexpr int kZoneDepth = ZoneDepth;
  static_assert(kSquares <= kMaxBoardSquares && Files <= 9 && Ranks <= 9);
  using Bitboard = std::conditional_t<(kSquares <= 64), uint64_t, Uint128>;

  static constexpr int file_of(Square s) { return s % kFiles + 1; }  // 1..files
  static constexpr int rank_of(Square s) { return s / kFiles; }      // 0.. = a..
  static constexpr Square make_square(int file, int rank) { return rank * kFiles + file - 1; }
  static constexpr bool on_board(int file, int rank) {
    return file >= 1 && file <= kFiles && rank >= 0 && rank < kRanks;
  }
  // Rank counted from the given side's own back rank: 0 is its first rank.
  static constexpr int relative_rank(Color c, Square s) { return c == kBlack ? kRanks - 1 - rank_of(s) : rank_of(s); }

  static constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
  static constexpr Bitboard kAllSquares = (Bitboard(1) << kSquares) - 1;
  static constexpr Bitboard rank_bb(int rank) { return ((Bitboard(1) << kFiles) - 1) << (rank * kFiles); }
  static constexpr Bitboard file_bb(int file) { return kFileBb[file]; }
  // The farthest `depth` ranks from a side (1 or 2: where a pawn, lance or
  // knight could never move again).
  static constexpr Bitboard last_ranks(Color c, int depth) { return kLastRanks[c][depth]; }
  // Where the side's pieces may promote.
  static constexpr Bitboard promotion_zone(Color c) { return kLastRanks[c][kZoneDepth]; }

 private:
  static constexpr std::array<Bitboard, kFiles + 1> kFileBb = geometry::FileMasks<Bitboard, Files, Ranks>();
  static constexpr std::array<std::array<Bitboard, kRanks + 1>, 2> kLastRanks =
      geometry::LastRankMasks<Bitboard, Files, Ranks>();
};

// How many of each base kind a variant's game holds ([type]; 0 = not in the
// variant), and the order drops are generated in.
using KindCounts = std::array<int, kPieceTypeLimit>;

namespace variants {

// Judkins shogi: 6x6, one of each piece a side, two-rank zone.
struct Judkins : BoardGeometry<6, 6, 2> {
  static constexpr Variant kVariant = Variant::kJudkins;
  static constexpr absl::string_view kStartSfen = "rbnsgk/5p/6/6/P5/KGSNBR b - 1";
  static constexpr KindCounts kPiecesOfKind = {0, 2, 2, 2, 2, 2, 2};
  static constexpr std::array<PieceType, 6> kHandTypes = {kPawn, kKnight, kSilver, kBishop, kRook, kGold};
  // Far more than any reachable position has (all drops of six kinds on every
  // empty square plus every board move with both promotion choices).
  static constexpr int kMaxMoves = 512;
  static constexpr int kDefaultMaxPlies = 400;
  static constexpr EnteringKingRule kEnteringKing = EnteringKingRule::kJudkinsImpasse;
  static constexpr RepetitionRule kRepetition = RepetitionRule::kDraw;
};

// Standard shogi: 9x9, lances, three-rank zone.
struct Shogi : BoardGeometry<9, 9, 3> {
  static constexpr Variant kVariant = Variant::kShogi;
  static constexpr absl::string_view kStartSfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  static constexpr KindCounts kPiecesOfKind = {0, 18, 4, 4, 2, 2, 4, 0, 0, 0, 0, 0, 0, 0, 4};
  static constexpr std::array<PieceType, 7> kHandTypes = {kPawn, kLance, kKnight, kSilver, kBishop, kRook, kGold};
  // 593 is the most legal moves any shogi position is known to have.
  static constexpr int kMaxMoves = 600;
  // WCSC and floodgate end a game at 256 plies (the last move may still mate).
  static constexpr int kDefaultMaxPlies = 256;
  static constexpr EnteringKingRule kEnteringKing = EnteringKingRule::kPointDeclaration;
  static constexpr RepetitionRule kRepetition = RepetitionRule::kDraw;
};

// Minishogi: 5x5, no knight or lance, one-rank zone; as Fairy-Stockfish plays
// it, a fourfold repetition (without perpetual check) loses for Black.
struct Minishogi : BoardGeometry<5, 5, 1> {
  static constexpr Variant kVariant = Variant::kMinishogi;
  static constexpr absl::string_view kStartSfen = "rbsgk/4p/5/P4/KGSBR b - 1";
  static constexpr KindCounts kPiecesOfKind = {0, 2, 0, 2, 2, 2, 2};
  static constexpr std::array<PieceType, 5> kHandTypes = {kPawn, kSilver, kBishop, kRook, kGold};
  static constexpr int kMaxMoves = 512;
  static constexpr int kDefaultMaxPlies = 256;
  static constexpr EnteringKingRule kEnteringKing = EnteringKingRule::kNone;
  static constexpr RepetitionRule kRepetition = RepetitionRule::kFirstPlayerLoses;
};

}  // namespace variants

// Does the variant have this kind of piece (promoted forms by their base)?
template <class V>
constexpr bool HasKind(PieceType pt) {
  return pt == kKing || (pt != kNoPieceType && V::kPiecesOfKind[unpromoted(pt)] > 0);
}
// The most of one kind a hand can hold (18 pawns in standard shogi).
template <class V>
constexpr int MaxHandCount() {
  int most = 0;
  for (int count : V::kPiecesOfKind) most = count > most ? count : most;
  return most;
}

// Calls f with the traits of the variant (an empty object, for its type):
//   WithVariant(variant, [&]<class V>(V) { BasicPosition<V> pos = ...; });
template <class F>
decltype(auto) WithVariant(Variant variant, F&& f) {
  switch (variant) {
    case Variant::kShogi:
      return f(variants::Shogi{});
    case Variant::kMinishogi:
      return f(variants::Minishogi{});
    case Variant::kJudkins:
      break;
  }
  return f(variants::Judkins{});
}

}  // namespace judkins

#endif  // JUDKINS_ENGINE_RULES_VARIANT_H_
