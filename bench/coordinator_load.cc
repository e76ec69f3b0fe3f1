// Load on the coordinator: simulated workers on loopback, each looping
// RequestWork then ReportBatch (every game a draw), against a real server
// with its SQLite file. Prints acknowledged reports per second and the p50
// and p99 latency of ReportBatch.
//
//   build/bench/coordinator_load [seconds] [workers...]   (default: 10 s, 100 and 1000 workers)
#include <grpcpp/create_channel.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "absl/synchronization/mutex.h"
#include "coordinator/server/coordinator_server.h"
#include "tests/support/admin_calls.h"
#include "tests/support/batch_reports.h"

namespace judkins {
namespace {

constexpr char kWorkerToken[] = "load-worker-token-00000001";
constexpr char kAdminToken[] = "load-admin-token-000000001";

std::unique_ptr<grpc::ClientContext> As(const char* token) {
  auto context = std::make_unique<grpc::ClientContext>();
  context->AddMetadata("authorization", std::string("Bearer ") + token);
  context->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  return context;
}

void Run(int workers, absl::Duration duration) {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/judkins_coordinator_load";
  std::filesystem::remove_all(dir);
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.data_dir = dir;
  options.tokens = {kWorkerToken, kAdminToken};
  options.scheduler.target_batch_time = absl::Seconds(1);
  std::unique_ptr<CoordinatorServer> server = *CoordinatorServer::Start(options);
  auto channel = grpc::CreateChannel(absl::StrCat("127.0.0.1:", server->port()), grpc::InsecureChannelCredentials());
  auto admin = v1::AdminService::NewStub(channel);

  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(testing::UploadBytes(*admin, "engine", kAdminToken), 100'000'000);
  create.mutable_spec()->mutable_time_control()->set_fischer("10+0.1");
  v1::Test test;
  if (const grpc::Status status = admin->CreateTest(As(kAdminToken).get(), create, &test); !status.ok()) {
    std::fprintf(stderr, "cannot create the test: %s\n", status.error_message().c_str());
    return;
  }

  std::atomic<bool> running{true};
  std::atomic<uint64_t> acknowledged{0};
  absl::Mutex mutex;
  std::vector<double> latencies;  // seconds, of every acknowledged report
  std::vector<std::thread> threads;
  const absl::Time start = absl::Now();
  for (int w = 0; w < workers; ++w)
    threads.emplace_back([&] {
      auto stub = v1::WorkerService::NewStub(channel);
      v1::RegisterRequest registration;
      registration.mutable_capabilities()->set_name("sim");
      registration.mutable_capabilities()->set_concurrency(1);
      registration.mutable_capabilities()->set_speed(1e6);
      v1::RegisterResponse registered;
      if (!stub->Register(As(kWorkerToken).get(), registration, &registered).ok()) return;
      std::vector<double> mine;
      while (running) {
        v1::WorkRequest request;
        request.set_worker_id(registered.worker_id());
        v1::WorkResponse work;
        if (!stub->RequestWork(As(kWorkerToken).get(), request, &work).ok() || !work.has_batch()) continue;
        const v1::BatchReport report =
            testing::ReportOf(work.batch(), registered.worker_id(), v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW);
        const absl::Time sent = absl::Now();
        v1::ReportAck ack;
        if (stub->ReportBatch(As(kWorkerToken).get(), report, &ack).ok() && absl::Now() - start < duration) {
          mine.push_back(absl::ToDoubleSeconds(absl::Now() - sent));
          ++acknowledged;
        }
      }
      absl::MutexLock lock(&mutex);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
    });
  absl::SleepFor(duration);
  running = false;
  for (std::thread& thread : threads) thread.join();
  std::sort(latencies.begin(), latencies.end());
  auto percentile = [&](double p) { return latencies.empty() ? 0.0 : latencies[size_t(p * (latencies.size() - 1))]; };
  std::printf("%5d workers: %8.0f acknowledged reports/s, ReportBatch p50 %.2f ms, p99 %.2f ms (%zu reports)\n",
              workers, double(acknowledged) / absl::ToDoubleSeconds(duration), 1e3 * percentile(0.5),
              1e3 * percentile(0.99), latencies.size());
  server->Shutdown();
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);  // as judkins-coordinator runs
  const absl::Duration duration = absl::Seconds(argc > 1 ? std::atoi(argv[1]) : 10);
  std::vector<int> workers;
  for (int i = 2; i < argc; ++i) workers.push_back(std::atoi(argv[i]));
  if (workers.empty()) workers = {100, 1000};
  for (int count : workers) judkins::Run(count, duration);
  return 0;
}
