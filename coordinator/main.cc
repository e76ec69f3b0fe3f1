// judkins-coordinator: schedules game pairs to workers, counts their results,
// runs the SPRT, persists everything, serves metrics.
#include <signal.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "common/log.h"
#include "common/token.h"
#include "common/token.h"
#include "coordinator/server/coordinator_server.h"

ABSL_FLAG(std::string, listen, "127.0.0.1:50051", "gRPC address to listen on (port 0: any free port)");
ABSL_FLAG(std::string, data_dir, "coordinator-data", "where the database and the artifacts live");
ABSL_FLAG(std::string, metrics_listen, "127.0.0.1:9464", "Prometheus /metrics address; empty to disable");
ABSL_FLAG(std::string, worker_token_file, "", "file with the worker token (default: $JUDKINS_WORKER_TOKEN)");
ABSL_FLAG(std::string, admin_token_file, "", "file with the admin token (default: $JUDKINS_ADMIN_TOKEN)");
ABSL_FLAG(std::string, tls_cert, "", "PEM certificate: serve TLS (with --tls_key)");
ABSL_FLAG(std::string, tls_key, "", "PEM private key");
ABSL_FLAG(std::string, tls_client_ca, "", "PEM CA: require client certificates signed by it");
ABSL_FLAG(int, lease_seconds, 60, "lease of a batch, renewed by heartbeats");
ABSL_FLAG(int, batch_seconds, 120, "about how long a batch should take a worker");
ABSL_FLAG(std::string, port_file, "", "once listening, write \"GRPC_PORT METRICS_PORT\" here (for scripts)");

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("judkins-coordinator --data_dir DIR [--listen HOST:PORT] [--metrics_listen HOST:PORT]");
  absl::ParseCommandLine(argc, argv);
  // Debian's Abseil checks every Mutex acquisition for lock-order cycles, a
  // few percent of the server's CPU; the tests keep the check on.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  judkins::CoordinatorOptions options;
  options.listen = absl::GetFlag(FLAGS_listen);
  options.data_dir = absl::GetFlag(FLAGS_data_dir);
  options.metrics_listen = absl::GetFlag(FLAGS_metrics_listen);
  options.tls_cert_file = absl::GetFlag(FLAGS_tls_cert);
  options.tls_key_file = absl::GetFlag(FLAGS_tls_key);
  options.tls_client_ca_file = absl::GetFlag(FLAGS_tls_client_ca);
  const int lease = absl::GetFlag(FLAGS_lease_seconds), batch = absl::GetFlag(FLAGS_batch_seconds);
  if (lease < 1 || lease > 86400 || batch < 1 || batch > 86400) {
    std::cerr << "judkins-coordinator: --lease_seconds and --batch_seconds must be 1 to 86400\n";
    return 2;
  }
  options.scheduler.lease = absl::Seconds(lease);
  options.scheduler.target_batch_time = absl::Seconds(batch);
  absl::StatusOr<std::string> worker = judkins::LoadToken(absl::GetFlag(FLAGS_worker_token_file), "JUDKINS_WORKER_TOKEN");
  absl::StatusOr<std::string> admin = judkins::LoadToken(absl::GetFlag(FLAGS_admin_token_file), "JUDKINS_ADMIN_TOKEN");
  for (const absl::Status& status : {worker.status(), admin.status()})
    if (!status.ok()) {
      std::cerr << "judkins-coordinator: " << status.message() << "\n";
      return 2;
    }
  options.tokens = {*worker, *admin};

  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // the server's threads inherit this
  absl::StatusOr<std::unique_ptr<judkins::CoordinatorServer>> server = judkins::CoordinatorServer::Start(options);
  if (!server.ok()) {
    std::cerr << "judkins-coordinator: " << server.status().message() << "\n";
    return 1;
  }
  judkins::Log("judkins-coordinator", absl::StrCat("listening on port ", (*server)->port(), ", metrics on port ",
                                                  (*server)->metrics_port(), ", data in ", options.data_dir));
  if (const std::string port_file = absl::GetFlag(FLAGS_port_file); !port_file.empty()) {
    std::ofstream(port_file + ".tmp") << (*server)->port() << " " << (*server)->metrics_port() << "\n";
    std::rename((port_file + ".tmp").c_str(), port_file.c_str());
  }
  int signal = 0;
  sigwait(&signals, &signal);
  judkins::Log("judkins-coordinator", "shutting down");
  (*server)->Shutdown();
  return 0;
}
