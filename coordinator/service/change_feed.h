// Tells waiting watchers that some test changed.
#ifndef JUDKINS_COORDINATOR_SERVICE_CHANGE_FEED_H_
#define JUDKINS_COORDINATOR_SERVICE_CHANGE_FEED_H_

#include <cstdint>

#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace judkins {

class ChangeFeed {
 public:
  uint64_t version() {
    absl::MutexLock lock(&mutex_);
    return version_;
  }
  void Changed() {
    absl::MutexLock lock(&mutex_);
    ++version_;
  }
  // Waits until the version moves past `seen` or the timeout passes.
  uint64_t WaitPast(uint64_t seen, absl::Duration timeout) {
    absl::MutexLock lock(&mutex_);
    auto moved = [this, seen]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) { return version_ != seen; };
    mutex_.AwaitWithTimeout(absl::Condition(&moved), timeout);
    return version_;
  }

 private:
  absl::Mutex mutex_;
  uint64_t version_ ABSL_GUARDED_BY(mutex_) = 0;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_CHANGE_FEED_H_
