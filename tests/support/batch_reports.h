// Batch reports for coordinator tests: every pair of a batch with the same
// results (game 0: dev has Black).
#ifndef JUDKINS_TESTS_SUPPORT_BATCH_REPORTS_H_
#define JUDKINS_TESTS_SUPPORT_BATCH_REPORTS_H_

#include "judkins/v1/coordinator.pb.h"

namespace judkins::testing {

inline v1::BatchReport ReportOf(const v1::Batch& batch, uint64_t worker, v1::GameResult first_game,
                                v1::GameResult second_game) {
  v1::BatchReport report;
  report.set_worker_id(worker);
  report.set_batch_id(batch.id());
  for (const v1::PairAssignment& pair : batch.pairs())
    for (uint32_t game = 0; game < 2; ++game) {
      v1::GameOutcome& outcome = *report.add_games();
      outcome.set_pair_index(pair.pair_index());
      outcome.set_game_in_pair(game);
      outcome.set_result(game == 0 ? first_game : second_game);
      outcome.set_termination(v1::TERMINATION_CHECKMATE);
    }
  return report;
}

// dev wins both games of every pair.
inline v1::BatchReport DevWinsAll(const v1::Batch& batch, uint64_t worker) {
  return ReportOf(batch, worker, v1::GAME_RESULT_BLACK_WINS, v1::GAME_RESULT_WHITE_WINS);
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_BATCH_REPORTS_H_
