#include "coordinator/server/coordinator_server.h"

#include <pthread.h>

#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include <fstream>
#include <map>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/log.h"
#include "common/read_file.h"
#include "common/thread_priority.h"
#include "proto/contract.h"

namespace judkins {
namespace {

// How long an ended test's gauges are still refreshed: long enough for a
// scrape to see how it ended.
constexpr absl::Duration kEndedTestShownFor = absl::Seconds(10);
// How often the per-worker gauges (residual, outlier, excluded) are set: they
// take a read of every worker's results in every running test, 50,000 rows
// for a test a whole fleet plays, so not every second; a Prometheus scrape
// interval is often enough.
constexpr absl::Duration kWorkerGaugesInterval = absl::Seconds(15);

absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> Credentials(const CoordinatorOptions& options) {
  // A TLS flag without the others is a mistake to report, never plain text
  // served in its place.
  if (options.tls_cert_file.empty() != options.tls_key_file.empty())
    return absl::InvalidArgumentError("--tls-cert and --tls-key: give both (the certificate and its key) or neither");
  if (options.tls_cert_file.empty()) {
    if (!options.tls_client_ca_file.empty())
      return absl::InvalidArgumentError(
          "--tls-client-ca: client certificates need TLS: give --tls-cert and --tls-key too");
    return grpc::InsecureServerCredentials();
  }
  absl::StatusOr<std::string> cert = ReadFile(options.tls_cert_file), key = ReadFile(options.tls_key_file);
  if (!cert.ok()) return absl::InvalidArgumentError(absl::StrCat("--tls-cert: ", cert.status().message()));
  if (!key.ok()) return absl::InvalidArgumentError(absl::StrCat("--tls-key: ", key.status().message()));
  grpc::SslServerCredentialsOptions ssl;
  ssl.pem_key_cert_pairs.push_back({*key, *cert});
  if (!options.tls_client_ca_file.empty()) {
    absl::StatusOr<std::string> ca = ReadFile(options.tls_client_ca_file);
    if (!ca.ok()) return absl::InvalidArgumentError(absl::StrCat("--tls-client-ca: ", ca.status().message()));
    ssl.pem_root_certs = *ca;
    ssl.client_certificate_request = GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
  }
  return grpc::SslServerCredentials(ssl);
}

}  // namespace

bool IsLoopbackAddress(absl::string_view listen) {
  const size_t colon = listen.rfind(':');
  absl::string_view host = listen.substr(0, colon == absl::string_view::npos ? listen.size() : colon);
  if (absl::ConsumePrefix(&host, "[")) absl::ConsumeSuffix(&host, "]");
  return absl::StartsWith(host, "127.") || host == "::1" || host == "localhost";
}

CoordinatorServer::CoordinatorServer(Passkey, const CoordinatorOptions& options, DataDirectory data,
                                     std::unique_ptr<Store> store, ArtifactFiles artifacts)
    : options_(options),
      data_(std::move(data)),
      store_(std::move(store)),
      artifacts_(std::move(artifacts)),
      scheduler_(*store_, options.scheduler),
      accounts_(*store_, hasher_, options_.tokens.admin, options_.tokens.worker),
      worker_service_({*store_, artifacts_, scheduler_, options_.tokens, metrics_, changes_, accounts_}),
      admin_service_({*store_, artifacts_, scheduler_, options_.tokens, metrics_, changes_, accounts_}) {}

absl::StatusOr<std::unique_ptr<CoordinatorServer>> CoordinatorServer::Start(const CoordinatorOptions& options) {
  if (options.tokens.worker.empty() || options.tokens.admin.empty())
    return absl::InvalidArgumentError("both a worker and an admin token are needed");
  if (options.tokens.worker == options.tokens.admin)
    return absl::InvalidArgumentError("the worker and admin tokens must differ");
  absl::StatusOr<std::shared_ptr<grpc::ServerCredentials>> credentials = Credentials(options);
  if (!credentials.ok()) return credentials.status();
  absl::StatusOr<DataDirectory> data = DataDirectory::Open(options.data_dir, options.new_store);
  if (!data.ok()) return data.status();
  absl::StatusOr<std::unique_ptr<Store>> store = Store::Open(data->database_path());
  if (!store.ok()) return store.status();
  absl::StatusOr<ArtifactFiles> artifacts = ArtifactFiles::Open(data->artifacts_path(), options.max_artifact_bytes);
  if (!artifacts.ok()) return artifacts.status();

  auto server = std::make_unique<CoordinatorServer>(Passkey(), options, *std::move(data), *std::move(store),
                                                    *std::move(artifacts));
  // The standard health service (grpc.health.v1), gRPC's own: the server
  // exists only once the store is open and migrated, so it starts SERVING;
  // Shutdown turns it NOT_SERVING before anything else stops.
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  builder.AddListeningPort(options.listen, *credentials, &server->port_);
  builder.RegisterService(&server->worker_service_);
  builder.RegisterService(&server->admin_service_);
  builder.SetMaxReceiveMessageSize(80 << 20);
  // Workers' keepalive pings (common/channel.cc) are welcome, even between calls.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, contract::kMinPingIntervalMs);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  // Synchronous handlers (Heartbeat, Register, the admin calls) block while
  // their write is committed; with gRPC's default of one idle poller, new
  // calls would wait for a thread to be made. Keep some ready.
  builder.SetSyncServerOption(grpc::ServerBuilder::SyncServerOption::MIN_POLLERS, 16);
  builder.SetSyncServerOption(grpc::ServerBuilder::SyncServerOption::MAX_POLLERS, 64);
  server->server_ = builder.BuildAndStart();
  if (!server->server_ || server->port_ == 0)
    return absl::UnavailableError(absl::StrCat("cannot listen on ", options.listen));
  for (const char* service : {v1::WorkerService::service_full_name(), v1::AdminService::service_full_name()})
    server->server_->GetHealthCheckService()->SetServingStatus(service, true);
  if (!options.metrics_listen.empty()) {
    try {
      server->exposer_ = std::make_unique<prometheus::Exposer>(options.metrics_listen);
    } catch (const std::exception& error) {
      server->Shutdown();
      return absl::UnavailableError(
          absl::StrCat("cannot serve metrics on ", options.metrics_listen, ": ", error.what()));
    }
    server->exposer_->RegisterCollectable(server->metrics_.registry());
    server->metrics_.process()->WatchDataDirectory(options.data_dir);
    server->exposer_->RegisterCollectable(server->metrics_.process());
  }
  if (!options.http_listen.empty()) {
    absl::StatusOr<std::unique_ptr<HttpServer>> http =
        HttpServer::Start({.listen = options.http_listen,
                           .admin_token = options.tokens.admin,
                           .require_login = options.http_require_login},
                          *server->store_, server->changes_, server->accounts_);
    if (!http.ok()) {
      server->Shutdown();
      return http.status();
    }
    server->http_ = *std::move(http);
  }
  server->expiry_thread_ = std::thread([raw = server.get()] { raw->ExpireLeasesLoop(); });
  server->gauge_thread_ = std::thread([raw = server.get()] { raw->RefreshGaugesLoop(); });
  if (options.tls_cert_file.empty() && !IsLoopbackAddress(options.listen))
    Log("judkins-coordinator", absl::StrCat("WARNING: serving plain text on ", options.listen,
                                            ": tokens cross the network readable; give --tls-cert and --tls-key"));
  return server;
}

void CoordinatorServer::ExpireLeasesLoop() {
  while (!stopping_.WaitForNotificationWithTimeout(options_.expiry_interval)) {
    // A failure here leaves leases unexpired and pairs held back: never quiet.
    if (absl::StatusOr<int> expired = store_->ExpireLeases(absl::Now()); !expired.ok()) {
      Log("judkins-coordinator", absl::StrCat("ERROR: lease expiry failed: ", expired.status().message()));
    } else if (*expired > 0) {
      metrics_.CountBatches("expired", *expired);
      changes_.Changed();
    }
  }
}

void CoordinatorServer::RefreshGaugesLoop() {
  // A big fleet's per-worker gauges take a read of tens of thousands of rows
  // and their statistics: CPU the handlers and the committer come first for.
  pthread_setname_np(pthread_self(), "judkins-gauges");  // for top -H and perf
  YieldCpuToRequests();
  while (!stopping_.WaitForNotificationWithTimeout(options_.gauge_interval)) RefreshGauges();
}

void CoordinatorServer::RefreshGauges() {
  // Every query here is bounded by the live tests, not by the history or the
  // fleet: counts are taken in SQL, and only tests still moving are loaded.
  const absl::Time now = absl::Now();
  if (absl::StatusOr<std::map<v1::TestState, int>> by_state = store_->CountTestsByState(); by_state.ok())
    metrics_.SetTestsByState(*by_state);
  else
    Log("judkins-coordinator", absl::StrCat("ERROR: metrics: ", by_state.status().message()));
  // A test's gauges are set once more just after it ends, so they show how it ended.
  const absl::Time ended_since = now - kEndedTestShownFor;
  const bool with_workers = now - worker_gauges_set_ >= kWorkerGaugesInterval;
  absl::StatusOr<std::vector<v1::Test>> tests =
      store_->ListLiveTests(ended_since, with_workers ? TestDetail::kFull : TestDetail::kWithoutWorkers);
  if (!tests.ok()) Log("judkins-coordinator", absl::StrCat("ERROR: metrics: ", tests.status().message()));
  if (tests.ok()) {
    if (with_workers) worker_gauges_set_ = now;
    for (const v1::Test& test : *tests) {
      if (!test.damaged().empty()) continue;  // nothing of it can be read
      if (with_workers && test.state() == v1::TEST_STATE_RUNNING) metrics_.SetWorkerResults(test);
      metrics_.SetTestProgress(test);
      if (test.spec().has_spsa())
        if (absl::StatusOr<v1::Tune> tune = store_->GetTune(test.id(), 1); tune.ok()) metrics_.SetTune(*tune);
    }
  }
  const WalCheckpointer::Tally checkpoints = store_->CheckpointTally();
  if (const uint64_t failed = metrics_.SetCheckpoints(checkpoints); failed > 0)
    Log("judkins-coordinator",
        absl::StrCat("ERROR: ", failed, " checkpoint(s) failed, the last: ", checkpoints.last_error.message()));
  if (absl::StatusOr<Store::ConnectedWorkers> connected = store_->CountConnectedWorkers(now - options_.scheduler.lease);
      connected.ok())
    metrics_.SetWorkersConnected(connected->workers, connected->cores);
  else
    Log("judkins-coordinator", absl::StrCat("ERROR: metrics: ", connected.status().message()));
}

void CoordinatorServer::Shutdown() {
  if (shut_down_) return;
  shut_down_ = true;
  if (!stopping_.HasBeenNotified()) stopping_.Notify();
  if (server_) server_->GetHealthCheckService()->Shutdown();  // NOT_SERVING from now on
  if (http_) http_->Stop();                                   // its event streams first: they wait on the change feed
  if (server_) server_->Shutdown(absl::ToChronoTime(absl::Now() + absl::Seconds(5)));
  if (expiry_thread_.joinable()) expiry_thread_.join();
  if (gauge_thread_.joinable()) gauge_thread_.join();
}

CoordinatorServer::~CoordinatorServer() {
  Shutdown();
  // The store's committer thread may still be finishing the last writes'
  // callbacks, which touch the metrics and the change feed: it stops first,
  // while they still exist (members are destroyed after this body).
  store_.reset();
}

}  // namespace judkins
