#include "coordinator/store/reader_pool.h"

#include <cassert>

namespace judkins {

absl::StatusOr<std::unique_ptr<ReaderPool>> ReaderPool::Open(const std::string& path, int connections) {
  assert(connections > 0);
  std::vector<std::unique_ptr<sqlite::Database>> opened;
  for (int i = 0; i < connections; ++i) {
    absl::StatusOr<std::unique_ptr<sqlite::Database>> db = sqlite::Database::Open(path);
    if (!db.ok()) return db.status();
    opened.push_back(*std::move(db));
  }
  return std::make_unique<ReaderPool>(Passkey(), std::move(opened));
}

ReaderPool::ReaderPool(Passkey, std::vector<std::unique_ptr<sqlite::Database>> connections)
    : connections_(std::move(connections)) {
  for (const std::unique_ptr<sqlite::Database>& db : connections_) idle_.push_back(db.get());
}

ReaderPool::Lease ReaderPool::Acquire() {
  absl::MutexLock lock(&mutex_);
  mutex_.Await(absl::Condition(
      +[](std::vector<sqlite::Database*>* idle) { return !idle->empty(); }, &idle_));
  sqlite::Database* db = idle_.back();
  idle_.pop_back();
  return Lease(this, db);
}

void ReaderPool::Return(sqlite::Database* db) {
  absl::MutexLock lock(&mutex_);
  assert(idle_.size() < connections_.size());
  idle_.push_back(db);
}

}  // namespace judkins
