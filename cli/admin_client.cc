#include "cli/admin_client.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace judkins {

absl::StatusOr<AdminClient> AdminClient::Connect(const ServerAddress& address) {
  if (address.target.empty()) return absl::InvalidArgumentError("no coordinator address (--server or $JUDKINS_SERVER)");
  if (address.token.empty()) return absl::InvalidArgumentError("no admin token (--token_file or $JUDKINS_ADMIN_TOKEN)");
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (!address.tls_ca_file.empty()) {
    std::ifstream in(address.tls_ca_file);
    if (!in) return absl::NotFoundError(absl::StrCat("cannot read '", address.tls_ca_file, "'"));
    std::stringstream ca;
    ca << in.rdbuf();
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = ca.str();
    credentials = grpc::SslCredentials(ssl);
  }
  grpc::ChannelArguments arguments;
  arguments.SetMaxSendMessageSize(80 << 20);
  return AdminClient(v1::AdminService::NewStub(grpc::CreateCustomChannel(address.target, credentials, arguments)),
                     address.token);
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
