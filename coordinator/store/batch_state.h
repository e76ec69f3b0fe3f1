// The state column of the batches table, named once. Queries bind these
// values (`state = ?`) instead of spelling numbers, so SQL and code cannot
// drift apart. (Test states are judkins.v1.TestState, bound the same way.)
#ifndef JUDKINS_COORDINATOR_STORE_BATCH_STATE_H_
#define JUDKINS_COORDINATOR_STORE_BATCH_STATE_H_

#include <cstdint>

namespace judkins {

enum class BatchState : int64_t {
  kLeased = 1,    // with a worker, until its lease deadline
  kReported = 2,  // its report was recorded (a later one is a duplicate)
  kExpired = 3,   // its lease ran out; its pairs went back to the queue
};

inline int64_t SqlValue(BatchState state) { return int64_t(state); }

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_BATCH_STATE_H_
