// How a match reads to a person: the live one-line progress and the final report.
#ifndef JUDKINS_WORKER_MATCH_REPORT_H_
#define JUDKINS_WORKER_MATCH_REPORT_H_

#include <string>

#include "judkins/v1/match.pb.h"

namespace judkins {

// "Elo 12.3 +- 20.1 (LOS 88.2%)" or with the SPRT's interval.
std::string EloSummary(const v1::StatsReport& stats);
// "LLR 1.23 [-2.94, 2.94]", or empty without an SPRT.
std::string LlrSummary(const v1::StatsReport& stats);
std::string ProgressLine(const v1::MatchResults& results);
std::string FinalReport(const v1::MatchResults& results);

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_REPORT_H_
