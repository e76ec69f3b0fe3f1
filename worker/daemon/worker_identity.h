// Who this worker is to its coordinator: the id and secret Register gave it,
// kept in the work directory (mode 0600) so that a restarted worker delivers
// its spooled reports as the worker that played them; a report sent under a
// new id would be refused as another worker's.
#ifndef JUDKINS_WORKER_DAEMON_WORKER_IDENTITY_H_
#define JUDKINS_WORKER_DAEMON_WORKER_IDENTITY_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"

namespace judkins {

struct WorkerIdentity {
  std::string coordinator;  // the address it registered with: valid there only
  std::string name;         // and for the capabilities it registered with
  uint32_t concurrency = 0;
  uint64_t worker_id = 0;
  std::string secret;

  // Whether a worker starting with these settings may go on as this identity.
  bool Fits(const std::string& at, const std::string& as, uint32_t with_concurrency) const {
    return coordinator == at && name == as && concurrency == with_concurrency;
  }
};

// Nothing when the file does not exist; an error naming the file and the
// line when it cannot be read as an identity.
absl::StatusOr<std::optional<WorkerIdentity>> LoadWorkerIdentity(const std::string& path);
// Written to a temporary file, synced, renamed into place, directory synced.
absl::Status SaveWorkerIdentity(const std::string& path, const WorkerIdentity& identity);

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_WORKER_IDENTITY_H_
