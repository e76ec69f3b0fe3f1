#include "engine/eval/params.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/read_file.h"

namespace judkins {
namespace {

constexpr const char* kTypeNames[kPieceTypeLimit] = {"",          "Pawn",      "Knight", "Silver", "Bishop",
                                                     "Rook",      "Gold",      "King",   "",       "ProPawn",
                                                     "ProKnight", "ProSilver", "Horse",  "Dragon"};
constexpr const char* kRankGroupNames[param::kRankGroups] = {"Pawn", "Knight", "Silver", "GoldMover", "King", "Major"};

std::vector<ParamSpec> BuildRegistry() {
  std::vector<ParamSpec> specs(param::kCount, ParamSpec{"", 0, 0, 0, 0});
  auto define = [&](int slot, std::string name, int value, int min, int max, double step) {
    specs[slot] = {std::move(name), value, min, max, step};
  };
  // Material on the board; promoted pieces and the king are worth their mobility.
  constexpr int kBoard[kPieceTypeLimit] = {0, 100, 300, 420, 560, 650, 460, 0, 0, 480, 470, 460, 820, 950};
  for (int pt = kPawn; pt < kPieceTypeLimit; ++pt)
    if (pt != kKing && kTypeNames[pt][0])
      define(param::kBoardValue + pt, absl::StrCat(kTypeNames[pt], "Value"), kBoard[pt], kBoard[pt] / 3, kBoard[pt] * 2,
             std::max(4, kBoard[pt] / 20));
  // Pieces in hand are worth more than on the board: a drop goes anywhere.
  constexpr int kHand[7] = {0, 120, 330, 470, 600, 700, 520};
  for (int pt = kPawn; pt <= kGold; ++pt)
    define(param::kHandValue + pt, absl::StrCat(kTypeNames[pt], "HandValue"), kHand[pt], kHand[pt] / 3, kHand[pt] * 2,
           std::max(4, kHand[pt] / 20));
  // Bonus by relative rank (0 = own back rank): advancing minors pressure the
  // enemy camp; the king is safest at home.
  constexpr int kRank[param::kRankGroups][kRanks] = {{0, 0, 10, 25, 45, 0},       {0, 0, 15, 30, 0, 0},
                                                     {0, 10, 20, 30, 30, 20},     {0, 10, 15, 25, 30, 20},
                                                     {20, 0, -20, -40, -40, -20}, {0, 0, 5, 10, 20, 25}};
  for (int group = 0; group < param::kRankGroups; ++group)
    for (int rank = 0; rank < kRanks; ++rank)
      define(param::kRankBonus + group * kRanks + rank, absl::StrCat(kRankGroupNames[group], "Rank", rank + 1),
             kRank[group][rank], -150, 150, 4);
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
  return specs;
}

}  // namespace

std::span<const ParamSpec> ParamRegistry() {
  static const std::vector<ParamSpec> registry = BuildRegistry();  // built once, never changed
  return registry;
}

bool IsTunable(int slot) { return !ParamRegistry()[slot].name.empty(); }

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

}  // namespace judkins
