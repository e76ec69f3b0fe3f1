// What lets machines of different speeds and builds share a test: the time
// control scaled by a worker's speed, and the bench signature that tells a
// wrong build from the right one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "common/time_control.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"
#include "worker/daemon/bench_signature.h"
#include "worker/daemon/time_control_scale.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

TEST(TimeControlScaleTest, ASlowerWorkerGetsProportionallyMoreTimeWithinTheBound) {
  EXPECT_DOUBLE_EQ(TimeControlScale(2e6, 1e6), 2);
  EXPECT_DOUBLE_EQ(TimeControlScale(1e6, 4e6), 0.25);
  EXPECT_DOUBLE_EQ(TimeControlScale(1e12, 1), contract::kMaxTimeControlScale);
  EXPECT_DOUBLE_EQ(TimeControlScale(1, 1e12), 1 / contract::kMaxTimeControlScale);
}

TEST(TimeControlScaleTest, NoReferenceOrNoMeasuredSpeedPlaysTheTimeControlAsWritten) {
  EXPECT_EQ(TimeControlScale(0, 1e6), 1);
  EXPECT_EQ(TimeControlScale(1e6, 0), 1);
}

TEST(TimeControlScaleTest, ScalingStretchesEveryDurationAndLeavesNodeAndDepthLimits) {
  EXPECT_EQ(TimeControl::Fischer("10+0.1")->ScaledBy(1.5).Label(), "15+0.15");
  EXPECT_EQ(TimeControl::Byoyomi("30+1")->ScaledBy(0.5).Label(), "15 byoyomi 0.5");
  EXPECT_EQ(TimeControl::Movetime("0.2")->ScaledBy(3).Label(), "movetime 0.6");
  EXPECT_EQ(TimeControl::Nodes("1000")->ScaledBy(3).Label(), "nodes 1000");
  EXPECT_EQ(TimeControl::Depth("7")->ScaledBy(3).Label(), "depth 7");
  // To the millisecond, as the clock counts.
  EXPECT_EQ(TimeControl::Fischer("1+0.01")->ScaledBy(1.0 / 3).Label(), "0.333+0.003");
}

TEST(BenchSignatureTest, TheNodeCountIsReadAsJudkinsEngineAndTheStockfishFamilyPrintIt) {
  EXPECT_EQ(*ParseBenchSignature("position 1: ...\n\nNodes searched: 574116\nNodes/second: 2208190\n"), 574116u);
  EXPECT_EQ(*ParseBenchSignature("Total time (ms) : 7123\nNodes searched  : 4846400\nNodes/second    : 680387\n"),
            4846400u);
  EXPECT_EQ(ParseBenchSignature("bench done\nNodes/second: 5\n").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ParseBenchSignature("Nodes searched: many\n").status().code(), absl::StatusCode::kNotFound);
}

TEST(BenchSignatureTest, RunningTheEnginesBenchGivesWhatItPrints) {
  testing::ScratchDirectory scratch("bench-signature");
  const testing::CommandResult bench = testing::RunCommand({JUDKINS_ENGINE_PATH, "bench"}, scratch.path() + "/err");
  ASSERT_EQ(bench.exit_code, 0) << bench.err;
  absl::StatusOr<uint64_t> printed = ParseBenchSignature(bench.out);
  ASSERT_TRUE(printed.ok()) << printed.status();
  absl::StatusOr<uint64_t> signature =
      RunBenchSignature(JUDKINS_ENGINE_PATH, scratch.path(), scratch.path() + "/bench.stderr");
  ASSERT_TRUE(signature.ok()) << signature.status();
  EXPECT_EQ(*signature, *printed);
}

TEST(BenchSignatureTest, ASignatureOnStderrIsFoundAndAnEngineWithoutOneIsNamedAsSuch) {
  testing::ScratchDirectory scratch("bench-signature-stderr");
  const std::string on_stderr = scratch.path() + "/stderr-engine", silent = scratch.path() + "/silent-engine";
  std::ofstream(on_stderr) << "#!/bin/sh\necho 'Nodes searched  : 4321' >&2\n";
  std::ofstream(silent) << "#!/bin/sh\necho 'no bench here'\n";
  chmod(on_stderr.c_str(), 0755);
  chmod(silent.c_str(), 0755);
  absl::StatusOr<uint64_t> signature = RunBenchSignature(on_stderr, scratch.path(), scratch.path() + "/a.stderr");
  ASSERT_TRUE(signature.ok()) << signature.status();
  EXPECT_EQ(*signature, 4321u);
  EXPECT_THAT(std::string(RunBenchSignature(silent, scratch.path(), scratch.path() + "/b.stderr").status().message()),
              HasSubstr("printed no \"Nodes searched: N\" line"));
}

}  // namespace
}  // namespace judkins
