#include "cli/health_check.h"

#include "absl/strings/str_cat.h"
#include "grpc/health/v1/health.grpc.pb.h"

namespace judkins {

absl::Status CheckHealth(const std::string& target, const TlsClientFiles& tls, const std::string& service,
                         absl::Duration timeout) {
  absl::StatusOr<std::shared_ptr<grpc::Channel>> channel = OpenChannel(target, tls);
  if (!channel.ok()) return channel.status();
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(service);
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = grpc::health::v1::Health::NewStub(*channel)->Check(&context, request, &response);
  const std::string what = service.empty() ? target : absl::StrCat(service, " on ", target);
  if (!status.ok()) return absl::UnavailableError(absl::StrCat(what, ": no answer: ", status.error_message()));
  if (response.status() != grpc::health::v1::HealthCheckResponse::SERVING)
    return absl::UnavailableError(
        absl::StrCat(what, " is ", grpc::health::v1::HealthCheckResponse::ServingStatus_Name(response.status())));
  return absl::OkStatus();
}

}  // namespace judkins
