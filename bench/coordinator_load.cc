// Load on the coordinator: simulated workers on loopback, each looping
// RequestWork then ReportBatch (every game a draw), against a real server
// with its SQLite file, durable acknowledgements included. The workers are
// state machines on gRPC's callback API, so a thousand of them cost a few
// threads, not a thousand. Prints acknowledged reports per second and the
// p50 and p99 latency of ReportBatch, and the same for the peer: a gRPC
// server on the same port setup whose handlers do nothing, driven by the
// same workers in the same run (the ceiling gRPC itself sets here).
//
//   build/bench/coordinator_load [seconds] [workers...]   (default: 10 s, 100 and 1000 workers)
#include <grpcpp/create_channel.h>
#include <grpcpp/server_builder.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "bench/simulated_workers.h"
#include "cli/admin_client.h"
#include "cli/test_spec_options.h"
#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/contract.h"

namespace judkins {
namespace {

// The peer: the same service with handlers that do nothing but answer.
class EmptyWorkerService final : public v1::WorkerService::Service {
  grpc::Status RequestWork(grpc::ServerContext*, const v1::WorkRequest* request, v1::WorkResponse* response) override {
    v1::Batch& batch = *response->mutable_batch();
    batch.set_id(request->worker_id());
    v1::PairAssignment& pair = *batch.add_pairs();
    pair.set_pair_index(0);
    return grpc::Status::OK;
  }
  grpc::Status ReportBatch(grpc::ServerContext*, const v1::BatchReport*, v1::ReportAck* ack) override {
    ack->set_counted(true);
    return grpc::Status::OK;
  }
};

Figures RunCoordinator(int workers, absl::Duration duration) {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/judkins_coordinator_load";
  std::filesystem::remove_all(dir);
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.data_dir = dir;
  options.tokens = {kWorkerToken, kAdminToken};
  options.scheduler.target_batch_time = absl::Seconds(1);
  std::unique_ptr<CoordinatorServer> server = *CoordinatorServer::Start(options);
  const std::string target = absl::StrCat("127.0.0.1:", server->port());
  // A test that outlasts the run, created as `judkins test create` would.
  std::ofstream(dir + "/admin.token") << kAdminToken << "\n";
  std::ofstream(dir + "/engine") << "engine";
  ServerAddress address;
  address.target = target;
  address.token_file = dir + "/admin.token";
  absl::StatusOr<AdminClient> admin = AdminClient::Connect(address);
  absl::StatusOr<std::string> sha256 = admin.ok() ? admin->UploadFile(dir + "/engine") : admin.status();
  absl::StatusOr<v1::TestSpec> spec =
      ParseTestSpec({"--dev", "sha=" + sha256.value_or(""), "--base", "sha=" + sha256.value_or(""), "--tc", "10+0.1",
                     "--pairs", "100000000"});
  absl::StatusOr<v1::Test> test = spec.ok() ? admin->CreateTest(*spec) : spec.status();
  if (!test.ok()) {
    std::fprintf(stderr, "cannot create the test: %s\n", std::string(test.status().message()).c_str());
    std::exit(1);
  }
  const Figures figures = Drive(target, workers, duration, RegisterSimulated);
  server->Shutdown();
  return figures;
}

Figures RunPeer(int workers, absl::Duration duration) {
  EmptyWorkerService service;
  int port = 0;
  grpc::ServerBuilder builder;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  uint64_t next_id = 0;
  const Figures figures = Drive(absl::StrCat("127.0.0.1:", port), workers, duration, [&](v1::WorkerService::Stub&) {
    v1::RegisterResponse registered;
    registered.set_worker_id(++next_id);
    return registered;
  });
  server->Shutdown();
  return figures;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);  // as judkins-coordinator runs
  const absl::Duration duration = absl::Seconds(argc > 1 ? std::atoi(argv[1]) : 10);
  std::vector<int> workers;
  for (int i = 2; i < argc; ++i) workers.push_back(std::atoi(argv[i]));
  if (workers.empty()) workers = {100, 1000};
  for (int count : workers) {
    const judkins::Figures ours = judkins::RunCoordinator(count, duration);
    const judkins::Figures peer = judkins::RunPeer(count, duration);
    std::printf(
        "%5d workers: coordinator %7.0f reports/s (p50 %.2f ms, p99 %.2f ms); empty gRPC service %7.0f/s "
        "(p50 %.2f ms, p99 %.2f ms); ratio %.2f\n",
        count, ours.reports_per_second, ours.p50, ours.p99, peer.reports_per_second, peer.p50, peer.p99,
        ours.reports_per_second / peer.reports_per_second);
  }
  return 0;
}
