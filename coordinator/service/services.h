// The gRPC services: WorkerService for workers, AdminService for the CLI.
// Every call is authorized first, every field validated.
#ifndef JUDKINS_COORDINATOR_SERVICE_SERVICES_H_
#define JUDKINS_COORDINATOR_SERVICE_SERVICES_H_

#include "coordinator/accounts/account_manager.h"
#include "coordinator/scheduler/scheduler.h"
#include "coordinator/service/auth.h"
#include "coordinator/service/change_feed.h"
#include "coordinator/service/metrics.h"
#include "coordinator/store/artifact_files.h"
#include "coordinator/store/store.h"
#include "judkins/v1/coordinator.grpc.pb.h"

namespace judkins {

// What the services share; owned by the server.
struct ServiceContext {
  Store& store;
  const ArtifactFiles& artifacts;
  Scheduler& scheduler;
  const Tokens& tokens;
  CoordinatorMetrics& metrics;
  ChangeFeed& changes;
  AccountManager& accounts;
};

// RequestWork and ReportBatch are callback methods (they wait on a commit);
// the others are synchronous.
class WorkerServiceImpl final : public v1::WorkerService::WithCallbackMethod_RequestWork<
                                    v1::WorkerService::WithCallbackMethod_ReportBatch<v1::WorkerService::Service>> {
 public:
  explicit WorkerServiceImpl(ServiceContext context) : c_(context) {}
  grpc::Status Register(grpc::ServerContext*, const v1::RegisterRequest*, v1::RegisterResponse*) override;
  grpc::ServerUnaryReactor* RequestWork(grpc::CallbackServerContext*, const v1::WorkRequest*,
                                        v1::WorkResponse*) override;
  grpc::Status Heartbeat(grpc::ServerContext*, const v1::HeartbeatRequest*, v1::HeartbeatResponse*) override;
  grpc::ServerUnaryReactor* ReportBatch(grpc::CallbackServerContext*, const v1::BatchReport*, v1::ReportAck*) override;
  grpc::Status FetchArtifact(grpc::ServerContext*, const v1::FetchArtifactRequest*,
                             grpc::ServerWriter<v1::ArtifactChunk>*) override;

 private:
  // The worker the call names, once its secret is checked (after Authorize).
  absl::StatusOr<Store::RegisteredWorker> Authenticate(const grpc::ServerContextBase& context, uint64_t worker_id);

  ServiceContext c_;
};

class AdminServiceImpl final : public v1::AdminService::Service {
 public:
  explicit AdminServiceImpl(ServiceContext context) : c_(context) {}
  grpc::Status UploadArtifact(grpc::ServerContext*, grpc::ServerReader<v1::ArtifactChunk>*,
                              v1::UploadArtifactResponse*) override;
  grpc::Status CreateTest(grpc::ServerContext*, const v1::CreateTestRequest*, v1::Test*) override;
  grpc::Status ListTests(grpc::ServerContext*, const v1::ListTestsRequest*, v1::ListTestsResponse*) override;
  grpc::Status GetTest(grpc::ServerContext*, const v1::GetTestRequest*, v1::Test*) override;
  grpc::Status StopTest(grpc::ServerContext*, const v1::StopTestRequest*, v1::Test*) override;
  grpc::Status WatchTest(grpc::ServerContext*, const v1::WatchTestRequest*, grpc::ServerWriter<v1::Test>*) override;
  grpc::Status ListWorkers(grpc::ServerContext*, const v1::ListWorkersRequest*, v1::ListWorkersResponse*) override;
  grpc::Status GetTune(grpc::ServerContext*, const v1::GetTuneRequest*, v1::Tune*) override;
  grpc::Status GetRecords(grpc::ServerContext*, const v1::GetRecordsRequest*,
                          grpc::ServerWriter<v1::RecordsChunk>*) override;
  grpc::Status ExcludeWorker(grpc::ServerContext*, const v1::ExcludeWorkerRequest*, v1::Test*) override;
  grpc::Status ApproveTest(grpc::ServerContext*, const v1::ApproveTestRequest*, v1::Test*) override;
  grpc::Status IssueToken(grpc::ServerContext*, const v1::IssueTokenRequest*, v1::IssueTokenResponse*) override;
  grpc::Status ListTokens(grpc::ServerContext*, const v1::ListTokensRequest*, v1::ListTokensResponse*) override;
  grpc::Status RevokeToken(grpc::ServerContext*, const v1::RevokeTokenRequest*, v1::RevokeTokenResponse*) override;
  grpc::Status WhoAmI(grpc::ServerContext*, const v1::WhoAmIRequest*, v1::Account*) override;
  grpc::Status CreateAccount(grpc::ServerContext*, const v1::CreateAccountRequest*, v1::Account*) override;
  grpc::Status ListAccounts(grpc::ServerContext*, const v1::ListAccountsRequest*, v1::ListAccountsResponse*) override;
  grpc::Status UpdateAccount(grpc::ServerContext*, const v1::UpdateAccountRequest*, v1::Account*) override;
  grpc::Status GetAuditLog(grpc::ServerContext*, const v1::GetAuditLogRequest*, v1::AuditLog*) override;

 private:
  // The caller, once its bearer token is known and `action` is permitted to
  // it (on a test owned by `owner`).
  absl::StatusOr<Caller> Allowed(const grpc::ServerContext& context, Action action, absl::string_view owner = "");
  // The same for an action on one test, whose owner is looked up.
  absl::StatusOr<Caller> AllowedOnTest(const grpc::ServerContext& context, Action action, uint64_t test_id);

  ServiceContext c_;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_SERVICES_H_
