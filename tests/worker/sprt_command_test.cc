// judkins-worker sprt run as a process, against fishtest's own numbers
// (tests/data/sprt-vectors.tsv): what a user types is what they get.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/test_data.h"

namespace judkins {
namespace {

// The number after "KEY": in the command's JSON.
double JsonNumber(const std::string& json, const std::string& key) {
  const size_t at = json.find("\"" + key + "\": ");
  if (at == std::string::npos) return std::nan("");
  const size_t start = at + key.size() + 4, end = json.find_first_of(",\n}", start);
  double value = 0;
  return absl::SimpleAtod(json.substr(start, end - start), &value) ? value : std::nan("");
}

TEST(SprtCommandTest, TheCalculatorAgreesWithFishtestForEveryPentanomialVector) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::vector<std::vector<std::string>> rows = testing::ReadTsv("sprt-vectors.tsv");
  const std::vector<std::string>& header = rows[0];
  auto column = [&](const std::vector<std::string>& row, const std::string& name) {
    return row[std::find(header.begin(), header.end(), name) - header.begin()];
  };
  int checked = 0;
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string>& row = rows[i];
    if (column(row, "kind") != "penta" || column(row, "elo_model") == "BayesElo") continue;
    SCOPED_TRACE(column(row, "case_id"));
    const testing::CommandResult result =
        testing::RunCommand({JUDKINS_WORKER_PATH, "sprt", "--pentanomial", column(row, "counts"), "--elo0",
                             column(row, "elo0"), "--elo1", column(row, "elo1"), "--alpha", column(row, "alpha"),
                             "--beta", column(row, "beta"), "--model", column(row, "elo_model"), "--json"},
                            scratch.path() + "/stderr");
    ASSERT_EQ(result.exit_code, 0) << result.err;
    double llr = 0, lower = 0, upper = 0;
    ASSERT_TRUE(absl::SimpleAtod(column(row, "llr"), &llr));
    ASSERT_TRUE(absl::SimpleAtod(column(row, "lower_bound"), &lower));
    ASSERT_TRUE(absl::SimpleAtod(column(row, "upper_bound"), &upper));
    EXPECT_NEAR(JsonNumber(result.out, "llr"), llr, 1e-6) << result.out;
    EXPECT_NEAR(JsonNumber(result.out, "lowerBound"), lower, 1e-6);
    EXPECT_NEAR(JsonNumber(result.out, "upperBound"), upper, 1e-6);
    ++checked;
  }
  EXPECT_GE(checked, 70);
}

TEST(SprtCommandTest, BadInputIsOneLineNamingTheOptionAndExitTwo) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const testing::CommandResult result =
      testing::RunCommand({JUDKINS_WORKER_PATH, "sprt", "--pentanomial", "10,20", "--elo0", "0", "--elo1", "5"},
                          scratch.path() + "/stderr");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "judkins-worker sprt: --pentanomial takes 5 comma-separated counts\n");
}

}  // namespace
}  // namespace judkins
