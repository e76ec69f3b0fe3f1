// The coordinator as one object: store, artifacts, scheduler, gRPC services,
// metrics endpoint, and the thread that expires missed leases.
#ifndef JUDKINS_COORDINATOR_SERVER_COORDINATOR_SERVER_H_
#define JUDKINS_COORDINATOR_SERVER_COORDINATOR_SERVER_H_

#include <grpcpp/server.h>
#include <prometheus/exposer.h>

#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "coordinator/http/http_server.h"
#include "coordinator/server/data_directory.h"
#include "coordinator/service/services.h"

namespace judkins {

// Whether HOST:PORT names only this machine (127.0.0.0/8, [::1], localhost):
// anywhere else, plain text shows tokens to the network.
bool IsLoopbackAddress(absl::string_view listen);

struct CoordinatorOptions {
  std::string listen = "127.0.0.1:50051";  // port 0: any free port (see port())
  std::string data_dir = "coordinator-data";
  // Start a new, empty store where one was expected (DataDirectory::Open).
  bool new_store = false;
  std::string metrics_listen;       // "127.0.0.1:9464"; empty: no metrics endpoint
  std::string http_listen;          // the web pages and API, "127.0.0.1:8080"; empty: none
  bool http_require_login = false;  // reads too need the admin's login
  Tokens tokens;
  std::string tls_cert_file, tls_key_file;  // both: serve TLS
  std::string tls_client_ca_file;           // also: require client certificates
  SchedulerOptions scheduler;
  absl::Duration expiry_interval = absl::Seconds(1);
  absl::Duration gauge_interval = absl::Seconds(1);  // how often the metrics' gauges are read from the store
  uint64_t max_artifact_bytes = ArtifactFiles::kDefaultMaxBytes;
};

class CoordinatorServer {
 public:
  static absl::StatusOr<std::unique_ptr<CoordinatorServer>> Start(const CoordinatorOptions& options);
  ~CoordinatorServer();
  int port() const { return port_; }
  int http_port() const { return http_ ? http_->port() : 0; }
  int metrics_port() const {
    return exposer_ && !exposer_->GetListeningPorts().empty() ? exposer_->GetListeningPorts()[0] : 0;
  }
  // Stops taking calls, finishes those in flight, stops the threads.
  void Shutdown();
  void Wait() { server_->Wait(); }

  struct Passkey {
    explicit Passkey() = default;
  };
  CoordinatorServer(Passkey, const CoordinatorOptions& options, DataDirectory data, std::unique_ptr<Store> store,
                    ArtifactFiles artifacts);

 private:
  void ExpireLeasesLoop();
  // Sets the gauges every gauge_interval, at a priority below the requests'.
  void RefreshGaugesLoop();
  // The gauges of tests, tunes and workers, set from the store.
  void RefreshGauges();

  CoordinatorOptions options_;
  DataDirectory data_;  // held for the server's life: no second coordinator on it
  std::unique_ptr<Store> store_;
  ArtifactFiles artifacts_;
  Scheduler scheduler_;
  CoordinatorMetrics metrics_;
  ChangeFeed changes_;
  PasswordHasher hasher_;
  AccountManager accounts_;
  WorkerServiceImpl worker_service_;
  AdminServiceImpl admin_service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<prometheus::Exposer> exposer_;
  std::unique_ptr<HttpServer> http_;
  int port_ = 0;
  absl::Notification stopping_;
  std::thread expiry_thread_;
  std::thread gauge_thread_;
  absl::Time worker_gauges_set_ = absl::InfinitePast();  // by RefreshGauges, on the gauge thread only
  bool shut_down_ = false;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVER_COORDINATOR_SERVER_H_
