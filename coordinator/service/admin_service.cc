#include <map>

#include "absl/strings/str_cat.h"
#include "common/sha256.h"
#include "common/valid_text.h"
#include "coordinator/domain/test_rules.h"
#include "coordinator/service/grpc_status.h"
#include "coordinator/service/services.h"
#include "coordinator/service/validation.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

// Who an admin call is logged as: the one admin token has no user name, so
// the peer it came from.
std::string GrpcAdmin(const grpc::ServerContext& context) { return absl::StrCat("admin (gRPC, ", context.peer(), ")"); }

}  // namespace

grpc::Status AdminServiceImpl::UploadArtifact(grpc::ServerContext* context,
                                              grpc::ServerReader<v1::ArtifactChunk>* reader,
                                              v1::UploadArtifactResponse* response) {
  RpcTimer timer(c_.metrics, "UploadArtifact");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  absl::StatusOr<std::unique_ptr<ArtifactFiles::Upload>> upload = c_.artifacts.StartUpload();
  if (!upload.ok()) return ToGrpc(upload.status());
  v1::ArtifactChunk chunk;
  std::string expected, name;
  bool first = true;
  while (reader->Read(&chunk)) {
    if (first) {
      expected = chunk.sha256();
      name = chunk.name();
      if (!expected.empty() && !IsSha256Hex(expected))
        return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "sha256: 64 lower-case hex digits");
      if (name.size() > 200) return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "name: at most 200 characters");
      first = false;
    }
    if (absl::Status s = (*upload)->Append(chunk.data()); !s.ok()) return ToGrpc(s);
  }
  if ((*upload)->size() == 0) return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "data: the upload is empty");
  const bool already = c_.artifacts.Contains(expected);
  absl::StatusOr<std::string> sha = (*upload)->Finish(expected);
  if (!sha.ok()) return ToGrpc(sha.status());
  if (absl::Status s = c_.store.RecordArtifact(*sha, (*upload)->size(), name, absl::Now()); !s.ok()) return ToGrpc(s);
  response->set_sha256(*sha);
  response->set_size((*upload)->size());
  response->set_already_present(already);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::CreateTest(grpc::ServerContext* context, const v1::CreateTestRequest* request,
                                          v1::Test* response) {
  RpcTimer timer(c_.metrics, "CreateTest");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  auto known = [this](const std::string& sha) { return c_.artifacts.Contains(sha); };
  if (absl::Status s = ValidateTestSpec(request->spec(), known); !s.ok()) return ToGrpc(s);
  v1::TestSpec spec = request->spec();
  if (spec.has_spsa()) *spec.mutable_spsa() = tuner::WithDefaults(spec.spsa());
  if (spec.has_sprt()) *spec.mutable_sprt() = SprtWithDefaults(spec.sprt());
  absl::StatusOr<v1::Test> test = c_.store.CreateTest(spec, absl::Now(), GrpcAdmin(*context));
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ListTests(grpc::ServerContext* context, const v1::ListTestsRequest* request,
                                         v1::ListTestsResponse* response) {
  RpcTimer timer(c_.metrics, "ListTests");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  absl::StatusOr<std::vector<v1::Test>> tests = c_.store.ListTests(request->include_finished());
  if (!tests.ok()) return ToGrpc(tests.status());
  for (v1::Test& test : *tests) *response->add_tests() = std::move(test);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::GetTest(grpc::ServerContext* context, const v1::GetTestRequest* request,
                                       v1::Test* response) {
  RpcTimer timer(c_.metrics, "GetTest");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  absl::StatusOr<v1::Test> test = c_.store.GetTest(request->test_id());
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::StopTest(grpc::ServerContext* context, const v1::StopTestRequest* request,
                                        v1::Test* response) {
  RpcTimer timer(c_.metrics, "StopTest");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  absl::StatusOr<v1::Test> test = c_.store.StopTest(request->test_id(), absl::Now(), GrpcAdmin(*context));
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ExcludeWorker(grpc::ServerContext* context, const v1::ExcludeWorkerRequest* request,
                                             v1::Test* response) {
  RpcTimer timer(c_.metrics, "ExcludeWorker");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  if (request->reason().size() > 500 || !IsValidText(request->reason()))
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "reason: printable text, at most 500 bytes");
  const std::string reason = request->reason().empty() ? "no reason given" : request->reason();
  absl::StatusOr<v1::Test> test =
      c_.store.ExcludeWorker(request->test_id(), request->worker_id(), reason, absl::Now(), GrpcAdmin(*context));
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::WatchTest(grpc::ServerContext* context, const v1::WatchTestRequest* request,
                                         grpc::ServerWriter<v1::Test>* writer) {
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  uint64_t seen = c_.changes.version();
  std::string last;
  while (!context->IsCancelled()) {
    absl::StatusOr<v1::Test> test = c_.store.GetTest(request->test_id());
    if (!test.ok()) return ToGrpc(test.status());
    const std::string now = test->SerializeAsString();
    if (now != last && !writer->Write(*test)) return grpc::Status::OK;  // the watcher left
    last = now;
    if (test->state() == v1::TEST_STATE_FINISHED || test->state() == v1::TEST_STATE_STOPPED) return grpc::Status::OK;
    seen = c_.changes.WaitPast(seen, absl::Seconds(1));
  }
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::GetTune(grpc::ServerContext* context, const v1::GetTuneRequest* request,
                                       v1::Tune* response) {
  RpcTimer timer(c_.metrics, "GetTune");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  if (request->max_history_points() > 100'000)
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "max_history_points: at most 100,000");
  const size_t points = request->max_history_points() ? request->max_history_points() : 200;
  absl::StatusOr<v1::Tune> tune = c_.store.GetTune(request->test_id(), points);
  if (!tune.ok()) return ToGrpc(tune.status());
  *response = *std::move(tune);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::GetRecords(grpc::ServerContext* context, const v1::GetRecordsRequest* request,
                                          grpc::ServerWriter<v1::RecordsChunk>* writer) {
  RpcTimer timer(c_.metrics, "GetRecords");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  if (absl::StatusOr<v1::Test> test = c_.store.GetTest(request->test_id()); !test.ok()) return ToGrpc(test.status());
  // A page at a time, so a slow reader never holds the read connection.
  uint64_t after = 0;
  while (true) {
    absl::StatusOr<std::vector<Store::BatchRecords>> page = c_.store.RecordsAfter(request->test_id(), after, 64);
    if (!page.ok()) return ToGrpc(page.status());
    if (page->empty()) return grpc::Status::OK;
    for (Store::BatchRecords& batch : *page) {
      v1::RecordsChunk chunk;
      chunk.set_batch_id(batch.batch_id);
      chunk.set_records(std::move(batch.records));
      if (!writer->Write(chunk)) return grpc::Status(grpc::StatusCode::CANCELLED, "the reader went away");
      after = batch.batch_id;
    }
  }
}

grpc::Status AdminServiceImpl::ListWorkers(grpc::ServerContext* context, const v1::ListWorkersRequest*,
                                           v1::ListWorkersResponse* response) {
  RpcTimer timer(c_.metrics, "ListWorkers");
  if (grpc::Status s = Authorize(*context, c_.tokens, Role::kAdmin); !s.ok()) return s;
  absl::StatusOr<std::vector<v1::WorkerInfo>> workers = c_.store.ListWorkers();
  if (!workers.ok()) return ToGrpc(workers.status());
  for (v1::WorkerInfo& worker : *workers) *response->add_workers() = std::move(worker);
  return grpc::Status::OK;
}

}  // namespace judkins
