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
#include "cli/admin_client.h"
#include "cli/test_spec_options.h"
#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/contract.h"

namespace judkins {
namespace {

constexpr char kWorkerToken[] = "load-worker-token-00000001";
constexpr char kAdminToken[] = "load-admin-token-000000001";

std::unique_ptr<grpc::ClientContext> As(const char* token) { return BearerContext(token, absl::Seconds(30)); }

// What a simulated worker reports: every game of the batch a draw.
v1::BatchReport AllDraws(const v1::Batch& batch, uint64_t worker) {
  v1::BatchReport report;
  report.set_worker_id(worker);
  report.set_batch_id(batch.id());
  for (const v1::PairAssignment& pair : batch.pairs())
    for (uint32_t game = 0; game < 2; ++game) {
      v1::GameOutcome& outcome = *report.add_games();
      outcome.set_pair_index(pair.pair_index());
      outcome.set_game_in_pair(game);
      outcome.set_result(v1::GAME_RESULT_DRAW);
      outcome.set_termination(v1::TERMINATION_REPETITION);
    }
  return report;
}

struct Tally {
  absl::Mutex mutex;
  std::vector<double> latencies ABSL_GUARDED_BY(mutex);  // seconds, of every acknowledged report
};

// One simulated worker: RequestWork, then ReportBatch of that batch, again
// and again until `running` clears; every step is a callback.
class SimulatedWorker {
 public:
  SimulatedWorker(v1::WorkerService::Stub& stub, const v1::RegisterResponse& registered,
                  const std::atomic<bool>& running, Tally& tally)
      : stub_(stub), secret_(registered.worker_secret()), running_(running), tally_(tally) {
    request_.set_worker_id(registered.worker_id());
  }
  void Start() { RequestWork(); }
  bool Done() const { return done_; }

 private:
  void RequestWork() {
    if (!running_) {
      done_ = true;
      return;
    }
    context_ = AsWorker();
    work_.Clear();
    stub_.async()->RequestWork(context_.get(), &request_, &work_, [this](grpc::Status status) {
      if (!status.ok() || !work_.has_batch()) return RequestWork();
      report_ = AllDraws(work_.batch(), request_.worker_id());
      Report();
    });
  }
  void Report() {
    context_ = AsWorker();
    const absl::Time sent = absl::Now();
    stub_.async()->ReportBatch(context_.get(), &report_, &ack_, [this, sent](grpc::Status status) {
      if (status.ok() && running_) {
        const double seconds = absl::ToDoubleSeconds(absl::Now() - sent);
        absl::MutexLock lock(&tally_.mutex);
        tally_.latencies.push_back(seconds);
      }
      RequestWork();
    });
  }
  std::unique_ptr<grpc::ClientContext> AsWorker() const {
    auto context = As(kWorkerToken);
    context->AddMetadata(contract::kWorkerSecretMetadata, secret_);
    return context;
  }

  v1::WorkerService::Stub& stub_;
  const std::string secret_;
  const std::atomic<bool>& running_;
  Tally& tally_;
  std::unique_ptr<grpc::ClientContext> context_;
  v1::WorkRequest request_;
  v1::WorkResponse work_;
  v1::BatchReport report_;
  v1::ReportAck ack_;
  std::atomic<bool> done_{false};
};

struct Figures {
  double reports_per_second, p50, p99;
};

// Drives `workers` simulated workers against target for `duration`; the peer
// numbers them 1..workers and ignores their secrets.
Figures Drive(const std::string& target, int workers, absl::Duration duration,
              const std::function<v1::RegisterResponse(v1::WorkerService::Stub&)>& register_worker) {
  // A few connections, as a few hosts of workers would have.
  std::vector<std::unique_ptr<v1::WorkerService::Stub>> stubs;
  for (int c = 0; c < 8; ++c) {
    grpc::ChannelArguments arguments;
    arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    arguments.SetInt("judkins.bench.connection", c);  // distinct arguments: distinct connections
    stubs.push_back(
        v1::WorkerService::NewStub(grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), arguments)));
  }
  std::atomic<bool> running{true};
  Tally tally;
  std::vector<std::unique_ptr<SimulatedWorker>> simulated;
  for (int w = 0; w < workers; ++w) {
    v1::WorkerService::Stub& stub = *stubs[w % stubs.size()];
    simulated.push_back(std::make_unique<SimulatedWorker>(stub, register_worker(stub), running, tally));
  }
  for (auto& worker : simulated) worker->Start();
  absl::SleepFor(duration);
  running = false;
  for (auto& worker : simulated)
    while (!worker->Done()) absl::SleepFor(absl::Milliseconds(1));
  absl::MutexLock lock(&tally.mutex);
  std::vector<double>& latencies = tally.latencies;
  std::sort(latencies.begin(), latencies.end());
  auto percentile = [&](double p) { return latencies.empty() ? 0.0 : latencies[size_t(p * (latencies.size() - 1))]; };
  return {double(latencies.size()) / absl::ToDoubleSeconds(duration), 1e3 * percentile(0.5), 1e3 * percentile(0.99)};
}

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
  const Figures figures = Drive(target, workers, duration, [](v1::WorkerService::Stub& stub) {
    v1::RegisterRequest registration;
    registration.mutable_capabilities()->set_name("sim");
    registration.mutable_capabilities()->set_concurrency(1);
    registration.mutable_capabilities()->set_speed(1e6);
    v1::RegisterResponse registered;
    if (!stub.Register(As(kWorkerToken).get(), registration, &registered).ok()) std::exit(1);
    return registered;
  });
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
