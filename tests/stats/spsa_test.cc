// The SPSA schedule against the worked example of stats-notes.md (fishtest's
// formulas): num_games 100000, A-ratio 0.1, c_end 10, r_end 0.002.
#include "stats/spsa.h"

#include <gtest/gtest.h>

namespace judkins::stats {
namespace {

const SpsaSchedule kSchedule{.iterations = 50000};
const SpsaParameterSpec kParameter{.start = 100, .min = 0, .max = 200, .c_end = 10, .r_end = 0.002};

TEST(SpsaTest, ConstantsMatchTheWorkedExample) {
  EXPECT_DOUBLE_EQ(kSchedule.A(), 5000);
  const SpsaConstants constants = ConstantsFor(kParameter, kSchedule);
  EXPECT_NEAR(constants.c, 29.826, 1e-3);
  EXPECT_NEAR(constants.a, 142.80, 1e-2);
}

TEST(SpsaTest, StepsMatchTheWorkedExample) {
  const SpsaConstants constants = ConstantsFor(kParameter, kSchedule);
  const SpsaStep first = StepAt(constants, kSchedule, 1);
  EXPECT_NEAR(first.c_k, 29.83, 1e-2);
  EXPECT_NEAR(first.r_k * first.c_k, 0.0284, 1e-4);  // step per (W - L)
  const SpsaStep middle = StepAt(constants, kSchedule, 1000);
  EXPECT_NEAR(middle.c_k, 14.85, 1e-2);
  EXPECT_NEAR(middle.r_k * middle.c_k, 0.0511, 1e-4);
  const SpsaStep last = StepAt(constants, kSchedule, 50000);  // the end values come back
  EXPECT_NEAR(last.c_k, 10, 1e-9);
  EXPECT_NEAR(last.r_k, 0.002, 1e-12);
  EXPECT_NEAR(last.r_k * last.c_k, 0.020, 1e-12);
}

TEST(SpsaTest, UpdatesMoveAlongTheFlipAndStayInBounds) {
  const SpsaStep step{.c_k = 10, .r_k = 0.002};
  EXPECT_DOUBLE_EQ(SpsaUpdate(100, kParameter, step, 3, +1), 100.06);
  EXPECT_DOUBLE_EQ(SpsaUpdate(100, kParameter, step, 3, -1), 99.94);
  EXPECT_DOUBLE_EQ(SpsaUpdate(199.99, kParameter, step, 100, +1), 200);  // clipped
  EXPECT_DOUBLE_EQ(SpsaUpdate(0.01, kParameter, step, -100, +1), 0);
}

}  // namespace
}  // namespace judkins::stats
