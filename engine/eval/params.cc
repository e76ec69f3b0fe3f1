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

constexpr int kMaxRanks = 9, kMaxFiles = 9;
constexpr int kMaxKingDistances = std::max(kMaxRanks, kMaxFiles) - 1;  // as param::kKingDistances, on the largest board
static_assert(param::kKingDistances <= kMaxKingDistances);

// The weights beyond material and rank: where a variant's fit has not moved
// them, every variant starts from these.
struct PositionalDefaults {
  std::array<int, 4> mobility = {8, 6, 6, 5};  // bishop, rook, horse, dragon
  int king_zone_attack = 18, king_zone_undefended = 22, king_defender = 20, hand_danger = 6;
  std::array<int, 3> king_attacker = {2, 3, 4};  // minor, gold-mover, major
  std::array<int, 2> hand_attacker = {1, 3};     // minor, major
  int king_danger_scale = 24, tempo = 20;
  std::array<std::array<int, kMaxFiles>, param::kRankGroups> file = {};  // [type group][relative file]
  std::array<int, kPieceTypeLimit> hand_extra = {};                      // [hand type]
  int hanging_ours = 0, hanging_theirs = 0;
  std::array<std::array<int, kMaxKingDistances>, param::kRankGroups> own_king = {};    // [type group][distance - 1]
  std::array<std::array<int, kMaxKingDistances>, param::kRankGroups> enemy_king = {};  // [type group][distance - 1]
  // [type group][relative rank][relative file]
  std::array<std::array<std::array<int, kMaxFiles>, kMaxRanks>, param::kRankGroups> square = {};
};

// The search's constants: every variant starts from these, the first SPSA
// tune's values on Judkins games (engine/CHANGES.md, "The search constants
// tuned by SPSA"). A variant's own tune moves its copy only: the trees of
// the three boards differ too much for one set to suit them all.
struct SearchDefaults {
  int aspiration_delta = 31, reverse_futility_margin = 116, futility_margin = 116, move_count_base = 5;
  int reduction_base = 77, reduction_divisor = 222, quiescence_margin = 193, history_bonus_cap = 418;
  int singular_depth = 6, singular_margin = 2;
};

// A variant's starting weights: material ([type]; promoted pieces and the king
// are worth their mobility), hand material, and bonus by relative rank (0 =
// own back rank): advancing minors pressure the enemy camp; the king is safest
// at home.
struct Defaults {
  std::array<int, kPieceTypeLimit> board;
  std::array<int, kPieceTypeLimit> hand;  // a drop goes anywhere: worth more than on the board
  std::array<std::array<int, kMaxRanks>, param::kRankGroups> rank;
  PositionalDefaults positional = {};
  SearchDefaults search = {};
};

// Judkins's weights: texel-fitted (engine/CHANGES.md tells how) from a hand-set
// start like standard shogi's.
constexpr Defaults kJudkinsDefaults = {.board = {0, 74, 157, 347, 448, 568, 354, 0, 0, 472, 406, 391, 704, 863},
                                       .hand = {0, 134, 270, 406, 525, 664, 503},
                                       .rank = {{{-26, 35, -2, 70, -10, 0},
                                                 {70, -25, 35, -50, 0, 0},
                                                 {-52, 31, 92, 25, 131, -120},
                                                 {-40, 43, 118, 115, -6, -116},
                                                 {-150, -111, 26, 147, 150, 150},
                                                 {-34, -40, -37, 13, 71, 83},
                                                 {}}},
                                       .positional = {.mobility = {21, 14, 14, 6},
                                                      .king_zone_attack = 36,
                                                      .king_zone_undefended = 35,
                                                      .king_defender = 46,
                                                      .hand_danger = 14,
                                                      .king_attacker = {14, 0, 8},
                                                      .hand_attacker = {1, 1},
                                                      .king_danger_scale = 54,
                                                      .tempo = 78,
                                                      .file = {{{-35, 28, 11, -20, -2, 1},
                                                                {2, 22, 130, 44, -133, -82},
                                                                {0, 33, 57, 44, -38, -98},
                                                                {18, 91, 98, 93, 18, -150},
                                                                {-20, -48, -64, -25, 90, 66},
                                                                {7, 4, -8, -15, 17, -8},
                                                                {}}},
                                                      .hand_extra = {0, -15, -72, -144, -110, -52, -194},
                                                      .hanging_ours = 94,
                                                      .hanging_theirs = -100,
                                                      .own_king = {{{6, 32, 35, -28, -83},
                                                                    {32, -19, 3, 35, -58},
                                                                    {2, 4, 3, 1, -10},
                                                                    {62, 33, -6, 5, -65},
                                                                    {},
                                                                    {66, 52, 13, -36, -93},
                                                                    {}}},
                                                      .enemy_king = {{{-47, 16, -10, 7, -5},
                                                                      {-93, -10, 65, 66, -34},
                                                                      {10, 41, 32, -37, -48},
                                                                      {14, 100, -48, -47, -7},
                                                                      {},
                                                                      {-33, 61, 23, -9, -39},
                                                                      {}}},
                                                      .square = {{{{{-32, 20, -83, 49, 9, -2},
                                                                    {-33, 25, -22, -7, -17, 45},
                                                                    {-11, -51, 18, -33, 101, -9},
                                                                    {23, 21, 62, -29, -2, -36},
                                                                    {31, -5, -5, -9, -21, -13},
                                                                    {0, 0, 0, 0, 0, 0}}},
                                                                  {{{8, 28, -47, 50, 13, -9},
                                                                    {-58, 75, 73, -21, -66, -28},
                                                                    {51, -40, 18, -20, 6, -15},
                                                                    {-1, -58, 0, -16, 30, 28},
                                                                    {0, 0, 0, 0, 0, 0},
                                                                    {0, 0, 0, 0, 0, 0}}},
                                                                  {{{20, -38, -60, 76, 1, -13},
                                                                    {-4, 4, -15, 11, 22, 32},
                                                                    {26, 12, 77, -82, 3, -28},
                                                                    {-3, 55, -40, -2, -16, -14},
                                                                    {-10, -4, 9, -24, 40, 23},
                                                                    {-7, -25, 11, 23, -35, -25}}},
                                                                  {{{6, -47, -47, 49, 18, 1},
                                                                    {23, 24, 36, 26, -21, -42},
                                                                    {26, 37, 136, -43, -34, -62},
                                                                    {50, 79, -66, -26, -33, 10},
                                                                    {-35, -32, -6, 33, 32, -36},
                                                                    {-36, -15, -47, -16, 46, 18}}},
                                                                  {{{-8, -52, -24, -100, -84, -33},
                                                                    {-3, 0, -20, -36, 24, 15},
                                                                    {-6, 4, 5, 28, -11, -7},
                                                                    {0, 3, -9, 41, 56, -40},
                                                                    {11, 0, 10, 58, 73, 22},
                                                                    {1, 14, 9, 24, -39, 74}}},
                                                                  {{{27, 15, 39, -38, -65, 46},
                                                                    {53, 57, -39, -34, 27, -74},
                                                                    {12, -13, 6, 22, -40, 2},
                                                                    {-19, -12, 2, 5, 4, 6},
                                                                    {4, 2, 8, 20, -6, -3},
                                                                    {-70, -35, -15, 5, 72, 31}}},
                                                                  {}}}}};

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

// Minishogi (Judkins's pieces less the knight, on a board one rank shorter):
// texel-fitted, as Judkins's are, from a hand-set start on games against
// Fairy-Stockfish at node odds (engine/CHANGES.md).
constexpr Defaults kMinishogiDefaults = {
    .board = {0, 130, 0, 567, 704, 864, 568, 0, 0, 565, 0, 530, 1182, 1193},
    .hand = {0, 240, 0, 529, 625, 836, 702},
    .rank = {{{45, 8, -6, 7, 0},
              {},
              {-32, -16, 78, 39, 12},
              {-41, 51, 21, 16, 22},
              {-52, -13, 4, -3, 5},
              {-31, -30, 6, 6, 96},
              {}}},
    .positional = {
        .mobility = {5, 2, 6, 5},
        .king_zone_attack = 47,
        .king_zone_undefended = 36,
        .king_defender = 28,
        .hand_danger = 14,
        .king_attacker = {10, 12, 5},
        .hand_attacker = {6, 0},
        .king_danger_scale = 47,
        .tempo = 58,
        .file = {{{-6, -4, -10, 48, -9},
                  {},
                  {-5, 28, 26, -18, -25},
                  {-17, -2, 53, 31, -58},
                  {-11, -27, -15, 21, 32},
                  {-54, 1, -18, 17, 66},
                  {}}},
        .hand_extra = {0, -16, 0, -105, -73, -59, -43},
        .hanging_ours = 36,
        .hanging_theirs = -7,
        .own_king = {{{56, 6, -13, -29}, {}, {-15, 31, 13, -23}, {17, 26, 1, -36}, {}, {-20, 16, -5, 21}, {}}},
        .enemy_king = {{{5, 37, 3, -25}, {}, {-14, 32, 9, -22}, {1, 42, -9, -26}, {}, {-9, 17, -2, 5}, {}}},
        .square = {{{{{14, -11, 22, 18, 1},
                      {-18, -9, 9, -5, 32},
                      {0, 23, -39, 39, -38},
                      {-1, -7, -3, -4, -4},
                      {0, 0, 0, 0, 0}}},
                    {},
                    {{{-1, -11, -14, -9, 3},
                      {-1, 9, 5, -15, -23},
                      {3, 36, 19, 9, -9},
                      {-3, -5, 19, -4, 8},
                      {-3, 0, -3, 2, -3}}},
                    {{{-4, -24, -12, 18, -19},
                      {0, 25, 28, -2, -10},
                      {0, 6, 30, -20, -11},
                      {-5, -2, 1, 10, -9},
                      {-9, -7, 6, 26, -9}}},
                    {{{-11, -23, -14, -35, 11},
                      {-1, -3, -5, 11, -15},
                      {0, -1, 0, 21, 5},
                      {0, 1, 1, 9, 16},
                      {0, 0, 4, 16, 16}}},
                    {{{-51, 26, -20, -28, 42},
                      {-7, -13, -12, 16, -15},
                      {-12, -4, 18, 22, -22},
                      {-1, -3, -2, 2, 1},
                      {18, -4, -3, 5, 60}}},
                    {}}}}};

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

// The type groups of the variant: the knight's and the lance's only where it has those pieces.
constexpr bool VariantHasGroup(int group) {
  return (group != param::kKnightGroup || HasKind<PlayedVariant>(kKnight)) &&
         (group != param::kLanceGroup || HasKind<PlayedVariant>(kLance));
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
  for (int group = 0; group < param::kRankGroups; ++group) {
    if (!VariantHasGroup(group)) continue;
    for (int rank = 0; rank < kRanks; ++rank)
      define(param::kRankBonus + group * kRanks + rank, absl::StrCat(kRankGroupNames[group], "Rank", rank + 1),
             defaults.rank[group][rank], -150, 150, 4);
  }
  const PositionalDefaults& positional = defaults.positional;
  const char* mobility_names[4] = {"BishopMobility", "RookMobility", "HorseMobility", "DragonMobility"};
  for (int i = 0; i < 4; ++i) define(param::kMobility + i, mobility_names[i], positional.mobility[i], 0, 40, 1);
  define(param::kKingZoneAttack, "KingZoneAttack", positional.king_zone_attack, 0, 100, 2);
  define(param::kKingZoneUndefended, "KingZoneUndefended", positional.king_zone_undefended, 0, 100, 2);
  define(param::kKingDefender, "KingDefender", positional.king_defender, 0, 100, 2);
  define(param::kHandDanger, "HandDanger", positional.hand_danger, 0, 50, 1);
  const char* attacker_names[3] = {"KingAttackerMinor", "KingAttackerGold", "KingAttackerMajor"};
  for (int i = 0; i < 3; ++i)
    define(param::kKingAttacker + i, attacker_names[i], positional.king_attacker[i], 0, 20, 1);
  define(param::kHandAttacker + 0, "HandAttackerMinor", positional.hand_attacker[0], 0, 20, 1);
  define(param::kHandAttacker + 1, "HandAttackerMajor", positional.hand_attacker[1], 0, 20, 1);
  define(param::kKingDangerScale, "KingDangerScale", positional.king_danger_scale, 0, 200, 4);
  define(param::kTempo, "Tempo", positional.tempo, 0, 100, 2);
  // Placement by file, File1 on each side's own right (files mirror for White, as ranks do).
  for (int group = 0; group < param::kRankGroups; ++group) {
    if (!VariantHasGroup(group)) continue;
    for (int file = 0; file < kFiles; ++file)
      define(param::kFileBonus + group * kFiles + file, absl::StrCat(kRankGroupNames[group], "File", file + 1),
             positional.file[group][file], -150, 150, 4);
  }
  for (PieceType pt : PlayedVariant::kHandTypes)
    define(param::kHandExtra + pt, absl::StrCat(kTypeNames[pt], "HandExtra"), positional.hand_extra[pt],
           -defaults.hand[pt] / 2, defaults.hand[pt] / 2, std::max(4, defaults.hand[pt] / 40));
  // Either sign, widely: Judkins's fit pressed HangingTheirs against a lower
  // bound of -100, so the tuners could not say how far it wants to go.
  define(param::kHangingOurs, "HangingOurs", positional.hanging_ours, -300, 300, 4);
  define(param::kHangingTheirs, "HangingTheirs", positional.hanging_theirs, -300, 300, 4);
  // Placement by distance from each king: defenders near their own, attackers
  // near the enemy's. The king's own group has none.
  for (int group = 0; group < param::kRankGroups; ++group) {
    if (!VariantHasGroup(group) || group == param::kKingGroup) continue;
    for (int d = 0; d < param::kKingDistances; ++d) {
      define(param::kOwnKingDistance + group * param::kKingDistances + d,
             absl::StrCat(kRankGroupNames[group], "OwnKingDistance", d + 1), positional.own_king[group][d], -100, 100,
             4);
      define(param::kEnemyKingDistance + group * param::kKingDistances + d,
             absl::StrCat(kRankGroupNames[group], "EnemyKingDistance", d + 1), positional.enemy_king[group][d], -100,
             100, 4);
    }
  }
  // Placement by square, on top of rank and file: what the two together say
  // and neither alone does (the king's castle, a gold beside it). Named by
  // relative file then rank, as a move names a square: KingSquare51.
  for (int group = 0; group < param::kRankGroups; ++group) {
    if (!VariantHasGroup(group)) continue;
    for (int rank = 0; rank < kRanks; ++rank)
      for (int file = 0; file < kFiles; ++file)
        define(param::kSquareBonus + group * kSquares + rank * kFiles + file,
               absl::StrCat(kRankGroupNames[group], "Square", file + 1, rank + 1), positional.square[group][rank][file],
               -150, 150, 4);
  }
  const SearchDefaults& search = defaults.search;
  define(param::kAspirationDelta, "AspirationDelta", search.aspiration_delta, 5, 200, 4, ParamGroup::kSearch);
  define(param::kReverseFutilityMargin, "ReverseFutilityMargin", search.reverse_futility_margin, 20, 400, 8,
         ParamGroup::kSearch);
  define(param::kFutilityMargin, "FutilityMargin", search.futility_margin, 20, 400, 8, ParamGroup::kSearch);
  define(param::kMoveCountBase, "MoveCountBase", search.move_count_base, 0, 20, 1, ParamGroup::kSearch);
  define(param::kReductionBase, "ReductionBase", search.reduction_base, -100, 200, 8, ParamGroup::kSearch);
  define(param::kReductionDivisor, "ReductionDivisor", search.reduction_divisor, 100, 600, 12, ParamGroup::kSearch);
  define(param::kQuiescenceMargin, "QuiescenceMargin", search.quiescence_margin, 0, 800, 12, ParamGroup::kSearch);
  define(param::kHistoryBonusCap, "HistoryBonusCap", search.history_bonus_cap, 16, 2000, 25, ParamGroup::kSearch);
  define(param::kSingularDepth, "SingularDepth", search.singular_depth, 4, 20, 1, ParamGroup::kSearch);
  define(param::kSingularMargin, "SingularMargin", search.singular_margin, 0, 20, 1, ParamGroup::kSearch);
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
