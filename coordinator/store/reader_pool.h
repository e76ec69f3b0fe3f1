// Read connections to the store's database, each used by one reader at a
// time. SQLite in WAL mode lets readers run side by side, each on the last
// commit: with one connection, a long read (a test's per-worker results for
// the metrics, 50,000 rows on a big fleet) held up every short one behind it,
// the scheduler's among them, on gRPC's few callback threads.
#ifndef JUDKINS_COORDINATOR_STORE_READER_POOL_H_
#define JUDKINS_COORDINATOR_STORE_READER_POOL_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/store/sqlite.h"

namespace judkins {

class ReaderPool {
 public:
  // Readers beyond this many wait for a connection: on a machine of a few
  // cores more would only share the same CPUs.
  static constexpr int kDefaultConnections = 4;

  static absl::StatusOr<std::unique_ptr<ReaderPool>> Open(const std::string& path,
                                                          int connections = kDefaultConnections);

  // One connection, the caller's until the lease ends.
  class Lease {
   public:
    Lease(Lease&& other) noexcept : pool_(other.pool_), db_(std::exchange(other.db_, nullptr)) {}
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (db_) pool_->Return(db_);
    }
    sqlite::Database& operator*() const { return *db_; }
    sqlite::Database* operator->() const { return db_; }

   private:
    friend class ReaderPool;
    Lease(ReaderPool* pool, sqlite::Database* db) : pool_(pool), db_(db) {}
    ReaderPool* pool_;
    sqlite::Database* db_;
  };
  // Waits while every connection is leased.
  Lease Acquire();

  struct Passkey {
    explicit Passkey() = default;
  };
  ReaderPool(Passkey, std::vector<std::unique_ptr<sqlite::Database>> connections);

 private:
  void Return(sqlite::Database* db);

  const std::vector<std::unique_ptr<sqlite::Database>> connections_;  // owned here, leased by pointer
  absl::Mutex mutex_;
  std::vector<sqlite::Database*> idle_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_READER_POOL_H_
