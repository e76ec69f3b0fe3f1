// StatsReport as a person reads it, for progress lines and reports.
#ifndef JUDKINS_PROTO_CONVERT_STATS_TEXT_H_
#define JUDKINS_PROTO_CONVERT_STATS_TEXT_H_

#include <string>

#include "judkins/v1/coordinator.pb.h"
#include "judkins/v1/games.pb.h"
#include "judkins/v1/stats.pb.h"

namespace judkins {

// "Elo 12.3 +- 20.1 (LOS 88.2%)" or, for an SPRT, "Elo 12.3 [-5.0, 30.1] (LOS 88.2%)".
std::string EloSummary(const v1::StatsReport& stats);
// "LLR 1.23 [-2.94, 2.94]", or empty without an SPRT.
std::string LlrSummary(const v1::StatsReport& stats);
std::string PentanomialText(const v1::Pentanomial& pentanomial);  // "[LL, LD, DD+WL, DW, WW]" counts
std::string EloModelText(v1::EloModel model);                     // "normalized", ...
std::string TestStateText(v1::TestState state);                   // "pending", "running", ...

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_STATS_TEXT_H_
