// The worker's side of WorkerService, with its token on every call and, once
// registered, its own secret.
#ifndef JUDKINS_WORKER_DAEMON_COORDINATOR_CLIENT_H_
#define JUDKINS_WORKER_DAEMON_COORDINATOR_CLIENT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "common/channel.h"
#include "judkins/v1/coordinator.grpc.pb.h"
#include "worker/daemon/last_contact.h"

namespace judkins {

class CoordinatorClient {
 public:
  static absl::StatusOr<std::unique_ptr<CoordinatorClient>> Connect(const std::string& target, const std::string& token,
                                                                    const TlsClientFiles& tls);
  // Registers anew: the worker id and its secret, which later calls present.
  absl::StatusOr<v1::RegisterResponse> Register(const v1::WorkerCapabilities& capabilities);
  // Later calls present this secret (a worker resuming an earlier identity).
  void PresentSecret(const std::string& secret);
  // `held`: every batch the worker holds (WorkRequest.held).
  absl::StatusOr<v1::WorkResponse> RequestWork(uint64_t worker_id, const std::vector<uint64_t>& held);
  absl::StatusOr<v1::HeartbeatResponse> Heartbeat(const v1::HeartbeatRequest& request);
  absl::StatusOr<v1::ReportAck> ReportBatch(const v1::BatchReport& report);
  // Every answer from the coordinator (an error included, when it is the
  // coordinator's and not the network's) is marked in `contact` from now on.
  void RecordContactIn(LastContact& contact) { contact_ = &contact; }
  // Streams the artifact into path (overwritten); returns the bytes written.
  absl::StatusOr<uint64_t> FetchArtifact(const std::string& sha256, const std::string& path);

  struct Passkey {
    explicit Passkey() = default;
  };
  CoordinatorClient(Passkey, std::unique_ptr<v1::WorkerService::Stub> stub, std::string token)
      : stub_(std::move(stub)), token_(std::move(token)) {}

 private:
  std::unique_ptr<grpc::ClientContext> Context(absl::Duration timeout) const;
  // The call's status as an absl::Status, its answer marked in contact_.
  absl::Status Answered(const grpc::Status& status);
  std::unique_ptr<v1::WorkerService::Stub> stub_;
  LastContact* contact_ = nullptr;  // set before the heartbeat thread starts
  std::string token_;
  mutable absl::Mutex mutex_;  // the heartbeat thread calls alongside the main one
  std::string secret_ ABSL_GUARDED_BY(mutex_);
};

// A gRPC status as an absl::Status with the same code and message.
absl::Status FromGrpc(const grpc::Status& status);

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_COORDINATOR_CLIENT_H_
