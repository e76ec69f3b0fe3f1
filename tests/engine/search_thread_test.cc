// The engine's one search thread: jobs run on it one at a time, and waiting
// for it means waiting for the job in hand.
#include "engine/usi/search_thread.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "absl/time/clock.h"

namespace judkins {
namespace {

TEST(SearchThreadTest, EveryJobRunsOnTheSameThreadWhichIsNotTheCallers) {
  std::vector<std::thread::id> ran_on;
  SearchThread searcher;
  for (int job = 0; job < 5; ++job) {
    searcher.Start([&ran_on] { ran_on.push_back(std::this_thread::get_id()); });
    searcher.Wait();
  }
  ASSERT_EQ(ran_on.size(), 5u);
  EXPECT_NE(ran_on[0], std::this_thread::get_id());
  for (const std::thread::id id : ran_on) EXPECT_EQ(id, ran_on[0]);
}

TEST(SearchThreadTest, WaitReturnsOnlyOnceTheJobHasReturned) {
  std::atomic<bool> done = false;
  SearchThread searcher;
  searcher.Start([&done] {
    absl::SleepFor(absl::Milliseconds(50));
    done = true;
  });
  searcher.Wait();
  EXPECT_TRUE(done);
}

TEST(SearchThreadTest, WaitWithNoJobReturnsAtOnce) {
  SearchThread searcher;
  searcher.Wait();
  searcher.Wait();
}

TEST(SearchThreadTest, DestructionWaitsForTheJobInHand) {
  std::atomic<bool> done = false;
  {
    SearchThread searcher;
    searcher.Start([&done] {
      absl::SleepFor(absl::Milliseconds(50));
      done = true;
    });
  }
  EXPECT_TRUE(done);
}

}  // namespace
}  // namespace judkins
