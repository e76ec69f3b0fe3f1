// The workers' homogeneity test against fishtest's own numbers
// (tests/data/homogeneity-vectors.tsv, made by fishtest's get_chi2).
#include "stats/worker_homogeneity.h"

#include <gtest/gtest.h>

#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "tests/support/test_data.h"

namespace judkins::stats {
namespace {

double Number(const std::string& text) {
  double value = 0;
  EXPECT_TRUE(absl::SimpleAtod(text, &value)) << text;
  return value;
}

TEST(WorkerHomogeneityTest, AgreesWithFishtestOnEveryVector) {
  const auto rows = testing::ReadTsv("homogeneity-vectors.tsv");
  ASSERT_GT(rows.size(), 1u);
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string>& row = rows[i];
    SCOPED_TRACE(row[0]);
    std::vector<WorkerPairs> workers;
    for (absl::string_view counts : absl::StrSplit(row[1], ';')) {
      WorkerPairs& worker = workers.emplace_back();
      worker.worker_id = workers.size();
      int c = 0;
      for (absl::string_view count : absl::StrSplit(counts, ','))
        ASSERT_TRUE(absl::SimpleAtoi(count, &worker.pentanomial[c++]));
    }
    const std::optional<Homogeneity> result = TestHomogeneity(workers);
    ASSERT_TRUE(result.has_value());
    EXPECT_NEAR(result->chi2, Number(row[2]), 1e-6);
    EXPECT_EQ(result->degrees_of_freedom, int(Number(row[3])));
    EXPECT_NEAR(result->p_value, Number(row[4]), 1e-9);
    EXPECT_NEAR(result->z_95, Number(row[5]), 1e-6);
    EXPECT_NEAR(result->z_99, Number(row[6]), 1e-6);
    std::map<uint64_t, double> expected;
    for (absl::string_view entry : absl::StrSplit(row[7], ',')) {
      const std::pair<std::string, std::string> pair = absl::StrSplit(entry, ':');
      expected[uint64_t(Number(pair.first))] = Number(pair.second);
    }
    ASSERT_EQ(result->residuals.size(), expected.size());
    for (const Homogeneity::Residual& residual : result->residuals)
      EXPECT_NEAR(residual.residual, expected.at(residual.worker_id), 1e-6) << "worker " << residual.worker_id;
  }
}

TEST(WorkerHomogeneityTest, TheOutlierIsTheWorkerThatPlaysADifferentGame) {
  std::vector<WorkerPairs> workers = {
      {1, {10, 40, 150, 45, 12}}, {2, {12, 38, 160, 41, 9}}, {3, {9, 44, 148, 47, 11}}, {4, {60, 90, 100, 10, 2}}};
  EXPECT_EQ(OutlierWorkers(workers), std::vector<uint64_t>{4});
  workers.pop_back();
  EXPECT_TRUE(OutlierWorkers(workers).empty());
  EXPECT_FALSE(TestHomogeneity({workers[0]}).has_value()) << "one worker is no test";
}

TEST(WorkerHomogeneityTest, CrashesAndTimeLossesPastFishtestsThresholds) {
  EXPECT_FALSE(TooManyCrashesOrTimeLosses(100, 3, 0));
  EXPECT_TRUE(TooManyCrashesOrTimeLosses(100, 4, 0));
  EXPECT_FALSE(TooManyCrashesOrTimeLosses(20, 0, 20)) << "20 games are too few to judge time losses";
  EXPECT_FALSE(TooManyCrashesOrTimeLosses(100, 0, 10));
  EXPECT_TRUE(TooManyCrashesOrTimeLosses(100, 0, 11));
}

TEST(WorkerHomogeneityTest, AWorkerIsStoppedOnlyWhenItMisbehavesAndTheOthersDoNot) {
  const WorkerConduct crashing{10, 4, 0}, healthy{40, 0, 0};
  EXPECT_TRUE(MisbehavesAlone(crashing, {healthy}));
  EXPECT_FALSE(MisbehavesAlone(crashing, {})) << "alone on the test: the engine may be at fault";
  EXPECT_FALSE(MisbehavesAlone(crashing, {{0, 0, 0}})) << "the other has played nothing yet";
  EXPECT_FALSE(MisbehavesAlone(crashing, {healthy, {8, 5, 0}})) << "another crashes too: the engine's fault";
  EXPECT_FALSE(MisbehavesAlone(healthy, {crashing}));
}

TEST(WorkerHomogeneityTest, NormalQuantilesReachFarIntoTheTail) {
  EXPECT_NEAR(NormalUpperQuantile(0.025), 1.959963984540054, 1e-9);
  EXPECT_NEAR(NormalUpperQuantile(0.5), 0, 1e-12);
  EXPECT_NEAR(NormalUpperQuantile(0.975), -1.959963984540054, 1e-9);
  EXPECT_NEAR(NormalUpperQuantile(1e-300), 37.04710, 1e-4);
  EXPECT_NEAR(ChiSquaredSurvivalEvenDof(5.991464547107979, 2), 0.05, 1e-12);
  EXPECT_NEAR(ChiSquaredSurvivalEvenDof(13.276704135987622, 4), 0.01, 1e-12);
}

}  // namespace
}  // namespace judkins::stats
