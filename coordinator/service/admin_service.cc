#include <map>

#include "absl/strings/str_cat.h"
#include "common/sha256.h"
#include "common/valid_text.h"
#include "coordinator/service/grpc_status.h"
#include "coordinator/service/services.h"
#include "coordinator/service/test_submission.h"
#include "coordinator/service/validation.h"
#include "coordinator/store/audit_log.h"
#include "proto/contract.h"

namespace judkins {
namespace {

// How a call came, for the logs: "gRPC, ipv4:10.0.0.7:51234".
std::string Via(const grpc::ServerContext& context) { return absl::StrCat("gRPC, ", context.peer()); }

}  // namespace

absl::StatusOr<Caller> AdminServiceImpl::Allowed(const grpc::ServerContext& context, Action action,
                                                 absl::string_view owner) {
  absl::StatusOr<absl::string_view> token = BearerToken(context);
  if (!token.ok()) return token.status();
  absl::StatusOr<Caller> caller = c_.accounts.Authenticate(*token, Via(context));
  if (!caller.ok()) return caller.status();
  if (absl::Status s = Permit(*caller, action, owner); !s.ok()) return s;
  return caller;
}

absl::StatusOr<Caller> AdminServiceImpl::AllowedOnTest(const grpc::ServerContext& context, Action action,
                                                       uint64_t test_id) {
  // Who asks is checked before the test is looked up: a stranger learns
  // nothing of which tests exist. (The token is looked up once.)
  absl::StatusOr<Caller> caller = Allowed(context, Action::kRead);
  if (!caller.ok()) return caller.status();
  absl::StatusOr<std::string> owner = c_.store.TestOwner(test_id);
  if (!owner.ok()) return owner.status();
  if (absl::Status s = Permit(*caller, action, *owner); !s.ok()) return s;
  return caller;
}

grpc::Status AdminServiceImpl::UploadArtifact(grpc::ServerContext* context,
                                              grpc::ServerReader<v1::ArtifactChunk>* reader,
                                              v1::UploadArtifactResponse* response) {
  RpcTimer timer(c_.metrics, "UploadArtifact");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kUploadArtifact);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<std::unique_ptr<ArtifactFiles::Upload>> upload = c_.artifacts.StartUpload();
  if (!upload.ok()) return ToGrpc(upload.status());
  v1::ArtifactChunk chunk;
  std::string expected, name;
  v1::Provenance provenance;
  bool first = true;
  while (reader->Read(&chunk)) {
    if (first) {
      expected = chunk.sha256();
      name = chunk.name();
      if (!expected.empty() && !IsSha256Hex(expected))
        return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "sha256: 64 lower-case hex digits");
      if (name.size() > 200) return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "name: at most 200 characters");
      if (absl::Status s = ValidateProvenance(chunk.provenance(), "provenance"); !s.ok()) return ToGrpc(s);
      provenance = chunk.provenance();
      first = false;
    }
    if (absl::Status s = (*upload)->Append(chunk.data()); !s.ok()) return ToGrpc(s);
  }
  if ((*upload)->size() == 0) return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "data: the upload is empty");
  const bool already = c_.artifacts.Contains(expected);
  absl::StatusOr<std::string> sha = (*upload)->Finish(expected);
  if (!sha.ok()) return ToGrpc(sha.status());
  if (absl::Status s = c_.store.RecordArtifact(*sha, (*upload)->size(), name, provenance, absl::Now(), *caller);
      !s.ok())
    return ToGrpc(s);
  response->set_sha256(*sha);
  response->set_size((*upload)->size());
  response->set_already_present(already);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::CreateTest(grpc::ServerContext* context, const v1::CreateTestRequest* request,
                                          v1::Test* response) {
  RpcTimer timer(c_.metrics, "CreateTest");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kCreateTest);
  if (!caller.ok()) return ToGrpc(caller.status());
  auto known = [this](const std::string& sha) { return c_.artifacts.Contains(sha); };
  absl::StatusOr<v1::Test> test = SubmitTest(c_.store, known, *caller, request->spec(), absl::Now());
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ListTests(grpc::ServerContext* context, const v1::ListTestsRequest* request,
                                         v1::ListTestsResponse* response) {
  RpcTimer timer(c_.metrics, "ListTests");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<std::vector<v1::Test>> tests = c_.store.ListTests(request->include_finished());
  if (!tests.ok()) return ToGrpc(tests.status());
  for (v1::Test& test : *tests) *response->add_tests() = std::move(test);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::GetTest(grpc::ServerContext* context, const v1::GetTestRequest* request,
                                       v1::Test* response) {
  RpcTimer timer(c_.metrics, "GetTest");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<v1::Test> test = c_.store.GetTest(request->test_id());
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::StopTest(grpc::ServerContext* context, const v1::StopTestRequest* request,
                                        v1::Test* response) {
  RpcTimer timer(c_.metrics, "StopTest");
  absl::StatusOr<Caller> caller = AllowedOnTest(*context, Action::kStopTest, request->test_id());
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<v1::Test> test = c_.store.StopTest(request->test_id(), absl::Now(), *caller);
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ExcludeWorker(grpc::ServerContext* context, const v1::ExcludeWorkerRequest* request,
                                             v1::Test* response) {
  RpcTimer timer(c_.metrics, "ExcludeWorker");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kExcludeWorker);
  if (!caller.ok()) return ToGrpc(caller.status());
  if (request->reason().size() > contract::kMaxExcludeReasonBytes || !IsValidText(request->reason()))
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        absl::StrCat("reason: printable text, at most ", contract::kMaxExcludeReasonBytes, " bytes"));
  const std::string reason = request->reason().empty() ? "no reason given" : request->reason();
  absl::StatusOr<v1::Test> test =
      c_.store.ExcludeWorker(request->test_id(), request->worker_id(), reason, absl::Now(), *caller);
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::WatchTest(grpc::ServerContext* context, const v1::WatchTestRequest* request,
                                         grpc::ServerWriter<v1::Test>* writer) {
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
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
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
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
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
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
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<std::vector<v1::WorkerInfo>> workers = c_.store.ListWorkers();
  if (!workers.ok()) return ToGrpc(workers.status());
  for (v1::WorkerInfo& worker : *workers) *response->add_workers() = std::move(worker);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ApproveTest(grpc::ServerContext* context, const v1::ApproveTestRequest* request,
                                           v1::Test* response) {
  RpcTimer timer(c_.metrics, "ApproveTest");
  absl::StatusOr<Caller> caller = AllowedOnTest(*context, Action::kApproveTest, request->test_id());
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<v1::Test> test = c_.store.ApproveTest(request->test_id(), absl::Now(), *caller);
  if (!test.ok()) return ToGrpc(test.status());
  *response = *std::move(test);
  c_.changes.Changed();
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::IssueToken(grpc::ServerContext* context, const v1::IssueTokenRequest* request,
                                          v1::IssueTokenResponse* response) {
  RpcTimer timer(c_.metrics, "IssueToken");
  // The password is the credential here: no bearer token is asked for.
  absl::StatusOr<AccountManager::IssuedToken> issued =
      c_.accounts.IssueToken(request->name(), request->password(), request->label(), Via(*context), absl::Now());
  if (!issued.ok()) return ToGrpc(issued.status());
  response->set_token(std::move(issued->token));
  *response->mutable_info() = std::move(issued->info);
  *response->mutable_account() = std::move(issued->account);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ListTokens(grpc::ServerContext* context, const v1::ListTokensRequest*,
                                          v1::ListTokensResponse* response) {
  RpcTimer timer(c_.metrics, "ListTokens");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<std::vector<v1::ApiToken>> tokens = c_.accounts.ListTokens(*caller);
  if (!tokens.ok()) return ToGrpc(tokens.status());
  for (v1::ApiToken& token : *tokens) *response->add_tokens() = std::move(token);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::RevokeToken(grpc::ServerContext* context, const v1::RevokeTokenRequest* request,
                                           v1::RevokeTokenResponse*) {
  RpcTimer timer(c_.metrics, "RevokeToken");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  return ToGrpc(c_.accounts.RevokeToken(*caller, request->token_id(), absl::Now()));
}

grpc::Status AdminServiceImpl::WhoAmI(grpc::ServerContext* context, const v1::WhoAmIRequest*, v1::Account* response) {
  RpcTimer timer(c_.metrics, "WhoAmI");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  response->set_id(caller->account_id);
  response->set_name(caller->name);
  response->set_role(caller->role);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::CreateAccount(grpc::ServerContext* context, const v1::CreateAccountRequest* request,
                                             v1::Account* response) {
  RpcTimer timer(c_.metrics, "CreateAccount");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kManageAccounts);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<v1::Account> account = c_.accounts.CreateAccount(*caller, *request, absl::Now());
  if (!account.ok()) return ToGrpc(account.status());
  *response = *std::move(account);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::ListAccounts(grpc::ServerContext* context, const v1::ListAccountsRequest*,
                                            v1::ListAccountsResponse* response) {
  RpcTimer timer(c_.metrics, "ListAccounts");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kRead);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<std::vector<v1::Account>> accounts = c_.accounts.ListAccounts(*caller);
  if (!accounts.ok()) return ToGrpc(accounts.status());
  for (v1::Account& account : *accounts) *response->add_accounts() = std::move(account);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::UpdateAccount(grpc::ServerContext* context, const v1::UpdateAccountRequest* request,
                                             v1::Account* response) {
  RpcTimer timer(c_.metrics, "UpdateAccount");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kManageAccounts);
  if (!caller.ok()) return ToGrpc(caller.status());
  absl::StatusOr<v1::Account> account = c_.accounts.UpdateAccount(*caller, *request, absl::Now());
  if (!account.ok()) return ToGrpc(account.status());
  *response = *std::move(account);
  return grpc::Status::OK;
}

grpc::Status AdminServiceImpl::GetAuditLog(grpc::ServerContext* context, const v1::GetAuditLogRequest* request,
                                           v1::AuditLog* response) {
  RpcTimer timer(c_.metrics, "GetAuditLog");
  absl::StatusOr<Caller> caller = Allowed(*context, Action::kReadAuditLog);
  if (!caller.ok()) return ToGrpc(caller.status());
  if (request->limit() > kMaxAuditEntries)
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, absl::StrCat("limit: at most ", kMaxAuditEntries));
  absl::StatusOr<v1::AuditLog> log = c_.store.GetAuditLog(request->limit() ? request->limit() : kDefaultAuditEntries);
  if (!log.ok()) return ToGrpc(log.status());
  *response = *std::move(log);
  return grpc::Status::OK;
}

}  // namespace judkins
