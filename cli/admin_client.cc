#include "cli/admin_client.h"

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "common/channel.h"

namespace judkins {

absl::StatusOr<AdminClient> AdminClient::Connect(const ServerAddress& address) {
  if (address.target.empty()) return absl::InvalidArgumentError("no coordinator address (--server or $JUDKINS_SERVER)");
  if (address.token.empty()) return absl::InvalidArgumentError("no admin token (--token-file or $JUDKINS_ADMIN_TOKEN)");
  absl::StatusOr<std::shared_ptr<grpc::Channel>> channel = OpenChannel(address.target, address.tls_ca_file);
  if (!channel.ok()) return channel.status();
  return AdminClient(v1::AdminService::NewStub(*channel), address.token);
}

std::unique_ptr<grpc::ClientContext> AdminClient::Context(absl::Duration timeout) const {
  auto context = std::make_unique<grpc::ClientContext>();
  context->AddMetadata("authorization", "Bearer " + token_);
  if (timeout != absl::InfiniteDuration()) context->set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  return context;
}

std::string Describe(const grpc::Status& status) {
  static constexpr const char* kNames[] = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
                                           "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
                                           "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
                                           "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};
  const int code = status.error_code();
  return absl::StrCat(code >= 0 && code <= 16 ? kNames[code] : "ERROR", ": ", status.error_message());
}

}  // namespace judkins
