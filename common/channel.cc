#include "common/channel.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "common/read_file.h"
#include "proto/contract.h"

namespace judkins {
namespace {

// A report with its records, or an engine chunk, fits.
constexpr int kMaxMessageBytes = 80 << 20;

absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> Credentials(const TlsClientFiles& tls) {
  if (tls.cert_file.empty() != tls.key_file.empty())
    return absl::InvalidArgumentError(
        "--tls-cert and --tls-key: give both (a client certificate and its key) or neither");
  if (tls.ca_file.empty()) {
    if (!tls.cert_file.empty())
      return absl::InvalidArgumentError("--tls-cert: a client certificate needs TLS: give --tls-ca too");
    return grpc::InsecureChannelCredentials();
  }
  grpc::SslCredentialsOptions ssl;
  absl::StatusOr<std::string> ca = ReadFile(tls.ca_file);
  if (!ca.ok()) return absl::InvalidArgumentError(absl::StrCat("--tls-ca: ", ca.status().message()));
  ssl.pem_root_certs = *std::move(ca);
  if (!tls.cert_file.empty()) {
    absl::StatusOr<std::string> cert = ReadFile(tls.cert_file), key = ReadFile(tls.key_file);
    if (!cert.ok()) return absl::InvalidArgumentError(absl::StrCat("--tls-cert: ", cert.status().message()));
    if (!key.ok()) return absl::InvalidArgumentError(absl::StrCat("--tls-key: ", key.status().message()));
    ssl.pem_cert_chain = *std::move(cert);
    ssl.pem_private_key = *std::move(key);
  }
  return grpc::SslCredentials(ssl);
}

}  // namespace

absl::StatusOr<std::shared_ptr<grpc::Channel>> OpenChannel(const std::string& target, const TlsClientFiles& tls) {
  if (target.empty()) return absl::InvalidArgumentError("no coordinator address");
  absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> credentials = Credentials(tls);
  if (!credentials.ok()) return credentials.status();
  grpc::ChannelArguments arguments;
  arguments.SetMaxSendMessageSize(kMaxMessageBytes);
  arguments.SetMaxReceiveMessageSize(kMaxMessageBytes);
  arguments.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, contract::kKeepaliveTimeMs);
  arguments.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, contract::kKeepaliveTimeoutMs);
  arguments.SetInt(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  arguments.SetInt(GRPC_ARG_HTTP2_MAX_PINGS_WITHOUT_DATA, 0);  // unlimited: a long quiet batch keeps pinging
  return grpc::CreateCustomChannel(target, *credentials, arguments);
}

void AddBearerToken(grpc::ClientContext& context, absl::string_view token) {
  context.AddMetadata(contract::kAuthorizationMetadata, absl::StrCat(contract::kBearerPrefix, token));
}

std::unique_ptr<grpc::ClientContext> BearerContext(absl::string_view token, absl::Duration timeout) {
  auto context = std::make_unique<grpc::ClientContext>();
  AddBearerToken(*context, token);
  if (timeout != absl::InfiniteDuration()) context->set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  return context;
}

}  // namespace judkins
