#include "worker/daemon/coordinator_client.h"

#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "common/channel.h"
#include "proto/contract.h"

namespace judkins {

absl::Status FromGrpc(const grpc::Status& status) {
  if (status.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()), status.error_message());
}

absl::StatusOr<std::unique_ptr<CoordinatorClient>> CoordinatorClient::Connect(const std::string& target,
                                                                              const std::string& token,
                                                                              const TlsClientFiles& tls) {
  absl::StatusOr<std::shared_ptr<grpc::Channel>> channel = OpenChannel(target, tls);
  if (!channel.ok()) return channel.status();
  return std::make_unique<CoordinatorClient>(Passkey(), v1::WorkerService::NewStub(*channel), token);
}

absl::Status CoordinatorClient::Answered(const grpc::Status& status) {
  const bool network_failed = status.error_code() == grpc::StatusCode::UNAVAILABLE ||
                              status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED ||
                              status.error_code() == grpc::StatusCode::CANCELLED;
  if (contact_ != nullptr && !network_failed) contact_->Mark();
  return FromGrpc(status);
}

std::unique_ptr<grpc::ClientContext> CoordinatorClient::Context(absl::Duration timeout) const {
  std::unique_ptr<grpc::ClientContext> context = BearerContext(token_, timeout);
  absl::MutexLock lock(&mutex_);
  if (!secret_.empty()) context->AddMetadata(contract::kWorkerSecretMetadata, secret_);
  return context;
}

absl::StatusOr<v1::RegisterResponse> CoordinatorClient::Register(const v1::WorkerCapabilities& capabilities) {
  v1::RegisterRequest request;
  *request.mutable_capabilities() = capabilities;
  v1::RegisterResponse response;
  if (absl::Status s = Answered(stub_->Register(Context(absl::Seconds(10)).get(), request, &response)); !s.ok())
    return s;
  PresentSecret(response.worker_secret());
  return response;
}

void CoordinatorClient::PresentSecret(const std::string& secret) {
  absl::MutexLock lock(&mutex_);
  secret_ = secret;
}

absl::StatusOr<v1::WorkResponse> CoordinatorClient::RequestWork(uint64_t worker_id, const std::vector<uint64_t>& held) {
  v1::WorkRequest request;
  request.set_worker_id(worker_id);
  request.mutable_held()->mutable_batch_ids()->Add(held.begin(), held.end());
  v1::WorkResponse response;
  if (absl::Status s = Answered(stub_->RequestWork(Context(absl::Seconds(30)).get(), request, &response)); !s.ok())
    return s;
  return response;
}

absl::StatusOr<v1::HeartbeatResponse> CoordinatorClient::Heartbeat(const v1::HeartbeatRequest& request) {
  v1::HeartbeatResponse response;
  if (absl::Status s = Answered(stub_->Heartbeat(Context(absl::Seconds(10)).get(), request, &response)); !s.ok())
    return s;
  return response;
}

absl::StatusOr<v1::ReportAck> CoordinatorClient::ReportBatch(const v1::BatchReport& report) {
  v1::ReportAck ack;
  if (absl::Status s = Answered(stub_->ReportBatch(Context(absl::Seconds(30)).get(), report, &ack)); !s.ok()) return s;
  return ack;
}

absl::StatusOr<uint64_t> CoordinatorClient::FetchArtifact(const std::string& sha256, const std::string& path) {
  v1::FetchArtifactRequest request;
  request.set_sha256(sha256);
  auto context = Context(absl::Minutes(10));
  auto reader = stub_->FetchArtifact(context.get(), request);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return absl::UnavailableError(absl::StrCat("cannot write '", path, "'"));
  uint64_t size = 0;
  v1::ArtifactChunk chunk;
  while (reader->Read(&chunk)) {
    out.write(chunk.data().data(), std::streamsize(chunk.data().size()));
    size += chunk.data().size();
  }
  if (absl::Status s = Answered(reader->Finish()); !s.ok()) return s;
  out.close();
  if (!out) return absl::UnavailableError(absl::StrCat("cannot write '", path, "'"));
  return size;
}

}  // namespace judkins
