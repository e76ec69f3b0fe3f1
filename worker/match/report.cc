#include "worker/match/report.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "proto/convert/stats_text.h"
#include "records/game_record_format.h"

namespace judkins {
namespace {

std::string Percent(uint64_t part, uint64_t whole) {
  return absl::StrFormat("%.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
}

}  // namespace

std::string ProgressLine(const v1::MatchResults& results) {
  const uint64_t planned = 2 * results.pairs_planned();
  const double rate = results.seconds() > 0 ? double(results.games()) / results.seconds() : 0;
  std::string line = absl::StrCat("games ", results.games(), "/", planned, "  W-D-L ", results.wdl().wins(), "-",
                                  results.wdl().draws(), "-", results.wdl().losses(), "  penta ",
                                  PentanomialText(results.pentanomial()), "  ", EloSummary(results.stats()));
  if (results.stats().has_sprt()) absl::StrAppend(&line, "  ", LlrSummary(results.stats()));
  absl::StrAppend(&line, absl::StrFormat("  %.2f games/s", rate));
  if (rate > 0 && planned > results.games())
    absl::StrAppend(&line, "  ETA ", absl::FormatDuration(absl::Seconds(int64_t((planned - results.games()) / rate))));
  return line;
}

std::string FinalReport(const v1::MatchResults& results) {
  const v1::StatsReport& stats = results.stats();
  const v1::WinDrawLoss& wdl = results.wdl();
  std::string text = absl::StrCat("Results of ", results.engines(0), " vs ", results.engines(1), " (",
                                  results.time_control(), "): ", results.stopped_because(), "\n");
  absl::StrAppend(&text, EloSummary(stats), absl::StrFormat("  nElo %.1f +- %.1f\n", stats.nelo(), stats.nelo95()));
  if (stats.has_sprt())
    absl::StrAppend(&text,
                    absl::StrFormat("SPRT [%.2f, %.2f] %s: ", stats.sprt().elo0(), stats.sprt().elo1(),
                                    EloModelText(stats.sprt().model())),
                    LlrSummary(stats), " ",
                    stats.state() == "accepted"   ? "H1 accepted"
                    : stats.state() == "rejected" ? "H0 accepted (H1 rejected)"
                                                  : "undecided",
                    "\n");
  const double points = double(wdl.wins()) + double(wdl.draws()) / 2;
  absl::StrAppend(
      &text, absl::StrFormat("Games %d: W %d  D %d  L %d  points %.1f (%s)\n", results.games(), wdl.wins(), wdl.draws(),
                             wdl.losses(), points, Percent(uint64_t(2 * points), 2 * results.games())));
  absl::StrAppend(&text, "Pentanomial [LL, LD, DD+WL, DW, WW]: ", PentanomialText(results.pentanomial()), "\n");
  absl::StrAppend(&text, "By colour: Black wins ", results.black_wins(), " (",
                  Percent(results.black_wins(), results.games()), "), White wins ", results.white_wins(), " (",
                  Percent(results.white_wins(), results.games()), "), draws ", results.draws(), " (",
                  Percent(results.draws(), results.games()), ")\n");
  for (const v1::EngineTally& tally : results.tallies()) {
    absl::StrAppend(&text, "Terminations for ", tally.name(), ":\n");
    for (const v1::TerminationCount& count : tally.terminations())
      absl::StrAppend(&text, absl::StrFormat("  %-18s won %d  drew %d  lost %d\n",
                                             std::string(TerminationToken(count.termination())), count.wins(),
                                             count.draws(), count.losses()));
  }
  absl::StrAppend(&text, absl::StrFormat("%.1f s, %.2f games/s\n", results.seconds(),
                                         results.seconds() > 0 ? double(results.games()) / results.seconds() : 0.0));
  return text;
}

}  // namespace judkins
