// judkins-coordinator: schedules game pairs to workers, counts their results,
// runs the SPRT, persists everything, serves metrics. `--help` lists the
// options; `--config FILE` reads them from a TOML or INI file.
#include <signal.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "common/command_line.h"
#include "common/log.h"
#include "common/token.h"
#include "coordinator/server/coordinator_server.h"

namespace {

constexpr char kProgram[] = "judkins-coordinator";
constexpr int kMaxSeconds = 86400;
constexpr char kDefaultMetricsListen[] = "127.0.0.1:9464";
constexpr char kDefaultHttpListen[] = "127.0.0.1:8080";

}  // namespace

int main(int argc, char** argv) {
  // Step 1. The command line.
  CLI::App app(
      "Schedules game pairs to workers, counts their results, runs the SPRT and SPSA, keeps everything "
      "in SQLite under --data-dir, and serves Prometheus metrics.",
      kProgram);
  judkins::SetUpCommandLine(app);
  judkins::AddConfigFile(app);
  judkins::CoordinatorOptions options;
  options.metrics_listen = kDefaultMetricsListen;
  options.http_listen = kDefaultHttpListen;
  std::string worker_token_file, admin_token_file, port_file;
  int lease_seconds = int(absl::ToInt64Seconds(options.scheduler.lease));
  int batch_seconds = int(absl::ToInt64Seconds(options.scheduler.target_batch_time));
  app.add_option("--listen", options.listen, "gRPC address to listen on (port 0: any free port)");
  app.add_option("--data-dir", options.data_dir, "where the database and the artifacts live");
  app.add_flag("--new-store", options.new_store,
               "start an empty store even where --data-dir held one (its database missing or empty)");
  app.add_option("--metrics-listen", options.metrics_listen, "Prometheus /metrics address; empty to disable");
  app.add_option("--http-listen", options.http_listen,
                 "web pages and HTTP API address (/, /api/v1; port 0: any free port); empty to disable")
      ->capture_default_str();
  app.add_flag("--http-require-login", options.http_require_login,
               "the pages and the API answer only after the admin logged in (else reads are public)");
  app.add_option("--worker-token-file", worker_token_file,
                 "file with the worker token (default: $JUDKINS_WORKER_TOKEN)");
  app.add_option("--admin-token-file", admin_token_file, "file with the admin token (default: $JUDKINS_ADMIN_TOKEN)");
  app.add_option("--tls-cert", options.tls_cert_file, "PEM certificate: serve TLS (with --tls-key)");
  app.add_option("--tls-key", options.tls_key_file, "PEM private key of --tls-cert");
  app.add_option("--tls-client-ca", options.tls_client_ca_file, "PEM CA: require client certificates signed by it");
  app.add_option("--lease-seconds", lease_seconds, "lease of a batch, renewed by heartbeats")
      ->check(CLI::Range(1, kMaxSeconds));
  app.add_option("--batch-seconds", batch_seconds, "about how long a batch should take a worker")
      ->check(CLI::Range(1, kMaxSeconds));
  app.add_option("--max-artifact-bytes", options.max_artifact_bytes, "the largest engine upload accepted")
      ->check(CLI::PositiveNumber);
  app.add_option("--port-file", port_file,
                 "once listening, write \"GRPC_PORT METRICS_PORT HTTP_PORT\" here (for scripts)");
  if (std::optional<int> exit =
          judkins::ParseCommandLine(app, std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr))
    return *exit;
  options.scheduler.lease = absl::Seconds(lease_seconds);
  options.scheduler.target_batch_time = absl::Seconds(batch_seconds);
  absl::StatusOr<std::string> worker = judkins::LoadToken(worker_token_file, "JUDKINS_WORKER_TOKEN");
  absl::StatusOr<std::string> admin = judkins::LoadToken(admin_token_file, "JUDKINS_ADMIN_TOKEN");
  for (const absl::Status& status : {worker.status(), admin.status()})
    if (!status.ok()) return judkins::Fail(std::cerr, kProgram, status.message(), judkins::kExitUsage);
  options.tokens = {*worker, *admin};

  // Step 2. Start serving, with SIGINT and SIGTERM kept for the main thread.
  // Debian's Abseil checks every Mutex acquisition for lock-order cycles, a
  // few percent of the server's CPU; the tests keep the check on.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // the server's threads inherit this
  absl::StatusOr<std::unique_ptr<judkins::CoordinatorServer>> server = judkins::CoordinatorServer::Start(options);
  if (!server.ok()) return judkins::Fail(std::cerr, kProgram, server.status().message());
  judkins::Log(kProgram,
               absl::StrCat("listening on port ", (*server)->port(), ", metrics on port ", (*server)->metrics_port(),
                            ", HTTP API on port ", (*server)->http_port(), ", data in ", options.data_dir));
  if (!port_file.empty()) {
    std::ofstream(port_file + ".tmp") << (*server)->port() << " " << (*server)->metrics_port() << " "
                                      << (*server)->http_port() << "\n";
    std::rename((port_file + ".tmp").c_str(), port_file.c_str());
  }

  // Step 3. Serve until told to stop, then shut down cleanly.
  int signal = 0;
  sigwait(&signals, &signal);
  judkins::Log(kProgram, "shutting down");
  (*server)->Shutdown();
  return judkins::kExitOk;
}
