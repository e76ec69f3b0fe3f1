#include "worker/cli/sprt_command.h"

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "common/command_line.h"
#include "proto/convert/json.h"
#include "proto/convert/sprt_calculator.h"
#include "proto/convert/stats_text.h"

namespace judkins {
namespace {

constexpr char kSprtProgram[] = "judkins-worker sprt";

}  // namespace

SprtCommand::SprtCommand(CLI::App& command) {
  command.add_option("--pentanomial", pentanomial_, "pair counts LL,LD,DD+WL,DW,WW")->type_name("COUNTS");
  command.add_option("--wdl", wdl_, "game counts W,D,L (with --pentanomial: for the bayeselo draw Elo)")
      ->type_name("COUNTS");
  command
      .add_option("--elo0", sprt_.elo0, "H0's Elo, in the model's units (normalized: -200 to 200, else -1000 to 1000)")
      ->required()
      ->default_str("");
  command.add_option("--elo1", sprt_.elo1, "H1's Elo, above elo0")->required()->default_str("");
  // Checked with the rest by stats::CheckSprtParameters, the one rule.
  command.add_option("--alpha", sprt_.alpha, "false positive rate, from 0.0001 to below 0.5");
  command.add_option("--beta", sprt_.beta, "false negative rate, from 0.0001 to below 0.5");
  command.add_option("--model", model_, "Elo model")->check(CLI::IsMember({"normalized", "logistic", "bayeselo"}));
  command.add_flag("--json", json_, "print the report as JSON");
}

int SprtCommand::Run(std::ostream& out, std::ostream& err) const {
  SprtQuestion question{.pentanomial = pentanomial_, .wdl = wdl_, .sprt = sprt_, .model = model_};
  absl::StatusOr<v1::StatsReport> answer = AnswerSprt(question, "--");
  if (!answer.ok()) return Fail(err, kSprtProgram, answer.status().message(), kExitUsage);
  const v1::StatsReport& report = *answer;
  if (json_) {
    out << JsonOf(report, JsonStyle::kEveryField);
    return kExitOk;
  }
  out << LlrSummary(report) << "  " << report.state() << "\n"
      << EloSummary(report) << absl::StrFormat("  nElo %.2f +- %.2f", report.nelo(), report.nelo95()) << "\n";
  return kExitOk;
}

}  // namespace judkins
