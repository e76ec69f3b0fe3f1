// Finished batch reports kept on disk until the coordinator acknowledges
// them, so a coordinator restart or a network cut loses no result.
#ifndef JUDKINS_WORKER_DAEMON_SPOOL_H_
#define JUDKINS_WORKER_DAEMON_SPOOL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

class Spool {
 public:
  static absl::StatusOr<Spool> Open(const std::string& directory);
  // Durably stores the report: written, synced, renamed into place, and the
  // directory synced. A report that would not read back is refused
  // (InvalidArgument naming the batch) instead of written.
  absl::Status Put(const v1::BatchReport& report);
  absl::Status Remove(uint64_t batch_id);

  struct Contents {
    std::vector<v1::BatchReport> reports;  // oldest batch first
    // Files that could not be read, renamed to PATH.unreadable for a person
    // to look at; the caller says so loudly.
    std::vector<std::string> set_aside;
  };
  Contents Pending() const;
  // The batches whose reports it holds, by their file names (not read).
  std::vector<uint64_t> BatchIds() const;
  // Keeps the report of a batch out of the way as PATH.<suffix> ("refused").
  absl::Status SetAside(uint64_t batch_id, const std::string& suffix);
  int size() const;

 private:
  explicit Spool(std::string directory) : directory_(std::move(directory)) {}
  std::string PathFor(uint64_t batch_id) const;
  std::string directory_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_SPOOL_H_
