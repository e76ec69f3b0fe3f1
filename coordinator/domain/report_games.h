// A report's games checked against the batch they answer, before anything is
// counted: both games of every pair, each once, with a result; a pair with
// no game was handed back (the worker stopped early) and goes out again.
#ifndef JUDKINS_COORDINATOR_DOMAIN_REPORT_GAMES_H_
#define JUDKINS_COORDINATOR_DOMAIN_REPORT_GAMES_H_

#include <cstdint>
#include <map>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/domain/test_rules.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

struct ReportGames {
  std::map<uint32_t, PairGames> complete;  // by pair index
  std::vector<const v1::PairAssignment*> handed_back;
};

// The games by pair, pointing into `batch` and `report` (which must outlive
// the answer); an error names the field. A
// report's own pentanomial and W-D-L, when given, must match its games.
absl::StatusOr<ReportGames> CheckReportGames(const v1::Batch& batch, const v1::BatchReport& report);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_REPORT_GAMES_H_
