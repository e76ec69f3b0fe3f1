// Game slots' threads: pinned ones (--affinity) spread over physical cores,
// their engines run where they do with the normal policy, and a match that
// cannot be pinned says why; free ones referee in the batch policy.
#include "worker/match/slot_cpus.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sched.h>

#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/read_file.h"
#include "tests/support/scratch_directory.h"
#include "worker/cli/match_command.h"
#include "worker/match/match_runner.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Two packages of two cores of two hyperthreads, numbered as Linux numbers
// them: the first thread of every core, then the second threads.
std::vector<LogicalCpu> TwoByTwoByTwo() {
  std::vector<LogicalCpu> cpus;
  for (int id = 0; id < 8; ++id) cpus.push_back({.id = id, .package = (id / 2) % 2, .core = id % 2});
  return cpus;
}

TEST(PlanSlotCpusTest, GivesEverySlotACoreOfItsOwnBeforeAnySecondHyperthread) {
  absl::StatusOr<std::vector<std::vector<int>>> plan = PlanSlotCpus(TwoByTwoByTwo(), 4, 1);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_THAT(*plan, ElementsAre(ElementsAre(0), ElementsAre(1), ElementsAre(2), ElementsAre(3)));
}

TEST(PlanSlotCpusTest, HandsOutSecondHyperthreadsOnlyWhenTheCoresRunOut) {
  absl::StatusOr<std::vector<std::vector<int>>> plan = PlanSlotCpus(TwoByTwoByTwo(), 3, 2);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_THAT(*plan, ElementsAre(ElementsAre(0, 1), ElementsAre(2, 3), ElementsAre(4, 5)));
}

TEST(PlanSlotCpusTest, RefusesMoreSlotsThanCpusNamingBothCounts) {
  absl::StatusOr<std::vector<std::vector<int>>> plan = PlanSlotCpus(TwoByTwoByTwo(), 3, 3);
  EXPECT_EQ(plan.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(plan.status().message(), HasSubstr("need 9 CPUs; this process may use 8"));
  EXPECT_FALSE(PlanSlotCpus(TwoByTwoByTwo(), 0, 1).ok());
  EXPECT_FALSE(PlanSlotCpus(TwoByTwoByTwo(), 1, 0).ok());
}

TEST(AllowedCpusTest, ListsEveryCpuOfTheAffinityMaskOnce) {
  absl::StatusOr<std::vector<LogicalCpu>> cpus = AllowedCpus();
  ASSERT_TRUE(cpus.ok()) << cpus.status();
  cpu_set_t mask;
  ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
  EXPECT_EQ(int(cpus->size()), CPU_COUNT(&mask));
}

TEST(RunCallingThreadOnTest, PinsTheThreadAndItsEnginesButLeavesTheEnginesThePlainPolicy) {
  absl::StatusOr<std::vector<LogicalCpu>> cpus = AllowedCpus();
  ASSERT_TRUE(cpus.ok()) << cpus.status();
  const int last = cpus->back().id;
  int thread_policy = -1;
  std::string child_cpus, child_policy;
  std::thread([&] {
    ASSERT_TRUE(RunCallingThreadOn({last}).ok());
    thread_policy = sched_getscheduler(0);
    // The child's CPUs and its policy (field 41 of its stat; its name, awk, has no space).
    absl::StatusOr<std::unique_ptr<EngineProcess>> child = EngineProcess::Start(
        {.argv = {"sh", "-c",
                  "grep Cpus_allowed_list /proc/self/status | cut -f2; awk '{print $41}' /proc/self/stat"}});
    ASSERT_TRUE(child.ok()) << child.status();
    absl::StatusOr<std::string> line = (*child)->ReadLine(absl::Now() + absl::Seconds(10));
    ASSERT_TRUE(line.ok()) << line.status();
    child_cpus = *line;
    line = (*child)->ReadLine(absl::Now() + absl::Seconds(10));
    ASSERT_TRUE(line.ok()) << line.status();
    child_policy = *line;
  }).join();
  EXPECT_EQ(thread_policy, SCHED_IDLE);
  EXPECT_EQ(child_cpus, std::to_string(last));
  EXPECT_EQ(child_policy, std::to_string(SCHED_OTHER));
}

TEST(RunCallingThreadAsBatchTest, TakesTheBatchPolicyButLeavesTheEnginesThePlainPolicy) {
  int thread_policy = -1;
  std::string child_policy;
  std::thread([&] {
    ASSERT_TRUE(RunCallingThreadAsBatch().ok());
    thread_policy = sched_getscheduler(0);
    absl::StatusOr<std::unique_ptr<EngineProcess>> child =
        EngineProcess::Start({.argv = {"awk", "{print $41}", "/proc/self/stat"}});
    ASSERT_TRUE(child.ok()) << child.status();
    absl::StatusOr<std::string> line = (*child)->ReadLine(absl::Now() + absl::Seconds(10));
    ASSERT_TRUE(line.ok()) << line.status();
    child_policy = *line;
  }).join();
  EXPECT_EQ(thread_policy, SCHED_BATCH);
  EXPECT_EQ(child_policy, std::to_string(SCHED_OTHER));
  EXPECT_EQ(sched_getscheduler(0), SCHED_OTHER) << "only the calling thread changes";
}

TEST(RunCallingThreadOnTest, RefusesACpuThatDoesNotExist) {
  std::thread([] {
    EXPECT_FALSE(RunCallingThreadOn({CPU_SETSIZE}).ok());
    EXPECT_FALSE(RunCallingThreadOn({-1}).ok());
  }).join();
}

MatchSettings PinnedMatch(int concurrency, const std::string& threads) {
  absl::StatusOr<MatchPlan> plan = ParseMatchCommand(
      {"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=a", "--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=b",
       "option.Tempo=0", "--depth", "1", "--pairs", "4", "--concurrency", std::to_string(concurrency), "--affinity"});
  EXPECT_TRUE(plan.ok()) << plan.status();
  MatchSettings settings = plan.ok() ? plan->settings : MatchSettings();
  if (!threads.empty()) settings.first.options.emplace_back("threads", threads);
  return settings;
}

TEST(PinnedMatchTest, PlaysEveryGameWithEachSlotOnACpuOfItsOwn) {
  absl::StatusOr<std::vector<LogicalCpu>> cpus = AllowedCpus();
  ASSERT_TRUE(cpus.ok()) << cpus.status();
  absl::StatusOr<v1::MatchResults> results = MatchRunner(PinnedMatch(int(cpus->size()), "")).Run(nullptr);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->games(), 8u);
}

TEST(PinnedMatchTest, RefusesMoreGameSlotsThanCpus) {
  absl::StatusOr<std::vector<LogicalCpu>> cpus = AllowedCpus();
  ASSERT_TRUE(cpus.ok()) << cpus.status();
  const int too_many = std::min(int(cpus->size()) + 1, 4);
  if (too_many <= int(cpus->size())) GTEST_SKIP() << "more CPUs than the match has pairs";
  absl::StatusOr<v1::MatchResults> results = MatchRunner(PinnedMatch(too_many, "")).Run(nullptr);
  EXPECT_EQ(results.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(results.status().message(), HasSubstr("affinity"));
}

TEST(PinnedMatchTest, CountsTheEnginesThreadsOptionAndRefusesABadOne) {
  absl::StatusOr<std::vector<LogicalCpu>> cpus = AllowedCpus();
  ASSERT_TRUE(cpus.ok()) << cpus.status();
  absl::StatusOr<v1::MatchResults> results = MatchRunner(PinnedMatch(1, std::to_string(cpus->size() + 1))).Run(nullptr);
  EXPECT_EQ(results.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(results.status().message(), HasSubstr("affinity"));
  results = MatchRunner(PinnedMatch(1, "many")).Run(nullptr);
  EXPECT_EQ(results.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(results.status().message(), HasSubstr("option threads must be a positive number, got 'many'"));
}

TEST(FreeMatchTest, RefereesEachSlotInTheBatchPolicy) {
  const testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string policies = scratch.path() + "/policies";
  // Each engine, as it starts, notes the policy of every thread of the runner
  // that started it (field 41 of a thread's stat; the name before it may
  // hold spaces, so the fields are counted after its closing parenthesis).
  const std::vector<std::string> engine = {
      "sh", "-c",
      absl::StrCat("for t in /proc/$PPID/task/*; do sed 's/.*) //' $t/stat | cut -d' ' -f39; done >> ", policies,
                   "; exec ", JUDKINS_ENGINE_PATH)};
  absl::StatusOr<MatchPlan> plan =
      ParseMatchCommand({"--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=a", "--engine", "cmd=" JUDKINS_ENGINE_PATH,
                         "name=b", "--depth", "1", "--pairs", "1", "--concurrency", "1"});
  ASSERT_TRUE(plan.ok()) << plan.status();
  plan->settings.first.command = engine;
  absl::StatusOr<v1::MatchResults> results = MatchRunner(plan->settings).Run(nullptr);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->games(), 2u);
  absl::StatusOr<std::string> noted = ReadFile(policies);
  ASSERT_TRUE(noted.ok()) << noted.status();
  // The test's own threads keep the normal policy; the one slot's thread has the batch one.
  const std::vector<std::string> lines = absl::StrSplit(*noted, '\n', absl::SkipEmpty());
  EXPECT_THAT(lines, ::testing::Contains(std::to_string(SCHED_BATCH)));
  EXPECT_THAT(lines, ::testing::Contains(std::to_string(SCHED_OTHER)));
}

}  // namespace
}  // namespace judkins
