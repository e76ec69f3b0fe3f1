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
//
// --realistic: a fleet at fishtest's cadence instead (bench/fleet_cadence.h):
// each worker asks for work when its batch of about a minute ends and renews
// its lease every 60 s, and restarts (registers anew) about every 30
// batches; the fleet's join, all at once, is shown on a line of its own
// ("Register, joining"). The coordinator, and then the empty service, run in a
// process of their own beside the fleet's (this program again, --serve).
// Prints each method's p50 and p99 against the empty service's under the same
// fleet, every failed call, and whether the pairs the coordinator counted are
// exactly those of the reports it acknowledged.
//
//   build/bench/coordinator_load --realistic [seconds] [workers]   (default: 180 s, 50000 workers)
#include <grpcpp/create_channel.h>
#include <grpcpp/server_builder.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "bench/fleet_cadence.h"
#include "bench/simulated_workers.h"
#include "cli/admin_client.h"
#include "cli/test_spec_options.h"
#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/contract.h"
#include "proto/convert/results.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

// The peer: the same service with handlers that do nothing but answer.
class EmptyWorkerService final : public v1::WorkerService::Service {
  grpc::Status Register(grpc::ServerContext*, const v1::RegisterRequest*, v1::RegisterResponse* response) override {
    response->set_worker_id(++registered_);
    return grpc::Status::OK;
  }
  grpc::Status Heartbeat(grpc::ServerContext*, const v1::HeartbeatRequest*, v1::HeartbeatResponse*) override {
    return grpc::Status::OK;
  }
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
  std::atomic<uint64_t> registered_{0};
};

// A coordinator on a fresh data directory with a test that outlasts the run.
struct LoadedCoordinator {
  std::unique_ptr<CoordinatorServer> server;
  std::string target;
  ServerAddress admin;  // with the admin token's file
  uint64_t test_id = 0;
};

LoadedCoordinator StartLoadedCoordinator(const SchedulerOptions& scheduler) {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/judkins_coordinator_load";
  std::filesystem::remove_all(dir);
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.data_dir = dir;
  options.tokens = {kWorkerToken, kAdminToken};
  options.scheduler = scheduler;
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
  return {std::move(server), target, address, test->id()};
}

Figures RunCoordinator(int workers, absl::Duration duration) {
  SchedulerOptions scheduler;
  scheduler.target_batch_time = absl::Seconds(1);
  LoadedCoordinator coordinator = StartLoadedCoordinator(scheduler);
  const Figures figures = Drive(coordinator.target, workers, duration, RegisterSimulated);
  coordinator.server->Shutdown();
  return figures;
}

// The peer on a free loopback port; returns it listening.
std::unique_ptr<grpc::Server> StartEmptyService(EmptyWorkerService& service, int& port) {
  grpc::ServerBuilder builder;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(&service);
  return builder.BuildAndStart();
}

Figures RunPeer(int workers, absl::Duration duration) {
  EmptyWorkerService service;
  int port = 0;
  std::unique_ptr<grpc::Server> server = StartEmptyService(service, port);
  uint64_t next_id = 0;
  const Figures figures = Drive(absl::StrCat("127.0.0.1:", port), workers, duration, [&](v1::WorkerService::Stub&) {
    v1::RegisterResponse registered;
    registered.set_worker_id(++next_id);
    return registered;
  });
  server->Shutdown();
  return figures;
}

// The realistic mode's servers each run in a process of their own, this
// program started again with --serve: sharing the fleet's process, a server
// would share gRPC's threads with fifty thousand clients' callbacks, and its
// answers would wait on theirs (the fleet then measured itself).
constexpr absl::Duration kServerStartTimeout = absl::Seconds(60);
constexpr absl::Duration kServerStopGrace = absl::Seconds(30);

// Leases outlast a missed heartbeat; batches last about a minute.
SchedulerOptions RealisticScheduler() {
  SchedulerOptions scheduler;
  scheduler.target_batch_time = absl::Seconds(60);
  scheduler.lease = absl::Seconds(180);
  return scheduler;
}

// --serve coordinator|empty: starts the server, prints "TARGET TEST_ID
// ADMIN_TOKEN_FILE" (0 and "-" for the empty service), and serves until its
// input closes.
int Serve(const std::string& kind) {
  EmptyWorkerService empty;
  std::unique_ptr<grpc::Server> peer;
  LoadedCoordinator coordinator;
  if (kind == "coordinator") {
    coordinator = StartLoadedCoordinator(RealisticScheduler());
    std::printf("%s %llu %s\n", coordinator.target.c_str(), static_cast<unsigned long long>(coordinator.test_id),
                coordinator.admin.token_file.c_str());
  } else if (kind == "empty") {
    int port = 0;
    peer = StartEmptyService(empty, port);
    std::printf("127.0.0.1:%d 0 -\n", port);
  } else {
    std::fprintf(stderr, "--serve: coordinator or empty, not '%s'\n", kind.c_str());
    return 2;
  }
  std::fflush(stdout);
  for (std::string line; std::getline(std::cin, line);) {
  }
  if (coordinator.server) coordinator.server->Shutdown();
  if (peer) peer->Shutdown();
  return 0;
}

// A server started by Serve in a child process.
struct ServerProcess {
  std::unique_ptr<EngineProcess> process;
  std::string target;
  uint64_t test_id = 0;
  std::string admin_token_file;
};

ServerProcess StartServerProcess(const std::string& kind) {
  const std::string log =
      std::filesystem::temp_directory_path().string() + "/judkins_coordinator_load_" + kind + ".log";
  std::filesystem::remove(log);
  absl::StatusOr<std::unique_ptr<EngineProcess>> process =
      EngineProcess::Start({.argv = {std::filesystem::read_symlink("/proc/self/exe").string(), "--serve", kind},
                            .stderr_path = log,
                            .inherit_environment = true});
  absl::StatusOr<std::string> line =
      process.ok() ? (*process)->ReadLine(absl::Now() + kServerStartTimeout) : process.status();
  std::vector<std::string> fields = line.ok() ? absl::StrSplit(*line, ' ') : std::vector<std::string>();
  ServerProcess server;
  if (fields.size() != 3 || !absl::SimpleAtoi(fields[1], &server.test_id)) {
    std::fprintf(stderr, "the %s server did not start (its log: %s): %s\n", kind.c_str(), log.c_str(),
                 line.ok() ? line->c_str() : std::string(line.status().message()).c_str());
    std::exit(1);
  }
  server.process = *std::move(process);
  server.target = fields[0];
  server.admin_token_file = fields[2];
  return server;
}

// Step 1 of the realistic mode: the fleet against `target` for `duration`.
std::map<std::string, MethodTally> RunFleet(const std::string& target, int workers, absl::Duration duration,
                                            uint64_t* acknowledged_pairs) {
  Fleet fleet(WorkerStubs(target), Cadence{});
  const absl::Time joining = absl::Now();
  fleet.Join(workers);
  std::printf("  %d workers registered in %.1f s\n", workers, absl::ToDoubleSeconds(absl::Now() - joining));
  fleet.Start(absl::Now());
  absl::SleepFor(duration);
  fleet.Stop();
  if (acknowledged_pairs) *acknowledged_pairs = fleet.acknowledged_pairs();
  return fleet.Tallies();
}

double Percentile(std::vector<double> seconds, double p) {
  if (seconds.empty()) return 0;
  std::sort(seconds.begin(), seconds.end());
  return 1e3 * seconds[size_t(p * double(seconds.size() - 1))];
}

int RunRealistic(int workers, absl::Duration duration) {
  std::printf("coordinator (a process of its own), %d workers at fishtest's cadence for %.0f s:\n", workers,
              absl::ToDoubleSeconds(duration));
  ServerProcess coordinator = StartServerProcess("coordinator");
  uint64_t acknowledged = 0;
  std::map<std::string, MethodTally> ours = RunFleet(coordinator.target, workers, duration, &acknowledged);
  absl::StatusOr<AdminClient> admin =
      AdminClient::Connect({.target = coordinator.target, .token_file = coordinator.admin_token_file, .tls = {}});
  v1::GetTestRequest get;
  get.set_test_id(coordinator.test_id);
  v1::Test test;
  if (!admin.ok() || !admin->stub().GetTest(admin->Context().get(), get, &test).ok()) {
    std::fprintf(stderr, "cannot read the test back\n");
    return 1;
  }
  const uint64_t counted = PairCount(test.pentanomial());
  coordinator.process->Stop(kServerStopGrace);

  std::printf("empty gRPC service (a process of its own), the same fleet:\n");
  ServerProcess peer = StartServerProcess("empty");
  std::map<std::string, MethodTally> theirs = RunFleet(peer.target, workers, duration, nullptr);
  peer.process->Stop(kServerStopGrace);

  bool lost = false;
  for (const auto& [method, tally] : ours) {
    const MethodTally& empty = theirs[method];
    std::printf(
        "%-18s %8zu calls  p50 %7.2f ms  p99 %7.2f ms  failures %llu | empty service p50 %6.2f ms  p99 %6.2f ms  "
        "p99 ratio %.2f\n",
        method.c_str(), tally.latencies.size(), Percentile(tally.latencies, 0.5), Percentile(tally.latencies, 0.99),
        static_cast<unsigned long long>(tally.failures), Percentile(empty.latencies, 0.5),
        Percentile(empty.latencies, 0.99), Percentile(tally.latencies, 0.99) / Percentile(empty.latencies, 0.99));
    if (tally.failures > 0) {
      std::printf("  first failure: %s\n", tally.first_failure.c_str());
      lost = true;
    }
  }
  std::printf("pairs counted by the coordinator %llu, in acknowledged reports %llu: %s\n",
              static_cast<unsigned long long>(counted), static_cast<unsigned long long>(acknowledged),
              counted == acknowledged ? "nothing lost or doubled" : "MISMATCH");
  return lost || counted != acknowledged ? 1 : 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "--serve") {
    absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
    return judkins::Serve(argv[2]);
  }
  if (argc > 1 && std::string(argv[1]) == "--realistic") {
    absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
    const absl::Duration duration = absl::Seconds(argc > 2 ? std::atoi(argv[2]) : 180);
    return judkins::RunRealistic(argc > 3 ? std::atoi(argv[3]) : 50000, duration);
  }
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
