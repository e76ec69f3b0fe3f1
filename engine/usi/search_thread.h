// The one thread on which judkins-engine runs its searches, started once and
// kept waiting between them, as Stockfish keeps its thread pool: a thread
// created for every "go" costs a clone and an exit each move, and the kernel
// frees what an exited thread held later, on whatever runs on that CPU (in a
// match, the runner).
#ifndef JUDKINS_ENGINE_USI_SEARCH_THREAD_H_
#define JUDKINS_ENGINE_USI_SEARCH_THREAD_H_

#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/functional/any_invocable.h"
#include "absl/synchronization/mutex.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

class SearchThread {
 public:
  SearchThread();
  // Waits for the job in hand, then ends the thread.
  ~SearchThread();
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;

  // Runs job on the thread. The thread must be idle: Wait() first.
  void Start(absl::AnyInvocable<void() &&> job);
  // Returns once no job is in hand (at once when none was started).
  void Wait();

 private:
  void Loop();
  bool HasJobOrQuits() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return job_ != nullptr || quit_; }
  bool Idle() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return !busy_; }

  absl::Mutex mutex_;
  absl::AnyInvocable<void() &&> job_ ABSL_GUARDED_BY(mutex_);
  bool busy_ ABSL_GUARDED_BY(mutex_) = false;  // from Start until its job returns
  bool quit_ ABSL_GUARDED_BY(mutex_) = false;
  std::thread thread_;  // last: it starts reading the fields above at once
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_SEARCH_THREAD_H_
