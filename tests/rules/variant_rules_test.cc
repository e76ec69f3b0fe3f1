// Standard shogi and minishogi through the same rules core as Judkins: perft
// from the start to the published figures, strict SFEN in each board's own
// size, the lance, the zones, and each variant's end-of-game rules.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rules/game_status.h"
#include "engine/rules/movegen.h"
#include "engine/rules/notation.h"
#include "engine/rules/perft.h"
#include "engine/rules/position.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;
using Shogi = variants::Shogi;
using Minishogi = variants::Minishogi;

template <class V>
BasicPosition<V> At(absl::string_view sfen) {
  absl::StatusOr<BasicPosition<V>> pos = BasicPosition<V>::FromSfen(sfen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : BasicPosition<V>::Start();
}

template <class V>
std::string SfenError(absl::string_view sfen) {
  absl::StatusOr<BasicPosition<V>> pos = BasicPosition<V>::FromSfen(sfen);
  EXPECT_FALSE(pos.ok()) << sfen << " was accepted";
  return pos.ok() ? "" : std::string(pos.status().message());
}

template <class V>
std::vector<std::string> Moves(const BasicPosition<V>& pos) {
  std::vector<std::string> moves;
  for (Move m : BasicMoveList<V>(pos)) moves.push_back(MoveToUsi<V>(m));
  return moves;
}

// Plays USI moves, each of which must be legal.
template <class V>
void Play(BasicPosition<V>& pos, const std::vector<std::string>& moves) {
  for (const std::string& text : moves) {
    absl::StatusOr<Move> move = ParseUsiMove(pos, text);
    ASSERT_TRUE(move.ok()) << move.status();
    pos.DoMove(*move);
  }
}

TEST(ShogiPerftTest, FromTheStartMatchesThePublishedFigures) {
  const uint64_t published[] = {30, 900, 25'470, 719'731, 19'861'490};
  BasicPosition<Shogi> pos = BasicPosition<Shogi>::Start();
  const Key key = pos.key();
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(Perft(pos, depth), published[depth - 1]) << "depth " << depth;
  EXPECT_EQ(pos.key(), key) << "make/unmake must restore the position";
}

TEST(MinishogiPerftTest, FromTheStartMatchesThePublishedFigures) {
  const uint64_t published[] = {14, 181, 2'512, 35'401, 533'203};
  BasicPosition<Minishogi> pos = BasicPosition<Minishogi>::Start();
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(Perft(pos, depth), published[depth - 1]) << "depth " << depth;
}

TEST(VariantSfenTest, StartPositionsRoundTrip) {
  EXPECT_EQ(BasicPosition<Shogi>::Start().ToSfen(), Shogi::kStartSfen);
  EXPECT_EQ(BasicPosition<Minishogi>::Start().ToSfen(), Minishogi::kStartSfen);
}

TEST(VariantSfenTest, AHandHoldsUpToEighteenPawnsWrittenInTwoDigits) {
  const BasicPosition<Shogi> pos = At<Shogi>("4k4/9/9/9/9/9/9/9/4K4 b 18P2L 1");
  EXPECT_EQ(pos.hand_count(kBlack, kPawn), 18);
  EXPECT_EQ(pos.ToSfen(), "4k4/9/9/9/9/9/9/9/4K4 b 2L18P 1");
  EXPECT_THAT(SfenError<Shogi>("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"), HasSubstr("hand count 19"));
  EXPECT_THAT(SfenError<Shogi>("4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1"), HasSubstr("19 pieces of kind P"));
  EXPECT_THAT(SfenError<Shogi>("4k4/9/9/9/9/9/9/9/4K4 b 5L 1"), HasSubstr("only 4 exist"));
}

TEST(VariantSfenTest, ErrorsNameTheBoardsOwnSize) {
  EXPECT_THAT(SfenError<Shogi>("4k4/9/9/9/9/9/9/4K4 b - 1"), HasSubstr("8 ranks, expected 9"));
  EXPECT_THAT(SfenError<Shogi>("4k4/9/9/9/9/9/9/9/4K3 b - 1"), HasSubstr("8 squares, expected 9"));
  EXPECT_THAT(SfenError<Shogi>("4k5/9/9/9/9/9/9/9/4K4 b - 1"), HasSubstr("more than 9 squares"));
  EXPECT_THAT(SfenError<Minishogi>("2k2/5/5/5/2K3 b - 1"), HasSubstr("more than 5 squares"));
  EXPECT_THAT(SfenError<Minishogi>("2k2/5/5/2K2 b - 1"), HasSubstr("4 ranks, expected 5"));
}

TEST(VariantSfenTest, PiecesTheVariantLacksAreRefusedByName) {
  EXPECT_THAT(SfenError<Minishogi>("2k2/5/5/5/2KN1 b - 1"), HasSubstr("unknown piece letter 'N'"));
  EXPECT_THAT(SfenError<Minishogi>("2k2/5/5/5/2K2 b L 1"), HasSubstr("minishogi hands hold P, S, B, R or G"));
  EXPECT_THAT(SfenError<variants::Judkins>("2k3/6/6/6/6/2KL2 b - 1"), HasSubstr("unknown piece letter 'L'"));
}

TEST(VariantSfenTest, ALanceOnTheLastRankCouldNeverMove) {
  EXPECT_THAT(SfenError<Shogi>("L3k4/9/9/9/9/9/9/9/4K4 b - 1"), HasSubstr("Black lance on 9a could never move"));
  EXPECT_THAT(SfenError<Shogi>("4k4/9/9/9/9/9/9/9/4K3l b - 1"), HasSubstr("White lance on 1i could never move"));
  EXPECT_THAT(SfenError<Shogi>("4k4/N8/9/9/9/9/9/9/4K4 b - 1"), HasSubstr("Black knight on 9b could never move"));
}

TEST(ShogiMoveTest, ALanceMustPromoteOnTheLastRankAndIsNotDroppedThere) {
  const BasicPosition<Shogi> pos = At<Shogi>("4k4/8L/9/9/9/9/9/9/4K4 b L 1");
  const std::vector<std::string> moves = Moves(pos);
  EXPECT_THAT(moves, ::testing::Contains("1b1a+"));
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("1b1a")));
  EXPECT_THAT(moves, ::testing::Contains("L*9b"));
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("L*9a")));
}

TEST(ShogiMoveTest, TheZoneIsThreeRanksDeepAndMinishogisOne) {
  // A silver entering rank c may promote in standard shogi; in minishogi only rank a counts.
  EXPECT_THAT(Moves(At<Shogi>("4k4/9/9/4S4/9/9/9/9/4K4 b - 1")), ::testing::Contains("5d5c+"));
  EXPECT_THAT(Moves(At<Minishogi>("k4/5/2S2/5/4K b - 1")), ::testing::Not(::testing::Contains("3c3b+")));
  EXPECT_THAT(Moves(At<Minishogi>("k4/2S2/5/5/4K b - 1")), ::testing::Contains("3b3a+"));
}

TEST(ShogiMoveTest, ALanceChecksFromAfarAndPins) {
  // White's lance on 9a checks the king on 9i down the open file; only
  // blocks, captures of the lance, or king moves answer it.
  const BasicPosition<Shogi> check = At<Shogi>("l3k4/9/9/9/9/9/9/9/K8 b G 1");
  EXPECT_TRUE(check.in_check());
  for (const std::string& move : Moves(check))
    EXPECT_TRUE(move.substr(0, 2) == "9i" || move.substr(2, 1) == "9") << move;
  // Black's gold on 5h is pinned by the lance on 5a: it may not leave the file.
  const BasicPosition<Shogi> pin = At<Shogi>("4l3k/9/9/9/9/9/9/4G4/4K4 b - 1");
  for (const std::string& move : Moves(pin))
    if (move.substr(0, 2) == "5h") EXPECT_EQ(move[2], '5') << move;
}

TEST(ShogiGameStatusTest, TheDefaultLengthIsTwoHundredFiftySixPlies) {
  EXPECT_EQ(GameRules::For(Variant::kShogi).max_plies, 256);
  EXPECT_EQ(GameRules::For(Variant::kMinishogi).max_plies, 256);
  EXPECT_EQ(GameRules::For(Variant::kJudkins).max_plies, 400);
}

// White's king on 1a with no move, not in check, and nothing in hand.
constexpr absl::string_view kNoLegalMove = "8k/6G2/8G/9/9/9/9/9/K8 w - 1";

TEST(ShogiGameStatusTest, NoLegalMoveLosesOrDrawsByOption) {
  GameRules rules = GameRules::For(Variant::kShogi);
  const BasicPosition<Shogi> pos = At<Shogi>(kNoLegalMove);
  ASSERT_FALSE(pos.in_check());
  GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kBlackWins);
  EXPECT_EQ(status.termination, RuleTermination::kNoLegalMoves);
  rules.no_legal_move_draws = true;
  status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kDraw);
  EXPECT_EQ(status.termination, RuleTermination::kNoLegalMoves);
}

// Black's rook checks from 1i and 2i in turn while White's king steps between 1a and 2a.
const std::vector<std::string> kCheckingCycle = {"2i1i", "1a2a", "1i2i", "2a1a"};
constexpr absl::string_view kCheckingStart = "8k/9/9/9/9/9/9/9/K6R1 b - 1";

TEST(ShogiGameStatusTest, FourfoldRepetitionWithCheckEveryMoveLosesForTheChecker) {
  const GameRules rules = GameRules::For(Variant::kShogi);
  BasicPosition<Shogi> pos = At<Shogi>(kCheckingStart);
  for (int cycle = 0; cycle < 3; ++cycle) {
    EXPECT_FALSE(EvaluateGameStatus(pos, rules).over()) << "cycle " << cycle;
    Play(pos, kCheckingCycle);
  }
  const GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(status.termination, RuleTermination::kPerpetualCheck);
}

// Both rooks step out and back: no check anywhere in the cycle.
const std::vector<std::string> kQuietMinishogiCycle = {"1e1d", "5a5b", "1d1e", "5b5a"};

TEST(MinishogiGameStatusTest, FourfoldRepetitionLosesForBlackAsFairyStockfishScoresIt) {
  const GameRules rules = GameRules::For(Variant::kMinishogi);
  BasicPosition<Minishogi> pos = BasicPosition<Minishogi>::Start();
  for (int cycle = 0; cycle < 3; ++cycle) {
    EXPECT_FALSE(EvaluateGameStatus(pos, rules).over()) << "cycle " << cycle;
    Play(pos, kQuietMinishogiCycle);
  }
  const GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kWhiteWins);
  EXPECT_EQ(status.termination, RuleTermination::kRepetition);
}

TEST(ShogiGameStatusTest, TheSameQuietCycleIsADrawInStandardShogi) {
  const GameRules rules = GameRules::For(Variant::kShogi);
  BasicPosition<Shogi> pos = BasicPosition<Shogi>::Start();
  for (int cycle = 0; cycle < 3; ++cycle) Play(pos, {"2h3h", "8b7b", "3h2h", "7b8b"});
  const GameStatus status = EvaluateGameStatus(pos, rules);
  EXPECT_EQ(status.outcome, Outcome::kDraw);
  EXPECT_EQ(status.termination, RuleTermination::kRepetition);
}

// Black's king on 5b; in the camp 9 tokins, a rook and a bishop (11 pieces,
// 19 points); in hand 4 golds, 4 silvers and a lance (9 points): 28 in all.
constexpr absl::string_view kBlackDeclares = "+P+P+P+P+P+P+P+P+P/4K4/RB7/9/9/9/9/9/4k4 b 4G4SL 1";

DeclarationVerdict Declare(absl::string_view sfen, DeclarationRule rule = DeclarationRule::k27Point) {
  GameRules rules = GameRules::For(Variant::kShogi);
  rules.declaration = rule;
  return JudgeDeclaration(At<Shogi>(sfen), rules);
}

TEST(ShogiDeclarationTest, TwentyEightPointsWinForBlackAndTwentySevenForWhite) {
  const DeclarationVerdict black = Declare(kBlackDeclares);
  EXPECT_EQ(black.outcome, Outcome::kBlackWins) << black.reason;
  EXPECT_THAT(black.reason, HasSubstr("declared a win (27-point rule) with 28 points"));
  // The mirror for White, one point fewer: 27 is enough for the second player.
  const DeclarationVerdict white = Declare("4K4/9/9/9/9/9/7br/4k4/+p+p+p+p+p+p+p+p+p w 4g3sl 1");
  EXPECT_EQ(white.outcome, Outcome::kWhiteWins) << white.reason;
}

TEST(ShogiDeclarationTest, EachMissingConditionMakesAFalseDeclarationThatLoses) {
  struct Case {
    absl::string_view sfen, why;
  };
  const Case cases[] = {
      {"+P+P+P+P+P+P+P+P+P/4K4/RB7/9/9/9/9/9/4k4 b 4G3SL 1", "27 points, 28 needed"},
      {"+P+P+P+P+P+P+P2/4K4/RB7/9/9/9/9/9/4k4 b 4G4SL2P 1", "9 pieces besides the king in the enemy camp, 10 needed"},
      {"+P+P+P+P+P+P+P+P+P/9/RB7/4K4/9/9/9/9/4k4 b 4G4SL 1", "the king is not in the enemy camp"},
      {"+P+P+P+P+P+P+P+P+P/4K4/RB3s3/9/9/9/9/9/4k4 b 4G3SL 1", "the declarer is in check"},
  };
  for (const Case& c : cases) {
    const DeclarationVerdict verdict = Declare(c.sfen);
    EXPECT_EQ(verdict.outcome, Outcome::kWhiteWins) << c.sfen << ": " << verdict.reason;
    EXPECT_THAT(verdict.reason, HasSubstr("false declaration (27-point rule)")) << c.sfen;
    EXPECT_THAT(verdict.reason, HasSubstr(c.why)) << c.sfen;
  }
}

TEST(ShogiDeclarationTest, TheTwentyFourPointRuleWinsFromThirtyOneAndDrawsFromTwentyFour) {
  EXPECT_EQ(Declare(kBlackDeclares, DeclarationRule::k24Point).outcome, Outcome::kDraw);
  EXPECT_EQ(Declare("+P+P+P+P+P+P+P+P+P/4K4/RB7/9/9/9/9/9/4k4 b 4G4SL3P 1", DeclarationRule::k24Point).outcome,
            Outcome::kBlackWins);
  const DeclarationVerdict short_of_draw =
      Declare("+P+P+P+P+P+P+P+P+P/4K4/RB7/9/9/9/9/9/4k4 b 4G 1", DeclarationRule::k24Point);
  EXPECT_EQ(short_of_draw.outcome, Outcome::kWhiteWins);
  EXPECT_THAT(short_of_draw.reason, HasSubstr("23 points, 24 needed for a draw"));
}

TEST(MinishogiDeclarationTest, EveryDeclarationIsFalse) {
  const DeclarationVerdict verdict =
      JudgeDeclaration(BasicPosition<Minishogi>::Start(), GameRules::For(Variant::kMinishogi));
  EXPECT_EQ(verdict.outcome, Outcome::kWhiteWins);
  EXPECT_THAT(verdict.reason, HasSubstr("minishogi has no declaration rule"));
}

TEST(VariantNameTest, NamesParseBackAndUnknownOnesAreRefused) {
  for (Variant variant : kAllVariants) EXPECT_EQ(*ParseVariant(VariantName(variant)), variant);
  EXPECT_EQ(*ParseVariant("SHOGI"), Variant::kShogi);
  EXPECT_THAT(std::string(ParseVariant("chess").status().message()), HasSubstr("judkins, shogi or minishogi"));
}

}  // namespace
}  // namespace judkins
