#include "common/channel.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include "absl/strings/str_cat.h"
#include "common/read_file.h"

namespace judkins {

absl::StatusOr<std::shared_ptr<grpc::Channel>> OpenChannel(const std::string& target, const std::string& tls_ca_file) {
  if (target.empty()) return absl::InvalidArgumentError("no coordinator address");
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (!tls_ca_file.empty()) {
    absl::StatusOr<std::string> ca = ReadFile(tls_ca_file);
    if (!ca.ok()) return ca.status();
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = *std::move(ca);
    credentials = grpc::SslCredentials(ssl);
  }
  grpc::ChannelArguments arguments;
  arguments.SetMaxSendMessageSize(80 << 20);  // a report with records, an engine chunk
  arguments.SetMaxReceiveMessageSize(80 << 20);
  return grpc::CreateCustomChannel(target, credentials, arguments);
}

}  // namespace judkins
