#include "proto/convert/stats_text.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace judkins {

std::string EloSummary(const v1::StatsReport& stats) {
  if (stats.games() == 0) return "Elo -";
  if (stats.has_sprt())
    return absl::StrFormat("Elo %.1f [%.1f, %.1f] (LOS %.1f%%)", stats.elo(), stats.elo_ci_lower(),
                           stats.elo_ci_upper(), 100 * stats.los());
  return absl::StrFormat("Elo %.1f +- %.1f (LOS %.1f%%)", stats.elo(),
                         (stats.elo_ci_upper() - stats.elo_ci_lower()) / 2, 100 * stats.los());
}

std::string LlrSummary(const v1::StatsReport& stats) {
  if (!stats.has_sprt()) return "";
  return absl::StrFormat("LLR %.2f [%.2f, %.2f]", stats.llr(), stats.lower_bound(), stats.upper_bound());
}

std::string PentanomialText(const v1::Pentanomial& p) {
  return absl::StrCat("[", p.ll(), ", ", p.ld(), ", ", p.dd_wl(), ", ", p.dw(), ", ", p.ww(), "]");
}

std::string EloModelText(v1::EloModel model) {
  switch (model) {
    case v1::ELO_MODEL_LOGISTIC:
      return "logistic";
    case v1::ELO_MODEL_BAYESELO:
      return "bayeselo";
    default:
      return "normalized";
  }
}

std::string TestStateText(v1::TestState state) {
  switch (state) {
    case v1::TEST_STATE_PENDING:
      return "pending";
    case v1::TEST_STATE_RUNNING:
      return "running";
    case v1::TEST_STATE_FINISHED:
      return "finished";
    case v1::TEST_STATE_STOPPED:
      return "stopped";
    case v1::TEST_STATE_AWAITING_APPROVAL:
      return "awaiting_approval";
    default:
      return "unknown";
  }
}

}  // namespace judkins
