// The statistics against fishtest's own numbers (tests/data, from shared/oracle).
#include <gtest/gtest.h>

#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "stats/elo_estimate.h"
#include "stats/llr.h"
#include "stats/sprt.h"
#include "tests/support/test_data.h"

namespace judkins::stats {
namespace {

using Row = std::map<std::string, std::string>;

std::vector<Row> ReadTable(const std::string& name) {
  const auto rows = testing::ReadTsv(name);
  std::vector<Row> table;
  for (size_t i = 1; i < rows.size(); ++i) {
    Row row;
    for (size_t j = 0; j < rows[0].size() && j < rows[i].size(); ++j) row[rows[0][j]] = rows[i][j];
    table.push_back(row);
  }
  return table;
}

std::vector<double> Numbers(const std::string& text) {
  std::vector<double> values;
  for (absl::string_view part : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    double value = 0;
    EXPECT_TRUE(absl::SimpleAtod(part, &value)) << text;
    values.push_back(value);
  }
  return values;
}

double Number(const Row& row, const std::string& column) { return Numbers(row.at(column)).at(0); }

// Agreement to 1e-6, relative for numbers above 1.
#define EXPECT_AGREES(actual, row, column)                                                           \
  do {                                                                                               \
    if (!(row).at(column).empty()) {                                                                 \
      const double expected_value = Number(row, column);                                             \
      EXPECT_NEAR(actual, expected_value, 1e-6 * std::max(1.0, std::fabs(expected_value)))           \
          << (row).at("case_id") << " " << (row).at("elo_model") << " [" << (row).at("elo0") << ", " \
          << (row).at("elo1") << "] " << column;                                                     \
    }                                                                                                \
  } while (0)

SprtParameters ParametersOf(const Row& row) {
  SprtParameters parameters;
  parameters.elo0 = Number(row, "elo0");
  parameters.elo1 = Number(row, "elo1");
  parameters.alpha = Number(row, "alpha");
  parameters.beta = Number(row, "beta");
  std::string model = row.at("elo_model");
  for (char& c : model) c = char(std::tolower(c));
  parameters.model = *ParseEloModel(model);
  return parameters;
}

TestResults ResultsOf(const Row& row) {
  const std::vector<double> counts = Numbers(row.at("counts"));
  if (row.at("kind") == "tri") return TestResults::Trinomial({counts[0], counts[1], counts[2]});
  std::array<double, 3> ldw{};
  if (!row.at("wdl").empty()) {
    const std::vector<double> wdl = Numbers(row.at("wdl"));
    ldw = {wdl[1], wdl[2], wdl[0]};
  }
  return TestResults::Pentanomial({counts[0], counts[1], counts[2], counts[3], counts[4]}, ldw);
}

TEST(FishtestVectorsTest, EveryCaseAgreesToOneInAMillion) {
  const std::vector<Row> table = ReadTable("sprt-vectors.tsv");
  ASSERT_EQ(table.size(), 102u);
  for (const Row& row : table) {
    const SprtParameters parameters = ParametersOf(row);
    const TestResults results = ResultsOf(row);
    OvershootRecord fresh;
    const SprtStatus status = UpdateSprt(parameters, results, fresh);
    EXPECT_AGREES(status.bounds.lower, row, "lower_bound");
    EXPECT_AGREES(status.bounds.upper, row, "upper_bound");
    EXPECT_AGREES(status.llr, row, "llr");
    EXPECT_EQ(SprtDecisionName(status.decision), row.at("state")) << row.at("case_id");

    const ModelBounds bounds = EffectiveBounds(parameters, results);
    if (parameters.model == EloModel::kBayesElo) EXPECT_AGREES(bounds.draw_elo, row, "drawelo");
    EXPECT_AGREES(bounds.elo0, row, "elo0_logistic_used");
    EXPECT_AGREES(bounds.elo1, row, "elo1_logistic_used");

    const SprtElo sprt_elo = EstimateSprtElo(parameters, results);
    EXPECT_AGREES(sprt_elo.elo, row, "sprt_elo");
    EXPECT_AGREES(sprt_elo.ci_lower, row, "sprt_ci_lo");
    EXPECT_AGREES(sprt_elo.ci_upper, row, "sprt_ci_hi");
    EXPECT_AGREES(sprt_elo.los, row, "sprt_los");
    EXPECT_AGREES(sprt_elo.internal_llr, row, "sprt_internal_llr");
    EXPECT_AGREES(sprt_elo.internal_time, row, "sprt_internal_T");
    EXPECT_EQ(sprt_elo.clamped, row.at("sprt_internal_clamped") == "1") << row.at("case_id");

    const FixedGamesElo fixed = EstimateFixedGamesElo(results.counts);
    EXPECT_AGREES(fixed.elo, row, "fixed_elo");
    EXPECT_AGREES(fixed.elo95, row, "fixed_elo95");
    EXPECT_AGREES(fixed.los, row, "fixed_los");
    const NormalizedElo normalized = EstimateNormalizedElo(results.counts);
    EXPECT_AGREES(normalized.nelo, row, "nelo");
    EXPECT_AGREES(normalized.nelo95, row, "nelo95");

    if (!row.at("llr_logistic_exact").empty())
      EXPECT_AGREES(LlrLogistic(bounds.elo0, bounds.elo1, results.counts), row, "llr_logistic_exact");
    if (!row.at("llr_normalized_exact").empty())
      EXPECT_AGREES(LlrNormalized(parameters.elo0, parameters.elo1, results.counts), row, "llr_normalized_exact");
    if (!row.at("llr_legacy_bayeselo").empty())
      EXPECT_AGREES(LlrLegacyBayesElo(parameters.elo0, parameters.elo1, results.counts), row, "llr_legacy_bayeselo");
  }
}

TEST(FishtestVectorsTest, OvershootTracesAgreeBatchByBatch) {
  const std::vector<Row> table = ReadTable("overshoot-trace.tsv");
  ASSERT_GT(table.size(), 1000u);
  std::map<std::string, OvershootRecord> records;
  std::map<std::string, std::string> final_state;
  for (Row row : table) {
    row["case_id"] = row.at("trace_id") + " step " + row.at("step");
    SprtParameters parameters;
    parameters.elo0 = Number(row, "elo0");
    parameters.elo1 = Number(row, "elo1");
    parameters.model = *ParseEloModel(row.at("elo_model"));
    parameters.batch_size = int64_t(Number(row, "batch_size_pairs"));
    const std::vector<double> c = Numbers(row.at("counts"));
    OvershootRecord& record = records[row.at("trace_id")];
    const SprtStatus status =
        UpdateSprt(parameters, TestResults::Pentanomial({c[0], c[1], c[2], c[3], c[4]}, {}), record);
    EXPECT_AGREES(status.llr, row, "llr");
    EXPECT_AGREES(status.overshoot_lower, row, "o0");
    EXPECT_AGREES(status.overshoot_upper, row, "o1");
    EXPECT_AGREES(status.bounds.lower + status.overshoot_lower, row, "eff_lower");
    EXPECT_AGREES(status.bounds.upper - status.overshoot_upper, row, "eff_upper");
    EXPECT_AGREES(record.ref0, row, "ov_ref0");
    EXPECT_AGREES(record.m0, row, "ov_m0");
    EXPECT_AGREES(record.sq0, row, "ov_sq0");
    EXPECT_AGREES(record.ref1, row, "ov_ref1");
    EXPECT_AGREES(record.m1, row, "ov_m1");
    EXPECT_AGREES(record.sq1, row, "ov_sq1");
    EXPECT_EQ(SprtDecisionName(status.decision), row.at("state")) << row.at("case_id");
    final_state[row.at("trace_id")] = row.at("state");
  }
  EXPECT_EQ(final_state["tr_accept"], "accepted");
  EXPECT_EQ(final_state["tr_reject"], "rejected");
}

}  // namespace
}  // namespace judkins::stats
