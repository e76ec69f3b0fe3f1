// How a match reads to a person: the live one-line progress and the final report.
#ifndef JUDKINS_WORKER_MATCH_REPORT_H_
#define JUDKINS_WORKER_MATCH_REPORT_H_

#include <string>

#include "judkins/v1/match.pb.h"

namespace judkins {

std::string ProgressLine(const v1::MatchResults& results);
std::string FinalReport(const v1::MatchResults& results);

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_REPORT_H_
