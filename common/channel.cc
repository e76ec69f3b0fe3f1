#include "common/channel.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<std::shared_ptr<grpc::Channel>> OpenChannel(const std::string& target, const std::string& tls_ca_file) {
  if (target.empty()) return absl::InvalidArgumentError("no coordinator address");
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (!tls_ca_file.empty()) {
    std::ifstream in(tls_ca_file);
    if (!in) return absl::NotFoundError(absl::StrCat("cannot read '", tls_ca_file, "'"));
    std::stringstream ca;
    ca << in.rdbuf();
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = ca.str();
    credentials = grpc::SslCredentials(ssl);
  }
  grpc::ChannelArguments arguments;
  arguments.SetMaxSendMessageSize(80 << 20);  // a report with records, an engine chunk
  arguments.SetMaxReceiveMessageSize(80 << 20);
  return grpc::CreateCustomChannel(target, credentials, arguments);
}

}  // namespace judkins
