// Statistics to the wire: a StatsReport message from results and an SPRT.
// (stats/ stays free of protobuf; this is where the two meet.)
#ifndef JUDKINS_PROTO_CONVERT_STATS_REPORT_H_
#define JUDKINS_PROTO_CONVERT_STATS_REPORT_H_

#include <optional>

#include "judkins/v1/games.pb.h"
#include "judkins/v1/stats.pb.h"
#include "stats/sprt.h"

namespace judkins {

stats::TestResults ResultsOf(const v1::Pentanomial& pentanomial, const v1::WinDrawLoss& wdl);

// LLR, bounds (overshoot-corrected) and state when there is an SPRT; the Elo
// estimate (the SPRT's median-unbiased one, else fixed-games), nElo and LOS.
v1::StatsReport MakeStatsReport(const stats::TestResults& results, const std::optional<stats::SprtParameters>& sprt,
                                const stats::OvershootRecord& overshoot);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_STATS_REPORT_H_
