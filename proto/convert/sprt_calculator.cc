#include "proto/convert/sprt_calculator.h"

#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/valid_text.h"
#include "proto/convert/stats_report.h"

namespace judkins {
namespace {

constexpr size_t kPentanomialCounts = 5, kWdlCounts = 3;

// "LL,LD,DD,DW,WW" or "W,D,L": comma-separated counts.
absl::StatusOr<std::vector<double>> Counts(absl::string_view field, const std::string& text, size_t expected) {
  std::vector<double> counts;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    int64_t count = 0;
    if (!absl::SimpleAtoi(part, &count) || count < 0)
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", Quoted(part), " is not a non-negative integer"));
    counts.push_back(double(count));
  }
  if (counts.size() != expected)
    return absl::InvalidArgumentError(absl::StrCat(field, " takes ", expected, " comma-separated counts"));
  return counts;
}

}  // namespace

absl::StatusOr<v1::StatsReport> AnswerSprt(const SprtQuestion& question, absl::string_view field_prefix) {
  auto field = [&](absl::string_view name) { return absl::StrCat(field_prefix, name); };
  std::optional<std::vector<double>> pentanomial, wdl;
  if (!question.pentanomial.empty()) {
    absl::StatusOr<std::vector<double>> counts = Counts(field("pentanomial"), question.pentanomial, kPentanomialCounts);
    if (!counts.ok()) return counts.status();
    pentanomial = *counts;
  }
  if (!question.wdl.empty()) {
    absl::StatusOr<std::vector<double>> counts = Counts(field("wdl"), question.wdl, kWdlCounts);
    if (!counts.ok()) return counts.status();
    wdl = *counts;
  }
  stats::SprtParameters sprt = question.sprt;
  const std::optional<stats::EloModel> model = stats::ParseEloModel(question.model);
  if (!model)
    return absl::InvalidArgumentError(
        absl::StrCat(field("model"), ": ", Quoted(question.model), " is not normalized, logistic or bayeselo"));
  sprt.model = *model;
  if (!pentanomial && !wdl)
    return absl::InvalidArgumentError(
        absl::StrCat("give ", field("pentanomial"), " LL,LD,DD+WL,DW,WW or ", field("wdl"), " W,D,L"));
  if (std::optional<stats::ParameterProblem> problem = stats::CheckSprtParameters(sprt))
    return absl::InvalidArgumentError(absl::StrCat(field(problem->field), ": ", problem->why));
  std::array<double, 3> ldw{};
  if (wdl) ldw = {(*wdl)[2], (*wdl)[1], (*wdl)[0]};
  if (pentanomial && sprt.model == stats::EloModel::kBayesElo && !wdl)
    return absl::InvalidArgumentError(absl::StrCat("the bayeselo model needs ", field("wdl"), " besides ",
                                                   field("pentanomial"), " (for its draw Elo)"));
  const stats::TestResults results =
      pentanomial
          ? stats::TestResults::Pentanomial(
                {(*pentanomial)[0], (*pentanomial)[1], (*pentanomial)[2], (*pentanomial)[3], (*pentanomial)[4]}, ldw)
          : stats::TestResults::Trinomial(ldw);
  // A single update: the overshoot correction needs a test's history.
  v1::StatsReport report = MakeStatsReport(results, sprt, stats::OvershootRecord());
  // The models' maximum-likelihood estimates do not exist for every count:
  // millions of results all on one side leave the normalized LLR NaN. Say so
  // rather than answer "NaN" where a number is promised.
  for (double figure : {report.llr(), report.lower_bound(), report.upper_bound(), report.elo(), report.elo_ci_lower(),
                        report.elo_ci_upper(), report.los()})
    if (!std::isfinite(figure))
      return absl::InvalidArgumentError(absl::StrCat(
          pentanomial ? field("pentanomial") : field("wdl"), ": the ", question.model,
          " model cannot weigh these counts (its estimate is not a number); results this one-sided decided "
          "any test long before"));
  return report;
}

}  // namespace judkins
