// How much time a worker of one speed gets for a test written for another
// (fishtest's method): a slower machine gets proportionally more, so that its
// engines search about as many nodes a move as on the reference machine.
#ifndef JUDKINS_WORKER_DAEMON_TIME_CONTROL_SCALE_H_
#define JUDKINS_WORKER_DAEMON_TIME_CONTROL_SCALE_H_

#include <algorithm>

#include "proto/contract.h"

namespace judkins {

// reference_speed / worker_speed, within [1/kMaxTimeControlScale,
// kMaxTimeControlScale]; 1 when the test sets no reference or the worker
// could not measure its speed.
inline double TimeControlScale(double reference_speed, double worker_speed) {
  if (reference_speed <= 0 || worker_speed <= 0) return 1;
  return std::clamp(reference_speed / worker_speed, 1 / contract::kMaxTimeControlScale, contract::kMaxTimeControlScale);
}

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_TIME_CONTROL_SCALE_H_
