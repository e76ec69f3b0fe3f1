#include "engine/search/time_manager.h"

#include <gtest/gtest.h>

#include "engine/rules/edition.h"

namespace judkins {
namespace {

constexpr absl::Duration kOverhead = absl::Milliseconds(10);

// Both sides' clocks at `remaining`, with `increment` a move.
TimeManager Clock(absl::Duration remaining, absl::Duration increment) {
  SearchLimits limits;
  limits.time[0] = limits.time[1] = remaining;
  limits.increment[0] = limits.increment[1] = increment;
  return TimeManager(limits, Color::kBlack, kOverhead);
}

TEST(TimeManagerTest, ASettledBestMoveIsPlayedSoonerThanANewOne) {
  const TimeManager time = Clock(absl::Seconds(10), absl::Milliseconds(100));
  EXPECT_LT(time.Target(6, 0), time.optimum());
  EXPECT_GT(time.Target(0, 0), time.optimum());
  EXPECT_LE(time.Target(0, 0), time.maximum());
}

TEST(TimeManagerTest, AFallingScoreEarnsMoreTimeAndARisingOneLess) {
  const TimeManager time = Clock(absl::Seconds(10), absl::Milliseconds(100));
  EXPECT_GT(time.Target(2, 60), time.Target(2, 0));
  EXPECT_LT(time.Target(2, -60), time.Target(2, 0));
}

TEST(TimeManagerTest, TheTargetNeverPassesTheMaximum) {
  // Little left on the clock: the maximum, not the optimum, binds.
  const TimeManager time = Clock(absl::Milliseconds(20), absl::Seconds(1));
  EXPECT_EQ(time.Target(0, 1000), time.maximum());
  EXPECT_EQ(time.maximum(), absl::Milliseconds(20) - kOverhead);  // all the clock holds
}

TEST(TimeManagerTest, AFixedMoveTimeIsUsedWhateverTheSearchLooksLike) {
  SearchLimits limits;
  limits.movetime = absl::Milliseconds(500);
  const TimeManager time(limits, Color::kBlack, kOverhead);
  EXPECT_EQ(time.Target(0, 1000), time.optimum());
  EXPECT_EQ(time.Target(6, -1000), time.optimum());
}

TEST(TimeManagerTest, ByoyomiIsNotSavedForLaterByASettledMove) {
  // Byoyomi not used is lost: a settled move still uses its share.
  SearchLimits limits;
  limits.byoyomi = absl::Seconds(1);
  const TimeManager time(limits, Color::kBlack, kOverhead);
  EXPECT_EQ(time.Target(6, -500), time.optimum());
}

}  // namespace
}  // namespace judkins
