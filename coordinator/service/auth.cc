#include "coordinator/service/auth.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/secret.h"
#include "common/sha256.h"
#include "coordinator/service/grpc_status.h"
#include "proto/contract.h"

namespace judkins {

absl::StatusOr<absl::string_view> BearerToken(const grpc::ServerContextBase& context) {
  const auto& metadata = context.client_metadata();
  const auto it = metadata.find(contract::kAuthorizationMetadata);
  if (it == metadata.end()) return absl::UnauthenticatedError("missing authorization metadata");
  absl::string_view value(it->second.data(), it->second.size());
  if (!absl::ConsumePrefix(&value, contract::kBearerPrefix))
    return absl::UnauthenticatedError("authorization must be 'Bearer <token>'");
  return value;
}

grpc::Status Authorize(const grpc::ServerContextBase& context, const Tokens& tokens, Role role) {
  absl::StatusOr<absl::string_view> bearer = BearerToken(context);
  if (!bearer.ok()) return ToGrpc(bearer.status());
  const absl::string_view value = *bearer;
  const std::string& needed = role == Role::kAdmin ? tokens.admin : tokens.worker;
  const std::string& other = role == Role::kAdmin ? tokens.worker : tokens.admin;
  if (SameSecret(value, needed)) return grpc::Status::OK;
  if (SameSecret(value, other))
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED, role == Role::kAdmin
                                                                 ? "a worker token cannot use the admin service"
                                                                 : "an admin token cannot act as a worker");
  return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "invalid token");
}

absl::Status AuthenticateWorker(const grpc::ServerContextBase& context, uint64_t worker_id,
                                const std::string& secret_sha256) {
  const auto& metadata = context.client_metadata();
  const auto it = metadata.find(contract::kWorkerSecretMetadata);
  if (it == metadata.end())
    return absl::UnauthenticatedError(
        absl::StrCat("missing ", contract::kWorkerSecretMetadata, " metadata (the secret Register returned)"));
  // Only the hash is stored; an empty one (a worker of an older coordinator) matches nothing.
  const std::string presented = Sha256Hex(absl::string_view(it->second.data(), it->second.size()));
  if (secret_sha256.empty() || !SameSecret(presented, secret_sha256))
    return absl::PermissionDeniedError(
        absl::StrCat("worker_id: this is not worker ", worker_id, "'s secret (a worker acts only as itself)"));
  return absl::OkStatus();
}

}  // namespace judkins
