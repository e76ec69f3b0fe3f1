// The coordinator's data directory: the database, the artifacts beside it,
// and a lock that keeps a second coordinator off them while this one runs.
// A directory that held a store and now has none (its database missing or
// empty: a restore gone wrong, a volume not mounted) is refused, not quietly
// started afresh, unless the operator asks for a new store.
#ifndef JUDKINS_COORDINATOR_SERVER_DATA_DIRECTORY_H_
#define JUDKINS_COORDINATOR_SERVER_DATA_DIRECTORY_H_

#include <string>

#include "absl/status/statusor.h"

namespace judkins {

class DataDirectory {
 public:
  static constexpr char kDatabaseName[] = "coordinator.db";
  static constexpr char kArtifactsName[] = "artifacts";
  static constexpr char kLockName[] = "coordinator.lock";

  // Creates the directory if missing and takes its lock. FAILED_PRECONDITION
  // when another process holds the lock, or when a store was expected and is
  // missing or empty (and `new_store` is false).
  static absl::StatusOr<DataDirectory> Open(const std::string& directory, bool new_store);

  DataDirectory(DataDirectory&& other) noexcept;
  DataDirectory& operator=(DataDirectory&& other) noexcept;
  DataDirectory(const DataDirectory&) = delete;
  DataDirectory& operator=(const DataDirectory&) = delete;
  ~DataDirectory();

  std::string database_path() const { return directory_ + "/" + kDatabaseName; }
  std::string artifacts_path() const { return directory_ + "/" + kArtifactsName; }

 private:
  DataDirectory(std::string directory, int lock_fd) : directory_(std::move(directory)), lock_fd_(lock_fd) {}
  std::string directory_;
  int lock_fd_ = -1;  // flock'ed for the life of this object
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVER_DATA_DIRECTORY_H_
