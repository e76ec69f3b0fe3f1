// The coordinator's domain alone, on typed values, with no SQLite: how a
// report's games are checked, how pairs count and end an SPRT, how a purged
// worker's share leaves a test, and when a worker is taken off it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "coordinator/domain/report_games.h"
#include "coordinator/domain/test_rules.h"
#include "proto/convert/results.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

v1::Batch BatchOfPairs(int pairs) {
  v1::Batch batch;
  for (int i = 0; i < pairs; ++i) batch.add_pairs()->set_pair_index(i);
  return batch;
}

void AddGame(v1::BatchReport& report, uint32_t pair, uint32_t game, v1::GameResult result) {
  v1::GameOutcome& outcome = *report.add_games();
  outcome.set_pair_index(pair);
  outcome.set_game_in_pair(game);
  outcome.set_result(result);
}

TEST(ReportGamesTest, CompletePairsCountAndPairsWithoutGamesAreHandedBack) {
  v1::BatchReport report;
  AddGame(report, 0, 0, v1::GAME_RESULT_BLACK_WINS);
  AddGame(report, 0, 1, v1::GAME_RESULT_DRAW);
  const v1::Batch batch = BatchOfPairs(2);  // the answer points into it
  absl::StatusOr<ReportGames> games = CheckReportGames(batch, report);
  ASSERT_TRUE(games.ok()) << games.status();
  EXPECT_EQ(games->complete.size(), 1u);
  ASSERT_EQ(games->handed_back.size(), 1u);
  EXPECT_EQ(games->handed_back[0]->pair_index(), 1u);
}

TEST(ReportGamesTest, HalfPairsRepeatedGamesStrangersAndWrongTotalsAreRefusedByField) {
  v1::BatchReport half;
  AddGame(half, 0, 0, v1::GAME_RESULT_DRAW);
  EXPECT_THAT(std::string(CheckReportGames(BatchOfPairs(1), half).status().message()), HasSubstr("incomplete"));
  v1::BatchReport twice = half;
  AddGame(twice, 0, 0, v1::GAME_RESULT_DRAW);
  EXPECT_THAT(std::string(CheckReportGames(BatchOfPairs(1), twice).status().message()), HasSubstr("twice"));
  v1::BatchReport stranger;
  AddGame(stranger, 7, 0, v1::GAME_RESULT_DRAW);
  EXPECT_THAT(std::string(CheckReportGames(BatchOfPairs(1), stranger).status().message()),
              HasSubstr("not part of batch"));
  v1::BatchReport lying = half;
  AddGame(lying, 0, 1, v1::GAME_RESULT_DRAW);
  lying.mutable_pentanomial()->set_ww(1);  // two draws are DD, not WW
  EXPECT_EQ(CheckReportGames(BatchOfPairs(1), lying).status().message(),
            "pentanomial: does not match the games reported");
}

TEST(TestRulesTest, WinningPairsEndAnSprtWithH1AndAPurgeReopensIt) {
  TestRow test;
  test.state = v1::TEST_STATE_RUNNING;
  test.spec.mutable_sprt()->set_elo0(0);
  test.spec.mutable_sprt()->set_elo1(5);
  v1::GameOutcome dev_wins_as_black, dev_wins_as_white;
  dev_wins_as_black.set_result(v1::GAME_RESULT_BLACK_WINS);
  dev_wins_as_white.set_game_in_pair(1);
  dev_wins_as_white.set_result(v1::GAME_RESULT_WHITE_WINS);
  v1::GameOutcome draw0, draw1;
  draw0.set_result(v1::GAME_RESULT_DRAW);
  draw1.set_game_in_pair(1);
  draw1.set_result(v1::GAME_RESULT_DRAW);
  // Some draws first: an SPRT needs a variance before it can decide.
  for (int i = 0; i < 10; ++i) CountPair({&draw0, &draw1}, test);
  int pairs = 0;
  while (!Ended(test.state) && pairs < 1000) {
    CountPair({&dev_wins_as_black, &dev_wins_as_white}, test);
    ++pairs;
  }
  EXPECT_EQ(test.state, v1::TEST_STATE_FINISHED);
  EXPECT_EQ(test.finished_because, "sprt accepted");
  EXPECT_EQ(test.pentanomial.ww(), uint64_t(pairs));

  // The winning pairs came from one worker that is purged: what remains (the
  // draws) decides nothing yet.
  v1::Pentanomial share;
  share.set_ww(pairs);
  v1::WinDrawLoss share_games;
  share_games.set_wins(2 * pairs);
  RemoveWorkerShare(share, share_games, test);
  EXPECT_EQ(test.state, v1::TEST_STATE_RUNNING);
  EXPECT_EQ(test.finished_because, "");
  EXPECT_EQ(test.pentanomial.ww(), 0u);
  EXPECT_EQ(test.pentanomial.dd_wl(), 10u);
}

TEST(TestRulesTest, AFixedTestFinishesAtItsCount) {
  TestRow test;
  test.state = v1::TEST_STATE_RUNNING;
  test.spec.set_fixed_pairs(2);
  test.pentanomial.set_dd_wl(1);
  FinishIfCountReached(test);
  EXPECT_EQ(test.state, v1::TEST_STATE_RUNNING);
  test.pentanomial.set_dd_wl(2);
  FinishIfCountReached(test);
  EXPECT_EQ(test.finished_because, "fixed games played");
}

v1::WorkerResult Worker(uint64_t id, uint64_t pairs, uint64_t crashes) {
  v1::WorkerResult worker;
  worker.set_worker_id(id);
  worker.mutable_pentanomial()->set_dd_wl(pairs);
  worker.set_crashes(crashes);
  return worker;
}

TEST(TestRulesTest, AWorkerIsTakenOffForCrashesOnlyWhenTheOthersDoNotCrash) {
  const v1::WorkerResult crashing = Worker(1, 10, 4), healthy = Worker(2, 10, 0), also_crashing = Worker(3, 10, 5);
  EXPECT_FALSE(ExclusionReason(healthy, {crashing, healthy}));
  const std::optional<std::string> reason = ExclusionReason(crashing, {crashing, healthy});
  ASSERT_TRUE(reason);
  EXPECT_EQ(*reason, "4 crashes and 0 time losses in 20 games");
  // Every worker crashes: the engine's fault, its games keep counting.
  EXPECT_FALSE(ExclusionReason(crashing, {crashing, also_crashing}));
}

}  // namespace
}  // namespace judkins
