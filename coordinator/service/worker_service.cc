#include <fstream>
#include <memory>

#include "common/secret.h"
#include "common/sha256.h"
#include "coordinator/service/grpc_status.h"
#include "coordinator/service/services.h"
#include "coordinator/service/validation.h"
#include "proto/contract.h"
#include "proto/convert/results.h"

namespace judkins {
namespace {

grpc::ServerUnaryReactor* Finish(grpc::ServerUnaryReactor* reactor, const grpc::Status& status) {
  reactor->Finish(status);
  return reactor;
}

}  // namespace

grpc::Status WorkerServiceImpl::Register(grpc::ServerContext* context, const v1::RegisterRequest* request,
                                         v1::RegisterResponse* response) {
  RpcTimer timer(c_.metrics, "Register");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kWorker); !s.ok()) return s;
  if (absl::Status s = ValidateCapabilities(request->capabilities()); !s.ok()) return ToGrpc(s);
  absl::StatusOr<std::string> secret = NewSecretHex(contract::kWorkerSecretBytes);
  if (!secret.ok()) return ToGrpc(secret.status());
  absl::StatusOr<uint64_t> id = c_.store.RegisterWorker(request->capabilities(), Sha256Hex(*secret), absl::Now());
  if (!id.ok()) return ToGrpc(id.status());
  response->set_worker_id(*id);
  response->set_worker_secret(*secret);
  return grpc::Status::OK;
}

absl::StatusOr<Store::RegisteredWorker> WorkerServiceImpl::Authenticate(const grpc::ServerContextBase& context,
                                                                        uint64_t worker_id) {
  if (worker_id == 0) return absl::InvalidArgumentError("worker_id: missing");
  absl::StatusOr<Store::RegisteredWorker> worker = c_.store.GetWorker(worker_id);
  if (!worker.ok()) return worker.status();
  if (absl::Status s = AuthenticateWorker(context, worker_id, worker->secret_sha256); !s.ok()) return s;
  return worker;
}

// RequestWork and ReportBatch wait on a commit: they are callback methods,
// finished from the store's committer thread, so no gRPC thread sits idle
// while the disk syncs.
grpc::ServerUnaryReactor* WorkerServiceImpl::RequestWork(grpc::CallbackServerContext* context,
                                                         const v1::WorkRequest* request, v1::WorkResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  auto timer = std::make_shared<RpcTimer>(c_.metrics, "RequestWork");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kWorker); !s.ok()) return Finish(reactor, s);
  absl::StatusOr<Store::RegisteredWorker> worker = Authenticate(*context, request->worker_id());
  if (!worker.ok()) return Finish(reactor, ToGrpc(worker.status()));
  if (absl::Status s = ValidateWorkRequest(*request); !s.ok()) return Finish(reactor, ToGrpc(s));
  std::optional<std::vector<uint64_t>> held;
  if (request->has_held()) held.emplace(request->held().batch_ids().begin(), request->held().batch_ids().end());
  c_.scheduler.RequestWork(request->worker_id(), worker->capabilities, std::move(held), absl::Now(),
                           [this, reactor, response, timer](absl::StatusOr<std::optional<v1::Batch>> batch) {
                             if (!batch.ok()) return reactor->Finish(ToGrpc(batch.status()));
                             if (batch->has_value()) {
                               *response->mutable_batch() = **std::move(batch);
                               c_.metrics.CountBatches("leased");
                               c_.changes.Changed();
                             } else {
                               response->set_retry_after_seconds(2);
                             }
                             reactor->Finish(grpc::Status::OK);
                           });
  return reactor;
}

grpc::Status WorkerServiceImpl::Heartbeat(grpc::ServerContext* context, const v1::HeartbeatRequest* request,
                                          v1::HeartbeatResponse* response) {
  RpcTimer timer(c_.metrics, "Heartbeat");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kWorker); !s.ok()) return s;
  if (absl::StatusOr<Store::RegisteredWorker> worker = Authenticate(*context, request->worker_id()); !worker.ok())
    return ToGrpc(worker.status());
  if (absl::Status s = ValidateHeartbeat(*request); !s.ok()) return ToGrpc(s);
  const absl::Time now = absl::Now(), deadline = now + c_.scheduler.options().lease;
  const std::vector<uint64_t> ids(request->batch_ids().begin(), request->batch_ids().end());
  absl::StatusOr<std::vector<uint64_t>> stop = c_.store.Heartbeat(request->worker_id(), ids, now, deadline);
  if (!stop.ok()) return ToGrpc(stop.status());
  for (uint64_t id : *stop) response->add_stop_batch_ids(id);
  response->set_lease_deadline_unix_ms(absl::ToUnixMillis(deadline));
  return grpc::Status::OK;
}

grpc::ServerUnaryReactor* WorkerServiceImpl::ReportBatch(grpc::CallbackServerContext* context,
                                                         const v1::BatchReport* request, v1::ReportAck* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  auto timer = std::make_shared<RpcTimer>(c_.metrics, "ReportBatch");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kWorker); !s.ok()) return Finish(reactor, s);
  if (absl::StatusOr<Store::RegisteredWorker> worker = Authenticate(*context, request->worker_id()); !worker.ok())
    return Finish(reactor, ToGrpc(worker.status()));
  if (absl::Status s = ValidateReport(*request); !s.ok()) return Finish(reactor, ToGrpc(s));
  const absl::Time start = absl::Now();
  // The request lives until the reactor finishes, which is after `done`.
  c_.store.RecordReportAsync(*request, start,
                             [this, reactor, response, timer, start,
                              worker_id = request->worker_id()](absl::StatusOr<Store::ReportResult> result) {
                               if (!result.ok()) return reactor->Finish(ToGrpc(result.status()));
                               c_.metrics.ObserveCommit(absl::Now() - start);
                               c_.metrics.CountReport(worker_id, *result);
                               if (result->counted) c_.changes.Changed();
                               response->set_counted(result->counted);
                               response->set_stop_test(result->test_ended);
                               reactor->Finish(grpc::Status::OK);
                             });
  return reactor;
}

grpc::Status WorkerServiceImpl::FetchArtifact(grpc::ServerContext* context, const v1::FetchArtifactRequest* request,
                                              grpc::ServerWriter<v1::ArtifactChunk>* writer) {
  RpcTimer timer(c_.metrics, "FetchArtifact");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kWorker); !s.ok()) return s;
  if (absl::Status s = c_.artifacts.Verify(request->sha256()); !s.ok()) return ToGrpc(s);
  std::ifstream in(c_.artifacts.PathFor(request->sha256()), std::ios::binary);
  std::string buffer(1 << 20, '\0');
  bool first = true;
  while (in.read(buffer.data(), std::streamsize(buffer.size())) || in.gcount() > 0) {
    v1::ArtifactChunk chunk;
    chunk.set_data(buffer.data(), size_t(in.gcount()));
    if (first) chunk.set_sha256(request->sha256());
    first = false;
    if (!writer->Write(chunk)) return grpc::Status(grpc::StatusCode::CANCELLED, "the worker went away");
  }
  return grpc::Status::OK;
}

}  // namespace judkins
