// `judkins health`: asks a coordinator the standard gRPC health question
// (grpc.health.v1 Check), as a container HEALTHCHECK or a script would. No
// token: health is public, like Kubernetes' own grpc probe.
#ifndef JUDKINS_CLI_HEALTH_CHECK_H_
#define JUDKINS_CLI_HEALTH_CHECK_H_

#include <string>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "common/channel.h"

namespace judkins {

// OK when `service` (empty: the server as a whole) is SERVING; Unavailable
// naming the status it has, or the reason no answer came, otherwise.
absl::Status CheckHealth(const std::string& target, const TlsClientFiles& tls, const std::string& service,
                         absl::Duration timeout);

}  // namespace judkins

#endif  // JUDKINS_CLI_HEALTH_CHECK_H_
