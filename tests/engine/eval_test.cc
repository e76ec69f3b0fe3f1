#include "engine/eval/evaluate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "tests/support/test_data.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

// The same position seen from the other side: board turned round, colours swapped.
std::string Mirror(const std::string& sfen) {
  std::vector<std::string> fields = absl::StrSplit(sfen, ' ');
  std::vector<std::string> ranks = absl::StrSplit(fields[0], '/');
  std::reverse(ranks.begin(), ranks.end());
  for (std::string& rank : ranks) {
    std::vector<std::string> tokens;  // "+p" stays one token
    for (size_t i = 0; i < rank.size(); ++i) tokens.push_back(rank[i] == '+' ? rank.substr(i++, 2) : rank.substr(i, 1));
    std::reverse(tokens.begin(), tokens.end());
    rank = absl::StrJoin(tokens, "");
  }
  auto swap_case = [](std::string text) {
    for (char& c : text) c = absl::ascii_isupper(c) ? absl::ascii_tolower(c) : absl::ascii_toupper(c);
    return text;
  };
  return absl::StrCat(swap_case(absl::StrJoin(ranks, "/")), " ", fields[1] == "b" ? "w" : "b", " ",
                      swap_case(fields[2]), " 1");
}

TEST(EvalParamsTest, RegistryIsConsistent) {
  std::set<std::string> names;
  for (const ParamSpec& spec : ParamRegistry()) {
    if (spec.name.empty()) continue;
    EXPECT_TRUE(names.insert(absl::AsciiStrToLower(spec.name)).second) << "duplicate " << spec.name;
    EXPECT_LE(spec.min, spec.default_value) << spec.name;
    EXPECT_LE(spec.default_value, spec.max) << spec.name;
    EXPECT_GT(spec.step, 0) << spec.name;
    EXPECT_EQ(FindParam(spec.name), &spec - ParamRegistry().data());
  }
  EXPECT_GT(names.size(), 50u);
}

TEST(EvalParamsTest, SearchParametersAreTunableButNoWeightOfTheEvaluation) {
  int search_params = 0;
  for (int slot = 0; slot < param::kCount; ++slot) {
    if (!IsTunable(slot)) continue;
    const bool search = ParamRegistry()[slot].group == ParamGroup::kSearch;
    search_params += search;
    EXPECT_EQ(IsEvaluationParam(slot), !search) << ParamRegistry()[slot].name;
  }
  EXPECT_EQ(search_params, param::kCount - param::kAspirationDelta);
  // The evaluation ignores them, which is why the texel fitter leaves them out.
  const Position pos = *Position::FromSfen("1b1s1k/1g3p/1n1b2/2K3/+rG4/2SN1R b p 13");
  EvalParams params;
  const int before = Evaluate(pos, params);
  for (int slot = param::kAspirationDelta; slot < param::kCount; ++slot)
    ASSERT_TRUE(params.Set(ParamRegistry()[slot].name, ParamRegistry()[slot].max).ok());
  EXPECT_EQ(Evaluate(pos, params), before);
}

// Moves one weight by delta from its current value.
absl::Status Shift(EvalParams& params, absl::string_view name, int delta) {
  return params.Set(name, params[FindParam(name)] + delta);
}

TEST(EvalParamsTest, SetChecksNamesAndBounds) {
  EvalParams params;
  const ParamSpec& pawn = ParamRegistry()[param::kBoardValue + kPawn];  // bounds move with the fitted default
  EXPECT_TRUE(params.Set("PawnValue", pawn.min).ok());
  EXPECT_TRUE(params.Set("pawnvalue", pawn.max).ok());  // USI option names ignore case
  EXPECT_THAT(std::string(params.Set("PawnValue", pawn.max + 1).message()), HasSubstr("outside"));
  EXPECT_THAT(std::string(params.Set("PawnValue", pawn.min - 1).message()), HasSubstr("outside"));
  EXPECT_THAT(std::string(params.Set("Nonsense", 1).message()), HasSubstr("unknown parameter"));
  EXPECT_EQ(params[param::kBoardValue + kPawn], pawn.max);
}

// Every weight of the evaluation moved off its default, each by its own
// amount, so that a term weighing one side's placement wrongly shows.
EvalParams EveryWeightMoved() {
  EvalParams params;
  for (int slot = 0; slot < param::kCount; ++slot) {
    if (!IsEvaluationParam(slot)) continue;
    const ParamSpec& spec = ParamRegistry()[slot];
    const int moved = spec.min + (slot * 37) % (spec.max - spec.min + 1);
    EXPECT_TRUE(params.Set(spec.name, moved).ok()) << spec.name;
  }
  return params;
}

TEST(EvaluateTest, IsSymmetricForBothSides) {
  for (const EvalParams& params : {EvalParams(), EveryWeightMoved()}) {
    for (const auto& row : testing::ReadTsv("legal-public.tsv")) {
      const Position pos = *Position::FromSfen(row[0]);
      absl::StatusOr<Position> mirrored = Position::FromSfen(Mirror(row[0]));
      ASSERT_TRUE(mirrored.ok()) << Mirror(row[0]) << ": " << mirrored.status();
      EXPECT_EQ(Evaluate(pos, params), Evaluate(*mirrored, params)) << row[0];
    }
  }
}

TEST(EvaluateTest, ParametersChangeTheScoreByWhatTheyWeigh) {
  const Position pos = *Position::FromSfen("5k/6/6/6/P5/K5 b G 1");  // Black: one pawn, one gold in hand
  EvalParams params;
  const int base = Evaluate(pos, params);
  const int pawn = params[FindParam("PawnValue")], gold_in_hand = params[FindParam("GoldHandValue")],
            tempo = params[FindParam("Tempo")];
  ASSERT_TRUE(params.Set("PawnValue", pawn + 50).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 50);
  ASSERT_TRUE(params.Set("GoldHandValue", gold_in_hand - 20).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 50 - 20);
  ASSERT_TRUE(params.Set("Tempo", 0).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 50 - 20 - tempo);
}

TEST(EvaluateTest, FilesAreCountedFromEachSidesOwnRight) {
  // Black's pawn on file 6 (its own left); White's on file 1, the same file seen from White.
  const Position black = *Position::FromSfen("5k/6/6/6/P5/K5 b - 1");
  const Position white = *Position::FromSfen(Mirror("5k/6/6/6/P5/K5 b - 1"));
  EvalParams params;
  const int black_base = Evaluate(black, params), white_base = Evaluate(white, params);
  ASSERT_TRUE(Shift(params, "PawnFile6", 40).ok());
  EXPECT_EQ(Evaluate(black, params), black_base + 40);
  EXPECT_EQ(Evaluate(white, params), white_base + 40);
  ASSERT_TRUE(Shift(params, "PawnFile1", 15).ok());
  EXPECT_EQ(Evaluate(black, params), black_base + 40);
}

TEST(EvaluateTest, SquaresAreNamedByEachSidesOwnFileThenRank) {
  // Black's pawn on 6e: its own file 6, its second rank; White's the same, seen from White.
  const Position black = *Position::FromSfen("5k/6/6/6/P5/K5 b - 1");
  const Position white = *Position::FromSfen(Mirror("5k/6/6/6/P5/K5 b - 1"));
  EvalParams params;
  const int black_base = Evaluate(black, params), white_base = Evaluate(white, params);
  ASSERT_TRUE(Shift(params, "PawnSquare62", 40).ok());
  EXPECT_EQ(Evaluate(black, params), black_base + 40);
  EXPECT_EQ(Evaluate(white, params), white_base + 40);
  ASSERT_TRUE(Shift(params, "PawnSquare26", 15).ok());  // rank and file swapped
  ASSERT_TRUE(Shift(params, "PawnSquare12", 15).ok());  // files not mirrored
  EXPECT_EQ(Evaluate(black, params), black_base + 40);
  ASSERT_TRUE(Shift(params, "KingSquare61", -25).ok());
  EXPECT_EQ(Evaluate(black, params), black_base + 40);  // each king stands on its own 61: the two cancel
}

TEST(EvaluateTest, PiecesAreWeighedByTheirDistanceFromEachKing) {
  // Black's gold on 4e: two squares from its own king on 6f, four from White's on 1a.
  const Position pos = *Position::FromSfen("5k/6/6/6/2G3/K5 b - 1");
  EvalParams params;
  const int base = Evaluate(pos, params);
  ASSERT_TRUE(Shift(params, "GoldMoverOwnKingDistance2", 30).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 30);
  ASSERT_TRUE(Shift(params, "GoldMoverEnemyKingDistance4", -12).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 30 - 12);
  ASSERT_TRUE(Shift(params, "GoldMoverOwnKingDistance1", 7).ok());
  ASSERT_TRUE(Shift(params, "GoldMoverEnemyKingDistance5", 7).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 30 - 12);  // distances it is not at weigh nothing
}

TEST(EvaluateTest, EachPieceOfAKindInHandBeyondTheFirstWeighsItsExtra) {
  const Position pos = *Position::FromSfen("5k/6/6/6/6/K5 b 2P 1");
  EvalParams params;
  const int base = Evaluate(pos, params);
  ASSERT_TRUE(Shift(params, "PawnHandExtra", 10).ok());
  EXPECT_EQ(Evaluate(pos, params), base + 10);  // the second pawn
}

TEST(EvaluateTest, HangingPiecesCostTheSideToMoveAndCountForItAgainstTheOther) {
  // Black's silver on 2f and White's gold on 2e attack each other; neither is defended.
  const Position pos = *Position::FromSfen("5k/6/6/6/4g1/K3S1 b - 1");
  EvalParams params;
  ASSERT_TRUE(params.Set("HangingOurs", 0).ok());
  ASSERT_TRUE(params.Set("HangingTheirs", 0).ok());
  const int base = Evaluate(pos, params);
  ASSERT_TRUE(params.Set("HangingOurs", 30).ok());
  EXPECT_EQ(Evaluate(pos, params), base - 30);
  ASSERT_TRUE(params.Set("HangingTheirs", 12).ok());
  EXPECT_EQ(Evaluate(pos, params), base - 30 + 12);
}

TEST(EvaluateTest, KingZoneSquaresOnlyTheKingGuardsCountAsUndefended) {
  // White's rook on 5a attacks 5e and 5f beside Black's king on 6f; only the king guards them.
  const Position pos = *Position::FromSfen("1r3k/6/6/6/6/K5 b - 1");
  EvalParams params;
  const int base = Evaluate(pos, params);
  ASSERT_TRUE(Shift(params, "KingZoneUndefended", 10).ok());
  EXPECT_EQ(Evaluate(pos, params), base - 2 * 10);
}

TEST(EvaluateTest, EnemyHandPiecesJoinTheAttackOnOpenSquaresOnlyTheKingGuards) {
  // White holds a rook; the squares around Black's king are empty and guarded by the king alone.
  const Position pos = *Position::FromSfen("5k/6/6/6/6/K5 b r 1");
  EvalParams params;
  ASSERT_TRUE(params.Set("HandAttackerMajor", 0).ok());
  ASSERT_TRUE(params.Set("KingDangerScale", 128).ok());
  const int base = Evaluate(pos, params);
  ASSERT_TRUE(params.Set("HandAttackerMajor", 16).ok());
  EXPECT_EQ(Evaluate(pos, params), base - 16 * 16 * 128 / 256);  // danger = units^2 * scale / 256
}

}  // namespace
}  // namespace judkins
