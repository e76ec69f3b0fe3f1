// What the runner takes from an engine's info lines: depth, nodes and the
// last score, in whatever order the fields come, and nothing from a
// principal variation or free text.
#include <gtest/gtest.h>

#include "worker/usi_client/usi_engine.h"

namespace judkins {
namespace {

TEST(ParseInfoTest, ReadsDepthNodesAndACentipawnScore) {
  SearchReport report;
  ParseInfo("info depth 7 seldepth 9 multipv 1 score cp -35 nodes 123456 nps 1000 time 12 pv 2f4d 5a3c", report);
  EXPECT_EQ(report.depth, 7);
  EXPECT_EQ(report.nodes, 123456u);
  EXPECT_EQ(report.score_cp, -35);
  EXPECT_FALSE(report.mate_plies.has_value());
}

TEST(ParseInfoTest, AMateScoreReplacesACentipawnScoreAndTheOtherWayRound) {
  SearchReport report;
  ParseInfo("info depth 3 score cp 120", report);
  ParseInfo("info depth 4 score mate -5 nodes 900", report);
  EXPECT_EQ(report.mate_plies, -5);
  EXPECT_FALSE(report.score_cp.has_value());
  EXPECT_EQ(report.depth, 4);
  ParseInfo("info\tdepth  5\tscore cp 40", report);  // tabs and double spaces separate words too
  EXPECT_EQ(report.score_cp, 40);
  EXPECT_FALSE(report.mate_plies.has_value());
  EXPECT_EQ(report.depth, 5);
  EXPECT_EQ(report.nodes, 900u);  // a line without nodes keeps the last count
}

TEST(ParseInfoTest, WordsAfterPvOrStringAreNotFields) {
  SearchReport report;
  ParseInfo("info depth 2 pv depth 9 score cp 1", report);
  ParseInfo("info string score cp 77 depth 30", report);
  EXPECT_EQ(report.depth, 2);
  EXPECT_FALSE(report.score_cp.has_value());
}

TEST(ParseInfoTest, AFieldWithoutAReadableValueChangesNothing) {
  SearchReport report;
  ParseInfo("info depth 6 score cp 10 nodes 50", report);
  ParseInfo("info score cp lowerbound depth x nodes", report);
  ParseInfo("info score", report);
  EXPECT_EQ(report.depth, 6);
  EXPECT_EQ(report.score_cp, 10);
  EXPECT_EQ(report.nodes, 50u);
}

}  // namespace
}  // namespace judkins
