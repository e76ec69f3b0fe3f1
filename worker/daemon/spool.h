// Finished batch reports kept on disk until the coordinator acknowledges
// them, so a coordinator restart or a network cut loses no result.
#ifndef JUDKINS_WORKER_DAEMON_SPOOL_H_
#define JUDKINS_WORKER_DAEMON_SPOOL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

class Spool {
 public:
  static absl::StatusOr<Spool> Open(const std::string& directory);
  // Durably stores the report (written, synced, renamed into place).
  absl::Status Put(const v1::BatchReport& report);
  absl::Status Remove(uint64_t batch_id);
  // Every report waiting, oldest batch first; unreadable files are set aside.
  std::vector<v1::BatchReport> Pending() const;
  int size() const;

 private:
  explicit Spool(std::string directory) : directory_(std::move(directory)) {}
  std::string PathFor(uint64_t batch_id) const;
  std::string directory_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_SPOOL_H_
