// The engine's tunable parameters: the evaluation's weights and the search's
// margins, each named and bounded. The registry lists each one once (name,
// default, bounds, SPSA step, group); the engine exposes them as USI spin
// options, dumps them and loads them from files, so SPSA moves both groups
// together while the texel fitter, which sees only the evaluation, fits the
// evaluation's alone.
#ifndef JUDKINS_ENGINE_EVAL_PARAMS_H_
#define JUDKINS_ENGINE_EVAL_PARAMS_H_

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

enum class ParamGroup {
  kEvaluation,  // a weight of the static evaluation
  kSearch,      // a margin or rate of the search (a fixed position's evaluation ignores it)
};

struct ParamSpec {
  std::string name;
  int default_value;
  int min;
  int max;
  double step;  // c_end: the perturbation an SPSA tuner should end with
  ParamGroup group;
};

// Where each group of parameters starts in the registry. A group holds one
// value per piece type, hand type or relative rank as its comment says.
namespace param {
// The type groups that placement terms weigh (by rank, file, distance from the kings).
enum TypeGroup : int {
  kPawnGroup,
  kKnightGroup,
  kSilverGroup,
  kGoldMoverGroup,  // gold and the pieces that move like it
  kKingGroup,
  kMajorGroup,  // bishop, rook and their promotions
  kLanceGroup,
  kRankGroups,  // how many
};
constexpr int kBoardValue = 0;                                // [PieceType], unused types fixed at 0
constexpr int kHandValue = kBoardValue + kPieceTypeLimit;     // [hand type]
constexpr int kRankBonus = kHandValue + kPieceTypeLimit;      // [type group][relative rank]
constexpr int kMobility = kRankBonus + kRankGroups * kRanks;  // bishop, rook, horse, dragon
constexpr int kKingZoneAttack = kMobility + 4;                // per attacked king-zone square
constexpr int kKingZoneUndefended = kKingZoneAttack + 1;      // attacked and not defended
constexpr int kKingDefender = kKingZoneUndefended + 1;        // own gold/silver next to king
constexpr int kHandDanger = kKingDefender + 1;                // enemy hand pieces x open king squares
constexpr int kKingAttacker = kHandDanger + 1;                // per attacker: minor, gold-mover, major
constexpr int kHandAttacker = kKingAttacker + 3;              // per enemy hand piece: minor, major
constexpr int kKingDangerScale = kHandAttacker + 2;           // danger = units^2 * scale / 256
constexpr int kTempo = kKingDangerScale + 1;
constexpr int kFileBonus = kTempo + 1;                         // [type group][relative file]
constexpr int kHandExtra = kFileBonus + kRankGroups * kFiles;  // [hand type]: each beyond the first in hand
constexpr int kHangingOurs = kHandExtra + kPieceTypeLimit;     // per piece of the side to move attacked, undefended
constexpr int kHangingTheirs = kHangingOurs + 1;               // the same for the other side's pieces
constexpr int kKingDistances = std::max(kRanks, kFiles) - 1;   // a piece is 1 to this many squares from a king
constexpr int kOwnKingDistance = kHangingTheirs + 1;           // [type group][distance - 1] from its own king
constexpr int kEnemyKingDistance = kOwnKingDistance + kRankGroups * kKingDistances;  // ... from the enemy king
constexpr int kSquareBonus = kEnemyKingDistance + kRankGroups * kKingDistances;      // [type group][relative square]
// The search's constants (engine/search/search.cc says how each is used).
constexpr int kAspirationDelta = kSquareBonus + kRankGroups * kSquares;  // first half-width of the root window
constexpr int kReverseFutilityMargin = kAspirationDelta + 1;             // per ply of depth
constexpr int kFutilityMargin = kReverseFutilityMargin + 1;              // per ply of depth
constexpr int kMoveCountBase = kFutilityMargin + 1;                      // quiet moves tried: base + depth^2
constexpr int kReductionBase = kMoveCountBase + 1;                       // late-move reduction, in hundredths of a ply
constexpr int kReductionDivisor = kReductionBase + 1;                    // ln(depth) ln(moves) / this, in hundredths
constexpr int kQuiescenceMargin = kReductionDivisor + 1;                 // capture futility in quiescence
constexpr int kHistoryBonusCap = kQuiescenceMargin + 1;                  // most a cutoff adds to a history entry
constexpr int kSingularDepth = kHistoryBonusCap + 1;                     // least depth the table move is tested at
constexpr int kSingularMargin = kSingularDepth + 1;  // the others' bar below the table's score, per ply of depth
constexpr int kCount = kSingularMargin + 1;
}  // namespace param

// The registry of the edition's variant: one spec per slot; unused slots
// (promoted gold, pieces the variant lacks) are fixed at 0 and not listed as
// options. Names and defaults differ by variant: each has its own registry.
std::span<const ParamSpec> ParamRegistry();
// The slot of a parameter by name, or -1.
int FindParam(absl::string_view name);
bool IsTunable(int slot);
// A tunable slot of the evaluation (what the texel fitter may fit).
bool IsEvaluationParam(int slot);

class EvalParams {
 public:
  EvalParams();  // the defaults
  int operator[](int slot) const { return values_[slot]; }
  // Sets a parameter; out-of-range or unknown names are errors naming the problem.
  absl::Status Set(absl::string_view name, int value);
  // Reads "name,value" or "name value" lines (CSV with an optional header,
  // '#' comments); applies all of them or, on any error, none.
  absl::Status LoadFile(const std::string& path);
  // The same from the file's text; errors name `path` and the line.
  absl::Status LoadText(absl::string_view lines, absl::string_view path);

 private:
  std::vector<int> values_;
};

// "name,value,default,min,max,step" lines with a header, tunable slots only.
std::string ParamsCsv(const EvalParams& values);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_EVAL_PARAMS_H_
