// Bearer tokens in gRPC metadata: one for workers, one for admins; and each
// registered worker's own secret, so that a worker acts only as itself.
#ifndef JUDKINS_COORDINATOR_SERVICE_AUTH_H_
#define JUDKINS_COORDINATOR_SERVICE_AUTH_H_

#include <grpcpp/server_context.h>

#include <string>

#include "absl/status/statusor.h"

namespace judkins {

enum class Role { kWorker, kAdmin };

struct Tokens {
  std::string worker;
  std::string admin;
};

// UNAUTHENTICATED without a valid token, PERMISSION_DENIED with the other role's.
grpc::Status Authorize(const grpc::ServerContextBase& context, const Tokens& tokens, Role role);

// The call's bearer token (metadata "authorization: Bearer <token>"), for
// AccountManager::Authenticate; UNAUTHENTICATED without one.
absl::StatusOr<absl::string_view> BearerToken(const grpc::ServerContextBase& context);

// After Authorize(kWorker): the call's worker secret (metadata
// contract::kWorkerSecretMetadata) must hash to the one stored for worker_id.
// UNAUTHENTICATED without one, PERMISSION_DENIED with another worker's.
absl::Status AuthenticateWorker(const grpc::ServerContextBase& context, uint64_t worker_id,
                                const std::string& secret_sha256);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_AUTH_H_
