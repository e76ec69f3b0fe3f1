// The coordinator's metrics as Prometheus reads them: the exposition text.
#include "coordinator/service/metrics.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <prometheus/text_serializer.h>

#include <string>

namespace judkins {
namespace {

using ::testing::HasSubstr;

std::string Exposition(const CoordinatorMetrics& metrics) {
  return prometheus::TextSerializer().Serialize(metrics.registry()->Collect());
}

TEST(CoordinatorMetricsTest, CheckpointCountersFollowTheTallyWithoutCountingItTwice) {
  CoordinatorMetrics metrics;
  WalCheckpointer::Tally tally;
  tally.bulk_copies = 3;
  tally.log_pages = 120;
  EXPECT_EQ(metrics.SetCheckpoints(tally), 0u) << "no failure yet";
  tally.bulk_copies = 5;
  tally.catch_ups = 2;
  tally.failures = 1;
  tally.log_pages = 40;
  EXPECT_EQ(metrics.SetCheckpoints(tally), 1u) << "one new failure";
  EXPECT_EQ(metrics.SetCheckpoints(tally), 0u) << "a refresh with nothing new adds nothing";

  const std::string text = Exposition(metrics);
  EXPECT_THAT(text, HasSubstr("judkins_store_checkpoints_total{kind=\"bulk_copy\"} 5\n"));
  EXPECT_THAT(text, HasSubstr("judkins_store_checkpoints_total{kind=\"catch_up\"} 2\n"));
  EXPECT_THAT(text, HasSubstr("judkins_store_checkpoints_total{kind=\"restart\"} 0\n"));
  EXPECT_THAT(text, HasSubstr("judkins_store_checkpoints_total{kind=\"overlapped\"} 0\n"));
  EXPECT_THAT(text, HasSubstr("judkins_store_checkpoints_total{kind=\"failed\"} 1\n"));
  EXPECT_THAT(text, HasSubstr("judkins_store_wal_pages 40\n")) << "the log's length now, not its most";
}

TEST(CoordinatorMetricsTest, ATestsGamesCarryItsVariantAndAnOldTestIsJudkinss) {
  CoordinatorMetrics metrics;
  v1::Test shogi;
  shogi.set_id(7);
  shogi.mutable_spec()->set_variant("shogi");
  shogi.mutable_stats()->set_games(120);
  metrics.SetTestProgress(shogi);
  v1::Test old;
  old.set_id(3);
  old.mutable_stats()->set_games(40);
  metrics.SetTestProgress(old);

  const std::string text = Exposition(metrics);
  EXPECT_THAT(text, HasSubstr("judkins_test_games{test=\"7\",variant=\"shogi\"} 120\n"));
  EXPECT_THAT(text, HasSubstr("judkins_test_games{test=\"3\",variant=\"judkins\"} 40\n"));
}

}  // namespace
}  // namespace judkins
