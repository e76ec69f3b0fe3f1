// A registered worker's call context for coordinator tests: the shared
// worker token and the worker's own secret.
#ifndef JUDKINS_TESTS_SUPPORT_WORKER_CALLS_H_
#define JUDKINS_TESTS_SUPPORT_WORKER_CALLS_H_

#include <grpcpp/client_context.h>

#include <memory>
#include <string>

#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "common/channel.h"
#include "judkins/v1/coordinator.pb.h"
#include "proto/contract.h"

namespace judkins::testing {

inline std::unique_ptr<grpc::ClientContext> AsWorker(const std::string& worker_token,
                                                     const v1::RegisterResponse& registered,
                                                     absl::Duration timeout = absl::Seconds(10)) {
  std::unique_ptr<grpc::ClientContext> context = BearerContext(worker_token, timeout);
  context->AddMetadata(contract::kWorkerSecretMetadata, registered.worker_secret());
  return context;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_WORKER_CALLS_H_
