// The engine's editions for standard shogi and minishogi: built from the same
// sources as judkins-engine, each lists its own variant and its own
// evaluation parameters before any setoption, plays legal moves of its
// variant, and has a bench signature of its own.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "engine/rules/notation.h"
#include "engine/rules/position.h"
#include "tests/support/usi_session.h"

namespace judkins {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::UsiSession;

struct Edition {
  Variant variant;
  std::string path;
};

void PrintTo(const Edition& edition, std::ostream* out) { *out << VariantName(edition.variant); }

class EditionTest : public ::testing::TestWithParam<Edition> {};

TEST_P(EditionTest, ListsItsVariantAndOnlyTheParametersOfItsPieces) {
  UsiSession engine({GetParam().path});
  engine.Send("usi");
  const std::vector<std::string> lines = engine.ReadUntil("usiok");
  const std::string variant(VariantName(GetParam().variant));
  EXPECT_THAT(lines, Contains("option name UCI_Variant type combo default " + variant + " var " + variant));
  const std::string all = absl::StrJoin(lines, "\n");
  const bool lances = GetParam().variant == Variant::kShogi;
  const bool knights = GetParam().variant != Variant::kMinishogi;
  EXPECT_EQ(absl::StrContains(all, "option name LanceValue "), lances) << all;
  EXPECT_EQ(absl::StrContains(all, "option name KnightValue "), knights) << all;
  const int ranks = GetParam().variant == Variant::kShogi ? 9 : GetParam().variant == Variant::kMinishogi ? 5 : 6;
  EXPECT_TRUE(absl::StrContains(all, "option name PawnRank" + std::to_string(ranks) + " ")) << all;
  EXPECT_FALSE(absl::StrContains(all, "option name PawnRank" + std::to_string(ranks + 1) + " ")) << all;
}

TEST_P(EditionTest, RefusesAnotherVariant) {
  UsiSession engine({GetParam().path});
  engine.Send("setoption name UCI_Variant value chess");
  engine.Send("isready");
  EXPECT_THAT(absl::StrJoin(engine.ReadUntil("readyok"), "\n"), HasSubstr("plays only the variant"));
}

TEST_P(EditionTest, PlaysALegalMoveOfItsVariant) {
  UsiSession engine({GetParam().path});
  engine.Send("position startpos");
  engine.Send("go depth 5");
  const std::string last = engine.ReadUntil("bestmove").back();
  const std::string move = last.substr(9, last.find(' ', 9) - 9);
  WithVariant(GetParam().variant,
              [&]<class V>(V) { EXPECT_TRUE(ParseUsiMove(BasicPosition<V>::Start(), move).ok()) << last; });
}

TEST_P(EditionTest, ItsBenchSignatureIsTheSameOnEveryRun) {
  auto signature = [&] { return UsiSession({GetParam().path, "bench", "5"}).ReadUntil("Nodes searched").back(); };
  const std::string first = signature();
  EXPECT_THAT(first, HasSubstr("Nodes searched: "));
  EXPECT_EQ(signature(), first);
}

// Nine attackers around White's king: at the king-danger weights' bounds the
// static evaluation alone would pass the mate scores (it read "mate -7694"
// and dropped a rook before Evaluate was clamped); the pawn's mate is found.
TEST(ShogiEditionTest, ExtremeKingDangerWeightsDoNotPassForAMate) {
  UsiSession engine({JUDKINS_ENGINE_SHOGI_PATH});
  engine.Send("setoption name KingDangerScale value 200");
  for (const char* name : {"KingAttackerMinor", "KingAttackerGold", "KingAttackerMajor"})
    engine.Send(std::string("setoption name ") + name + " value 20");
  engine.Send("isready");
  const std::string ready = absl::StrJoin(engine.ReadUntil("readyok"), "\n");
  engine.Send("position sfen 4k4/R4P3/2NGSGS2/B7B/9/9/9/9/4K4 b R 1");
  engine.Send("go depth 1");
  const std::vector<std::string> lines = engine.ReadUntil("bestmove");
  EXPECT_THAT(lines, Contains(HasSubstr("score mate 1 "))) << ready << "\n" << absl::StrJoin(lines, "\n");
  EXPECT_EQ(lines.back(), "bestmove 4b4a+");
}

INSTANTIATE_TEST_SUITE_P(Editions, EditionTest,
                         ::testing::Values(Edition{Variant::kJudkins, JUDKINS_ENGINE_PATH},
                                           Edition{Variant::kShogi, JUDKINS_ENGINE_SHOGI_PATH},
                                           Edition{Variant::kMinishogi, JUDKINS_ENGINE_MINISHOGI_PATH}),
                         [](const auto& info) { return std::string(VariantName(info.param.variant)); });

}  // namespace
}  // namespace judkins
