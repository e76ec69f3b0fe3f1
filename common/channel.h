// A gRPC channel to the coordinator: TLS when a CA file is given (with a
// client certificate when the coordinator requires one: mutual TLS), plain
// text otherwise (loopback or a trusted network).
#ifndef JUDKINS_COMMON_CHANNEL_H_
#define JUDKINS_COMMON_CHANNEL_H_

#include <grpcpp/channel.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"

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

}  // namespace judkins

#endif  // JUDKINS_COMMON_CHANNEL_H_
