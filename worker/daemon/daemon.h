// judkins-worker run: registers with the coordinator, leases batches, plays
// them with the match runner, and reports, keeping finished reports on disk
// until they are acknowledged.
#ifndef JUDKINS_WORKER_DAEMON_DAEMON_H_
#define JUDKINS_WORKER_DAEMON_DAEMON_H_

#include <map>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "worker/daemon/artifact_cache.h"
#include "worker/daemon/coordinator_client.h"
#include "worker/daemon/last_contact.h"
#include "worker/daemon/spool.h"
#include "worker/daemon/worker_identity.h"
#include "worker/daemon/worker_metrics.h"
#include "worker/match/match_runner.h"

namespace judkins {

struct DaemonOptions {
  std::string coordinator = "127.0.0.1:50051";
  std::string token;
  TlsClientFiles tls;  // empty: plain text
  std::string name;
  int concurrency = 1;
  bool affinity = false;                 // each game slot on CPUs of its own (MatchSettings::affinity)
  std::string work_dir = "worker-data";  // cache/, spool/, records/, logs/, engines/ (each engine's own), last-contact
  std::string books_dir = "books";       // <book>.sfen files (Judkins), <variant>/<book>.sfen
  std::string metrics_listen;            // empty: no endpoint
  std::string speed_engine;              // judkins-engine to run "bench" with; empty: no speed figure
  absl::Duration grace = absl::Seconds(30);
  absl::Duration heartbeat_interval = absl::Seconds(10);
};

class WorkerDaemon {
 public:
  explicit WorkerDaemon(DaemonOptions options) : options_(std::move(options)) {}
  // Works until Stop(); an error only when it cannot go on (e.g. a bad token).
  absl::Status Run();
  // Thread-safe: take no more work, finish the batch in flight within the
  // grace period (or hand back its unplayed pairs), deliver, return.
  void Stop();

 private:
  absl::Status Register();  // anew, keeping the identity in the work directory
  bool Resume();            // the kept identity, if it fits these settings
  std::string IdentityPath() const;
  enum class Delivery { kAcknowledged, kRefused, kPending };
  // Sends one report until it is acknowledged or refused (kPending: the
  // coordinator stayed away while stopping).
  Delivery Deliver(const v1::BatchReport& report);
  // Sends every spooled report, oldest first; says loudly what it cannot read.
  void DeliverSpool();
  // Spools the report, then delivers the spool.
  absl::Status SpoolAndDeliver(const v1::BatchReport& report);
  // Plays the batch and delivers its report; what cannot be played is handed
  // back in the report.
  absl::Status PlayBatch(const v1::Batch& batch);
  // On failure, `why_not` says which part could not be set up.
  absl::StatusOr<MatchSettings> SettingsFor(const v1::Batch& batch, v1::HandBackReason& why_not);
  // FailedPrecondition naming the engine when its bench signature here is not
  // the one the test declares (each artifact is benched once per run).
  absl::Status CheckBenchSignatures(const v1::TestSpec& spec, const MatchSettings& settings);
  absl::StatusOr<v1::MatchResults> PlayWithHeartbeats(const v1::Batch& batch, const MatchSettings& settings);
  // The batch's records into the report (within the contract's bound) and
  // onto the test's file here.
  void AttachRecords(const v1::Batch& batch, v1::BatchReport& report);
  std::string BatchRecordsPath(const v1::Batch& batch) const;
  // The variant's book NAME, loaded once, with at least expected_size openings.
  absl::StatusOr<const OpeningBook*> Book(const std::string& name, uint32_t expected_size, Variant variant);
  bool Sleep(absl::Duration duration);  // false when stopping

  DaemonOptions options_;
  std::unique_ptr<LastContact> last_contact_;  // declared first: the client points to it
  std::unique_ptr<CoordinatorClient> client_;
  std::unique_ptr<ArtifactCache> cache_;
  std::unique_ptr<Spool> spool_;
  WorkerMetrics metrics_;
  uint64_t worker_id_ = 0;
  v1::WorkerCapabilities capabilities_;
  std::map<std::string, OpeningBook> books_;
  std::map<std::string, uint64_t> bench_signatures_;  // by artifact SHA-256
  absl::Notification stopping_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_DAEMON_H_
