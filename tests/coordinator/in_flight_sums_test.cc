// The scheduler's pairs-in-flight sums: when they are read again, by whom,
// and what is added to them between reads.
#include "coordinator/scheduler/in_flight_sums.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace judkins {
namespace {

constexpr int kCallersAtOnce = 16;

ActiveTest WithInFlight(uint64_t id, uint64_t pairs_in_flight) {
  ActiveTest test{};
  test.id = id;
  test.pairs_in_flight = pairs_in_flight;
  return test;
}

TEST(InFlightSumsTest, OneCallerClaimsTheReadAndTheOthersWaitOutTheAge) {
  InFlightSums sums;
  const absl::Time start = absl::FromUnixSeconds(1'000'000);
  EXPECT_TRUE(sums.ClaimRead(start));
  EXPECT_FALSE(sums.ClaimRead(start)) << "a second caller at once uses the sums being read";
  EXPECT_FALSE(sums.ClaimRead(start + InFlightSums::kMaxAge / 2));
  EXPECT_TRUE(sums.ClaimRead(start + InFlightSums::kMaxAge));
}

TEST(InFlightSumsTest, AClockThatWentBackClaimsARead) {
  InFlightSums sums;
  const absl::Time start = absl::FromUnixSeconds(1'000'000);
  ASSERT_TRUE(sums.ClaimRead(start));
  EXPECT_TRUE(sums.ClaimRead(start - absl::Seconds(1)));
}

TEST(InFlightSumsTest, OfManyCallersFindingTheSumsOldAtOnceExactlyOneReadsThem) {
  InFlightSums sums;
  const absl::Time now = absl::FromUnixSeconds(1'000'000);
  std::atomic<int> claimed = 0;
  std::vector<std::thread> callers;
  for (int i = 0; i < kCallersAtOnce; ++i)
    callers.emplace_back([&] {
      if (sums.ClaimRead(now)) ++claimed;
    });
  for (std::thread& caller : callers) caller.join();
  EXPECT_EQ(claimed, 1);
}

TEST(InFlightSumsTest, LeasesSinceTheReadAreAddedAndANewTestHasNone) {
  InFlightSums sums;
  sums.Replace({WithInFlight(1, 3), WithInFlight(2, 0)});
  sums.Add(1, 2);
  sums.Add(2, 4);
  std::vector<ActiveTest> tests = {WithInFlight(1, 99), WithInFlight(2, 99), WithInFlight(3, 99)};
  sums.Fill(tests);
  EXPECT_EQ(tests[0].pairs_in_flight, 5u);
  EXPECT_EQ(tests[1].pairs_in_flight, 4u);
  EXPECT_EQ(tests[2].pairs_in_flight, 0u) << "test 3 is new since the read";
  sums.Replace({WithInFlight(1, 1)});
  sums.Fill(tests);
  EXPECT_EQ(tests[0].pairs_in_flight, 1u) << "a read replaces what was added";
  EXPECT_EQ(tests[1].pairs_in_flight, 0u);
}

}  // namespace
}  // namespace judkins
