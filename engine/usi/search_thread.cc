#include "engine/usi/search_thread.h"

#include <cassert>
#include <utility>
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

SearchThread::SearchThread() : thread_([this] { Loop(); }) {}

SearchThread::~SearchThread() {
  Wait();
  {
    absl::MutexLock lock(&mutex_);
    quit_ = true;
  }
  thread_.join();
}

void SearchThread::Start(absl::AnyInvocable<void() &&> job) {
  absl::MutexLock lock(&mutex_);
  assert(!busy_ && "SearchThread::Start while a job is in hand");
  job_ = std::move(job);
  busy_ = true;
}

void SearchThread::Wait() {
  absl::MutexLock lock(&mutex_);
  mutex_.Await(absl::Condition(this, &SearchThread::Idle));
}

void SearchThread::Loop() {
  while (true) {
    absl::AnyInvocable<void() &&> job;
    {
      absl::MutexLock lock(&mutex_);
      mutex_.Await(absl::Condition(this, &SearchThread::HasJobOrQuits));
      if (job_ == nullptr) return;  // quit, with nothing left to run
      job = std::exchange(job_, nullptr);
    }
    std::move(job)();
    absl::MutexLock lock(&mutex_);
    busy_ = false;
  }
}

JUDKINS_EDITION_END
}  // namespace judkins
