// Engine binaries fetched from the coordinator, kept by SHA-256 and checked
// against it every time before they run: a corrupt file is fetched again,
// never executed.
#ifndef JUDKINS_WORKER_DAEMON_ARTIFACT_CACHE_H_
#define JUDKINS_WORKER_DAEMON_ARTIFACT_CACHE_H_

#include <string>

#include "absl/status/statusor.h"
#include "worker/daemon/coordinator_client.h"

namespace judkins {

class ArtifactCache {
 public:
  ArtifactCache(std::string directory, CoordinatorClient& client) : directory_(std::move(directory)), client_(client) {}
  // The path of a verified, executable copy of the artifact.
  absl::StatusOr<std::string> Ensure(const std::string& sha256);
  int fetches() const { return fetches_; }

 private:
  std::string directory_;
  CoordinatorClient& client_;
  int fetches_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_ARTIFACT_CACHE_H_
