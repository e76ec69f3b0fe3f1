// A gRPC channel to the coordinator: TLS when a CA file is given, plain text
// otherwise (loopback or a trusted network).
#ifndef JUDKINS_COMMON_CHANNEL_H_
#define JUDKINS_COMMON_CHANNEL_H_

#include <grpcpp/channel.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace judkins {

absl::StatusOr<std::shared_ptr<grpc::Channel>> OpenChannel(const std::string& target, const std::string& tls_ca_file);

}  // namespace judkins

#endif  // JUDKINS_COMMON_CHANNEL_H_
