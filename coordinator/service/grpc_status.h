// absl::Status to grpc::Status: the same code and message.
#ifndef JUDKINS_COORDINATOR_SERVICE_GRPC_STATUS_H_
#define JUDKINS_COORDINATOR_SERVICE_GRPC_STATUS_H_

#include <grpcpp/support/status.h>

#include "absl/status/status.h"

namespace judkins {

inline grpc::Status ToGrpc(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
}

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_GRPC_STATUS_H_
