// A gRPC channel to the coordinator: TLS when a CA file is given (with a
// client certificate when the coordinator requires one: mutual TLS), plain
// text otherwise (loopback or a trusted network); and the calls' bearer token.
#ifndef JUDKINS_COMMON_CHANNEL_H_
#define JUDKINS_COMMON_CHANNEL_H_

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace judkins {

// PEM files; all empty: plain text.
struct TlsClientFiles {
  std::string ca_file;    // the CA the coordinator's certificate is checked against
  std::string cert_file;  // this client's certificate and key, both or neither
  std::string key_file;
};

// InvalidArgument naming the option when the files do not make a setting
// (a certificate without its key, a client certificate without a CA).
absl::StatusOr<std::shared_ptr<grpc::Channel>> OpenChannel(const std::string& target, const TlsClientFiles& tls);

// Puts `token` on the call as a bearer token (proto/contract.h): the one way
// every client authenticates.
void AddBearerToken(grpc::ClientContext& context, absl::string_view token);
// A context with the token and a deadline `timeout` from now (none when
// infinite).
std::unique_ptr<grpc::ClientContext> BearerContext(absl::string_view token, absl::Duration timeout);

}  // namespace judkins

#endif  // JUDKINS_COMMON_CHANNEL_H_
