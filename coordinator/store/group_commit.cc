// Group commit: one committer thread runs the writes queued while it was
// busy in one transaction, each in its own savepoint (a refused write undoes
// only itself), commits with one fsync, and only then tells each writer its
// result. Callers either wait (WriteInGroup) or go on and are called back
// (SubmitWrite), so a gRPC handler need not hold a thread while it waits.
#include <pthread.h>

#include "absl/synchronization/notification.h"
#include "coordinator/store/store.h"

namespace judkins {

void Store::SubmitWrite(absl::AnyInvocable<absl::Status()> write, absl::AnyInvocable<void(absl::Status)> done) {
  absl::MutexLock lock(&queue_mutex_);
  queue_.push_back({std::move(write), std::move(done)});
}

absl::Status Store::WriteInGroup(absl::FunctionRef<absl::Status()> write) {
  absl::Notification committed;
  absl::Status result;
  SubmitWrite([write] { return write(); },
              [&](absl::Status status) {
                result = std::move(status);
                committed.Notify();
              });
  committed.WaitForNotification();
  return result;
}

void Store::CommitLoop() {
  pthread_setname_np(pthread_self(), "judkins-commit");  // for top -H and perf
  while (true) {
    std::vector<PendingWrite> group;
    {
      absl::MutexLock lock(&queue_mutex_);
      queue_mutex_.Await(absl::Condition(
          +[](Store* store) ABSL_EXCLUSIVE_LOCKS_REQUIRED(store->queue_mutex_) {
            return !store->queue_.empty() || store->stopping_;
          },
          this));
      if (queue_.empty()) return;  // stopping, and nothing left to write
      group.swap(queue_);
    }
    std::vector<absl::Status> results(group.size());
    absl::Status committed;
    {
      absl::MutexLock lock(&mutex_);
      committed = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
        absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
        if (!transaction.ok()) return transaction.status();
        for (size_t i = 0; i < group.size(); ++i) {
          if (absl::Status s = db_->Execute("SAVEPOINT write"); !s.ok()) return s;
          results[i] = group[i].write();
          if (!results[i].ok())
            if (absl::Status s = db_->Execute("ROLLBACK TO write"); !s.ok()) return s;
          if (absl::Status s = db_->Execute("RELEASE write"); !s.ok()) return s;
        }
        return transaction->Commit();
      }();
    }
    for (size_t i = 0; i < group.size(); ++i) std::move(group[i].done)(committed.ok() ? results[i] : committed);
  }
}

Store::Store(Passkey, std::unique_ptr<sqlite::Database> db, std::unique_ptr<ReaderPool> readers,
             std::unique_ptr<WalCheckpointer> checkpointer)
    : db_(std::move(db)),
      readers_(std::move(readers)),
      checkpointer_(std::move(checkpointer)),
      committer_([this] { CommitLoop(); }) {}

Store::~Store() {
  {
    absl::MutexLock lock(&queue_mutex_);
    stopping_ = true;
  }
  committer_.join();  // writes already queued are committed first
  // Then checkpointer_ stops, before db_ closes (members go in reverse order).
}

}  // namespace judkins
