#include "worker/cli/sprt_command.h"

#include <google/protobuf/util/json_util.h>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "common/command_line.h"
#include "proto/convert/json.h"
#include "proto/convert/stats_report.h"
#include "proto/convert/stats_text.h"

namespace judkins {
namespace {

constexpr char kProgram[] = "judkins-worker sprt";
constexpr size_t kPentanomialCounts = 5, kWdlCounts = 3;

// "LL,LD,DD,DW,WW" or "W,D,L": comma-separated counts.
absl::StatusOr<std::vector<double>> Counts(absl::string_view option, const std::string& text, size_t expected) {
  std::vector<double> counts;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    int64_t count = 0;
    if (!absl::SimpleAtoi(part, &count) || count < 0)
      return absl::InvalidArgumentError(absl::StrCat(option, ": '", part, "' is not a non-negative integer"));
    counts.push_back(double(count));
  }
  if (counts.size() != expected)
    return absl::InvalidArgumentError(absl::StrCat(option, " takes ", expected, " comma-separated counts"));
  return counts;
}

}  // namespace

SprtCommand::SprtCommand(CLI::App& command) {
  command.add_option("--pentanomial", pentanomial_, "pair counts LL,LD,DD+WL,DW,WW")->type_name("COUNTS");
  command.add_option("--wdl", wdl_, "game counts W,D,L (with --pentanomial: for the bayeselo draw Elo)")
      ->type_name("COUNTS");
  command.add_option("--elo0", sprt_.elo0, "H0's Elo, in the model's units")->required()->default_str("");
  command.add_option("--elo1", sprt_.elo1, "H1's Elo, above elo0")->required()->default_str("");
  command.add_option("--alpha", sprt_.alpha, "false positive rate")->check(CLI::Range(0.0, 0.5));
  command.add_option("--beta", sprt_.beta, "false negative rate")->check(CLI::Range(0.0, 0.5));
  command.add_option("--model", model_, "Elo model")->check(CLI::IsMember({"normalized", "logistic", "bayeselo"}));
  command.add_flag("--json", json_, "print the report as JSON");
}

int SprtCommand::Run(std::ostream& out, std::ostream& err) const {
  auto fail = [&](absl::string_view message) { return Fail(err, kProgram, message, kExitUsage); };
  std::optional<std::vector<double>> pentanomial, wdl;
  if (!pentanomial_.empty()) {
    absl::StatusOr<std::vector<double>> counts = Counts("--pentanomial", pentanomial_, kPentanomialCounts);
    if (!counts.ok()) return fail(counts.status().message());
    pentanomial = *counts;
  }
  if (!wdl_.empty()) {
    absl::StatusOr<std::vector<double>> counts = Counts("--wdl", wdl_, kWdlCounts);
    if (!counts.ok()) return fail(counts.status().message());
    wdl = *counts;
  }
  stats::SprtParameters sprt = sprt_;
  sprt.model = *stats::ParseEloModel(model_);  // checked by the option
  if (!pentanomial && !wdl) return fail("give --pentanomial LL,LD,DD+WL,DW,WW or --wdl W,D,L");
  if (!(sprt.elo0 < sprt.elo1)) return fail("--elo0 must be below --elo1");
  if (!(sprt.alpha > 0 && sprt.alpha < 0.5 && sprt.beta > 0 && sprt.beta < 0.5))
    return fail("--alpha and --beta must be between 0 and 0.5");
  std::array<double, 3> ldw{};
  if (wdl) ldw = {(*wdl)[2], (*wdl)[1], (*wdl)[0]};
  if (pentanomial && sprt.model == stats::EloModel::kBayesElo && !wdl)
    return fail("the bayeselo model needs --wdl besides --pentanomial (for its draw Elo)");
  const stats::TestResults results =
      pentanomial
          ? stats::TestResults::Pentanomial(
                {(*pentanomial)[0], (*pentanomial)[1], (*pentanomial)[2], (*pentanomial)[3], (*pentanomial)[4]}, ldw)
          : stats::TestResults::Trinomial(ldw);
  // A single update: the overshoot correction needs a test's history.
  const v1::StatsReport report = MakeStatsReport(results, sprt, stats::OvershootRecord());
  if (json_) {
    out << JsonOf(report, JsonStyle::kEveryField);
    return kExitOk;
  }
  out << LlrSummary(report) << "  " << report.state() << "\n"
      << EloSummary(report) << absl::StrFormat("  nElo %.2f +- %.2f", report.nelo(), report.nelo95()) << "\n";
  return kExitOk;
}

}  // namespace judkins
