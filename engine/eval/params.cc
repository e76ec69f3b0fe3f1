#include "engine/eval/params.h"

#include <array>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/read_file.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace {

constexpr const char* kTypeNames[kPieceTypeLimit] = {"",      "Pawn",   "Knight", "Silver",  "Bishop",    "Rook",
                                                     "Gold",  "King",   "",       "ProPawn", "ProKnight", "ProSilver",
                                                     "Horse", "Dragon", "Lance",  "ProLance"};
constexpr const char* kRankGroupNames[param::kRankGroups] = {"Pawn", "Knight", "Silver", "GoldMover",
                                                             "King", "Major",  "Lance"};

constexpr int kMaxRanks = 9;

// A variant's starting weights: material ([type]; promoted pieces and the king
// are worth their mobility), hand material, and bonus by relative rank (0 =
// own back rank): advancing minors pressure the enemy camp; the king is safest
// at home.
struct Defaults {
  std::array<int, kPieceTypeLimit> board;
  std::array<int, kPieceTypeLimit> hand;  // a drop goes anywhere: worth more than on the board
  std::array<std::array<int, kMaxRanks>, param::kRankGroups> rank;
};

// Judkins's weights, as they were before the other variants came.
constexpr Defaults kJudkinsDefaults = {{0, 100, 300, 420, 560, 650, 460, 0, 0, 480, 470, 460, 820, 950},
                                       {0, 120, 330, 470, 600, 700, 520},
                                       {{{0, 0, 10, 25, 45, 0},
                                         {0, 0, 15, 30, 0, 0},
                                         {0, 10, 20, 30, 30, 20},
                                         {0, 10, 15, 25, 30, 20},
                                         {20, 0, -20, -40, -40, -20},
                                         {0, 0, 5, 10, 20, 25},
                                         {}}}};

// Standard shogi: the classic material ratios on Judkins's pawn scale.
constexpr Defaults kShogiDefaults = {{0, 100, 450, 550, 950, 1100, 600, 0, 0, 600, 600, 600, 1150, 1350, 350, 600},
                                     {0, 115, 480, 600, 1050, 1250, 650, 0, 0, 0, 0, 0, 0, 0, 380},
                                     {{{0, 0, 0, 2, 6, 12, 25, 40, 0},
                                       {0, 0, 0, 5, 15, 25, 30, 0, 0},
                                       {0, 5, 10, 15, 20, 20, 15, 10, 5},
                                       {0, 5, 10, 10, 10, 15, 20, 15, 10},
                                       {20, 10, 0, -20, -40, -50, -50, -50, -50},
                                       {0, 0, 0, 0, 5, 10, 15, 20, 25},
                                       {0, 0, 0, 0, 0, 5, 10, 15, 0}}}};

// Minishogi: Judkins's pieces less the knight, on a board one rank shorter.
constexpr Defaults kMinishogiDefaults = {
    {0, 100, 0, 420, 560, 650, 460, 0, 0, 480, 0, 460, 820, 950},
    {0, 120, 0, 470, 600, 700, 520},
    {{{0, 0, 10, 25, 0}, {}, {0, 10, 20, 25, 20}, {0, 10, 15, 20, 15}, {20, 0, -20, -30, -30}, {0, 0, 5, 10, 20}, {}}}};

constexpr const Defaults& DefaultsOf(Variant variant) {
  switch (variant) {
    case Variant::kShogi:
      return kShogiDefaults;
    case Variant::kMinishogi:
      return kMinishogiDefaults;
    case Variant::kJudkins:
      break;
  }
  return kJudkinsDefaults;
}

std::vector<ParamSpec> BuildRegistry() {
  std::vector<ParamSpec> specs(param::kCount, ParamSpec{"", 0, 0, 0, 0, ParamGroup::kEvaluation});
  auto define = [&](int slot, std::string name, int value, int min, int max, double step,
                    ParamGroup group = ParamGroup::kEvaluation) {
    specs[slot] = {std::move(name), value, min, max, step, group};
  };
  const Defaults& defaults = DefaultsOf(PlayedVariant::kVariant);
  for (int kind = kPawn; kind < kPieceTypeLimit; ++kind) {
    const PieceType pt = PieceType(kind);
    if (pt == kKing || !kTypeNames[pt][0] || !HasKind<PlayedVariant>(pt)) continue;
    const int value = defaults.board[pt];
    define(param::kBoardValue + pt, absl::StrCat(kTypeNames[pt], "Value"), value, value / 3, value * 2,
           std::max(4, value / 20));
  }
  for (PieceType pt : PlayedVariant::kHandTypes) {
    const int value = defaults.hand[pt];
    define(param::kHandValue + pt, absl::StrCat(kTypeNames[pt], "HandValue"), value, value / 3, value * 2,
           std::max(4, value / 20));
  }
  // The knight's and the lance's groups only where the variant has them.
  constexpr int kKnightGroup = 1, kLanceGroup = 6;
  for (int group = 0; group < param::kRankGroups; ++group) {
    if ((group == kKnightGroup && !HasKind<PlayedVariant>(kKnight)) ||
        (group == kLanceGroup && !HasKind<PlayedVariant>(kLance)))
      continue;
    for (int rank = 0; rank < kRanks; ++rank)
      define(param::kRankBonus + group * kRanks + rank, absl::StrCat(kRankGroupNames[group], "Rank", rank + 1),
             defaults.rank[group][rank], -150, 150, 4);
  }
  const char* mobility_names[4] = {"BishopMobility", "RookMobility", "HorseMobility", "DragonMobility"};
  const int mobility[4] = {8, 6, 6, 5};
  for (int i = 0; i < 4; ++i) define(param::kMobility + i, mobility_names[i], mobility[i], 0, 40, 1);
  define(param::kKingZoneAttack, "KingZoneAttack", 18, 0, 100, 2);
  define(param::kKingZoneUndefended, "KingZoneUndefended", 22, 0, 100, 2);
  define(param::kKingDefender, "KingDefender", 20, 0, 100, 2);
  define(param::kHandDanger, "HandDanger", 6, 0, 50, 1);
  define(param::kKingAttacker + 0, "KingAttackerMinor", 2, 0, 20, 1);
  define(param::kKingAttacker + 1, "KingAttackerGold", 3, 0, 20, 1);
  define(param::kKingAttacker + 2, "KingAttackerMajor", 4, 0, 20, 1);
  define(param::kHandAttacker + 0, "HandAttackerMinor", 1, 0, 20, 1);
  define(param::kHandAttacker + 1, "HandAttackerMajor", 3, 0, 20, 1);
  define(param::kKingDangerScale, "KingDangerScale", 24, 0, 200, 4);
  define(param::kTempo, "Tempo", 20, 0, 100, 2);
  // The search's, the same in every variant until SPSA says otherwise.
  define(param::kAspirationDelta, "AspirationDelta", 30, 5, 200, 4, ParamGroup::kSearch);
  define(param::kReverseFutilityMargin, "ReverseFutilityMargin", 110, 20, 400, 8, ParamGroup::kSearch);
  define(param::kFutilityMargin, "FutilityMargin", 120, 20, 400, 8, ParamGroup::kSearch);
  define(param::kMoveCountBase, "MoveCountBase", 3, 0, 20, 1, ParamGroup::kSearch);
  define(param::kReductionBase, "ReductionBase", 75, -100, 200, 8, ParamGroup::kSearch);
  define(param::kReductionDivisor, "ReductionDivisor", 225, 100, 600, 12, ParamGroup::kSearch);
  define(param::kQuiescenceMargin, "QuiescenceMargin", 200, 0, 800, 12, ParamGroup::kSearch);
  define(param::kHistoryBonusCap, "HistoryBonusCap", 400, 16, 2000, 25, ParamGroup::kSearch);
  return specs;
}

}  // namespace

std::span<const ParamSpec> ParamRegistry() {
  static const std::vector<ParamSpec> registry = BuildRegistry();  // built once, never changed
  return registry;
}

bool IsTunable(int slot) { return !ParamRegistry()[slot].name.empty(); }

bool IsEvaluationParam(int slot) { return IsTunable(slot) && ParamRegistry()[slot].group == ParamGroup::kEvaluation; }

int FindParam(absl::string_view name) {
  const auto registry = ParamRegistry();
  for (int slot = 0; slot < int(registry.size()); ++slot)
    if (!registry[slot].name.empty() && absl::EqualsIgnoreCase(registry[slot].name, name)) return slot;
  return -1;
}

EvalParams::EvalParams() {
  for (const ParamSpec& spec : ParamRegistry()) values_.push_back(spec.default_value);
}

absl::Status EvalParams::Set(absl::string_view name, int value) {
  const int slot = FindParam(name);
  if (slot < 0) return absl::InvalidArgumentError(absl::StrCat("unknown parameter '", name, "'"));
  const ParamSpec& spec = ParamRegistry()[slot];
  if (value < spec.min || value > spec.max)
    return absl::OutOfRangeError(
        absl::StrCat("parameter ", spec.name, " = ", value, " is outside [", spec.min, ", ", spec.max, "]"));
  values_[slot] = value;
  return absl::OkStatus();
}

absl::Status EvalParams::LoadFile(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return absl::NotFoundError(absl::StrCat("cannot read parameter file '", path, "'"));
  return LoadText(*text, path);
}

absl::Status EvalParams::LoadText(absl::string_view lines, absl::string_view path) {
  EvalParams loaded = *this;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(lines, '\n')) {
    ++line_number;
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text[0] == '#' || absl::StartsWith(text, "name,")) continue;
    std::vector<absl::string_view> fields = absl::StrSplit(text, absl::ByAnyChar(", \t"), absl::SkipEmpty());
    int value = 0;
    if (fields.size() < 2 || !absl::SimpleAtoi(fields[1], &value))
      return absl::InvalidArgumentError(absl::StrCat(path, ":", line_number, ": expected 'name,value'"));
    if (absl::Status status = loaded.Set(fields[0], value); !status.ok())
      return absl::Status(status.code(), absl::StrCat(path, ":", line_number, ": ", status.message()));
  }
  *this = loaded;
  return absl::OkStatus();
}

std::string ParamsCsv(const EvalParams& values) {
  std::string csv = "name,value,default,min,max,step\n";
  const auto registry = ParamRegistry();
  for (int slot = 0; slot < int(registry.size()); ++slot)
    if (IsTunable(slot)) {
      const ParamSpec& spec = registry[slot];
      absl::StrAppend(&csv, spec.name, ",", values[slot], ",", spec.default_value, ",", spec.min, ",", spec.max, ",",
                      spec.step, "\n");
    }
  return csv;
}

JUDKINS_EDITION_END
}  // namespace judkins
