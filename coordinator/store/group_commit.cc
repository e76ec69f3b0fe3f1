// Group commit: writes that arrive together share one transaction and one
// fsync. The first writer to get the connection commits everyone queued by
// then, each in its own savepoint, so a refused write undoes only itself;
// nobody returns before the commit that holds their write.
#include "coordinator/store/store.h"

namespace judkins {

absl::Status Store::WriteInGroup(absl::FunctionRef<absl::Status()> write) {
  PendingWrite mine{write, std::nullopt};
  {
    absl::MutexLock queue_lock(&queue_mutex_);
    queue_.push_back(&mine);
  }
  absl::MutexLock lock(&mutex_);
  if (mine.result) return *mine.result;  // committed along with another caller's
  std::vector<PendingWrite*> group;
  {
    absl::MutexLock queue_lock(&queue_mutex_);
    group.swap(queue_);
  }
  absl::Status committed = [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Transaction> transaction = sqlite::Transaction::Begin(*db_);
    if (!transaction.ok()) return transaction.status();
    for (PendingWrite* pending : group) {
      if (absl::Status s = db_->Execute("SAVEPOINT write"); !s.ok()) return s;
      pending->result = pending->write();
      if (!pending->result->ok())
        if (absl::Status s = db_->Execute("ROLLBACK TO write"); !s.ok()) return s;
      if (absl::Status s = db_->Execute("RELEASE write"); !s.ok()) return s;
    }
    return transaction->Commit();
  }();
  if (!committed.ok())
    for (PendingWrite* pending : group) pending->result = committed;
  return *mine.result;
}

}  // namespace judkins
