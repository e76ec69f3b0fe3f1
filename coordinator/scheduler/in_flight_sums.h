// The tests' pairs in flight as the scheduler orders them. Ordering needs
// them, and they are a sum over every leased batch: with tens of thousands of
// workers asking, summing per request costs O(workers) each time. So the sums
// are read from the store at most every kMaxAge and the leases granted since
// are added to them (the list of tests and their priorities are read afresh
// each time, and the store checks each lease anyway). Of the callers that
// find the sums old at once (a burst of workers asking together), one claims
// the read; the others use the sums it is about to replace.
#ifndef JUDKINS_COORDINATOR_SCHEDULER_IN_FLIGHT_SUMS_H_
#define JUDKINS_COORDINATOR_SCHEDULER_IN_FLIGHT_SUMS_H_

#include <cstdint>
#include <map>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "coordinator/store/store.h"

namespace judkins {

class InFlightSums {
 public:
  static constexpr absl::Duration kMaxAge = absl::Milliseconds(250);

  // True for the one caller that should read the sums now: they are older
  // than kMaxAge (or the clock went back) and nobody claimed the read since.
  bool ClaimRead(absl::Time now) {
    absl::MutexLock lock(&mutex_);
    if (now - read_ < kMaxAge && now >= read_) return false;
    read_ = now;
    return true;
  }

  // The sums the claimant read, in place of all kept so far.
  void Replace(const std::vector<ActiveTest>& tests) {
    absl::MutexLock lock(&mutex_);
    sums_.clear();
    for (const ActiveTest& test : tests) sums_[test.id] = test.pairs_in_flight;
  }

  // Sets each test's pairs in flight: 0 for a test new since the read.
  void Fill(std::vector<ActiveTest>& tests) {
    absl::MutexLock lock(&mutex_);
    for (ActiveTest& test : tests) {
      const auto it = sums_.find(test.id);
      test.pairs_in_flight = it == sums_.end() ? 0 : it->second;
    }
  }

  // A lease of `pairs` granted on the test since the read.
  void Add(uint64_t test_id, uint64_t pairs) {
    absl::MutexLock lock(&mutex_);
    sums_[test_id] += pairs;
  }

 private:
  absl::Mutex mutex_;
  absl::Time read_ ABSL_GUARDED_BY(mutex_) = absl::InfinitePast();
  std::map<uint64_t, uint64_t> sums_ ABSL_GUARDED_BY(mutex_);  // by test id
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SCHEDULER_IN_FLIGHT_SUMS_H_
