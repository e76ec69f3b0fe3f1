#include "worker/cli/sprt_command.h"

#include <google/protobuf/util/json_util.h>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "proto/convert/stats_report.h"
#include "common/grouped_options.h"
#include "proto/convert/stats_text.h"

namespace judkins {
namespace {

absl::StatusOr<std::vector<double>> Counts(const OptionGroup& group, size_t expected) {
  absl::StatusOr<std::string> value = SingleValue(group);
  if (!value.ok()) return value.status();
  std::vector<double> counts;
  for (absl::string_view part : absl::StrSplit(*value, ',')) {
    int64_t count = 0;
    if (!absl::SimpleAtoi(part, &count) || count < 0)
      return absl::InvalidArgumentError(absl::StrCat("--", group.name, ": '", part, "' is not a non-negative integer"));
    counts.push_back(double(count));
  }
  if (counts.size() != expected)
    return absl::InvalidArgumentError(absl::StrCat("--", group.name, " takes ", expected, " comma-separated counts"));
  return counts;
}

}  // namespace

int RunSprtCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto fail = [&](absl::string_view message) {
    err << "judkins-worker sprt: " << message << "\n";
    return 2;
  };
  absl::StatusOr<std::vector<OptionGroup>> groups = ParseGroupedOptions(words);
  if (!groups.ok()) return fail(groups.status().message());
  std::optional<std::vector<double>> pentanomial, wdl;
  stats::SprtParameters sprt;
  bool json = false, have_elo0 = false, have_elo1 = false;
  for (const OptionGroup& group : *groups) {
    if (group.name == "pentanomial" || group.name == "wdl") {
      absl::StatusOr<std::vector<double>> counts = Counts(group, group.name == "wdl" ? 3 : 5);
      if (!counts.ok()) return fail(counts.status().message());
      (group.name == "wdl" ? wdl : pentanomial) = *counts;
    } else if (group.name == "elo0" || group.name == "elo1" || group.name == "alpha" || group.name == "beta") {
      absl::StatusOr<std::string> value = SingleValue(group);
      double number = 0;
      if (!value.ok() || !absl::SimpleAtod(*value, &number)) return fail(absl::StrCat("--", group.name, " takes a number"));
      if (group.name == "elo0") sprt.elo0 = number, have_elo0 = true;
      else if (group.name == "elo1") sprt.elo1 = number, have_elo1 = true;
      else if (group.name == "alpha") sprt.alpha = number;
      else sprt.beta = number;
    } else if (group.name == "model") {
      absl::StatusOr<std::string> value = SingleValue(group);
      std::optional<stats::EloModel> model = value.ok() ? stats::ParseEloModel(*value) : std::nullopt;
      if (!model) return fail("--model must be normalized, logistic or bayeselo");
      sprt.model = *model;
    } else if (group.name == "json" && group.values.empty()) {
      json = true;
    } else {
      return fail(absl::StrCat("unknown option --", group.name));
    }
  }
  if (!pentanomial && !wdl) return fail("give --pentanomial LL,LD,DD+WL,DW,WW or --wdl W,D,L");
  if (!have_elo0 || !have_elo1) return fail("give --elo0 and --elo1");
  if (!(sprt.elo0 < sprt.elo1)) return fail("--elo0 must be below --elo1");
  if (!(sprt.alpha > 0 && sprt.alpha < 0.5 && sprt.beta > 0 && sprt.beta < 0.5))
    return fail("--alpha and --beta must be between 0 and 0.5");
  std::array<double, 3> ldw{};
  if (wdl) ldw = {(*wdl)[2], (*wdl)[1], (*wdl)[0]};
  if (pentanomial && sprt.model == stats::EloModel::kBayesElo && !wdl)
    return fail("the bayeselo model needs --wdl besides --pentanomial (for its draw Elo)");
  const stats::TestResults results =
      pentanomial ? stats::TestResults::Pentanomial({(*pentanomial)[0], (*pentanomial)[1], (*pentanomial)[2],
                                                     (*pentanomial)[3], (*pentanomial)[4]}, ldw)
                  : stats::TestResults::Trinomial(ldw);
  // A single update: the overshoot correction needs a test's history.
  const v1::StatsReport report = MakeStatsReport(results, sprt, stats::OvershootRecord());
  if (json) {
    std::string text;
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.always_print_primitive_fields = true;
    (void)google::protobuf::util::MessageToJsonString(report, &text, options);
    out << text;
    return 0;
  }
  out << LlrSummary(report) << "  " << report.state() << "\n"
      << EloSummary(report) << absl::StrFormat("  nElo %.2f +- %.2f", report.nelo(), report.nelo95()) << "\n";
  return 0;
}

}  // namespace judkins
