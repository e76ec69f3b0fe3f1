#include "worker/daemon/daemon.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include <prometheus/exposer.h>

#include "absl/random/random.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/log.h"
#include "common/read_file.h"
#include "common/valid_text.h"
#include "proto/contract.h"
#include "proto/convert/results.h"
#include "proto/convert/test_variant.h"
#include "proto/convert/time_control.h"
#include "worker/daemon/bench_signature.h"
#include "worker/daemon/bundle.h"
#include "worker/daemon/time_control_scale.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

// An engine's directory and log are named by the start of its SHA-256.
constexpr size_t kShortShaLength = 12;

void Log(absl::string_view line) { judkins::Log("judkins-worker", line); }

// Exponential backoff with jitter, so workers cut off together do not all
// come back at the same instant.
absl::Duration Backoff(int attempt) {
  const absl::Duration base = std::min(absl::Seconds(30), absl::Milliseconds(250) * (1 << std::min(attempt, 7)));
  return base * absl::Uniform(absl::BitGen(), 0.5, 1.5);
}

bool Transient(const absl::Status& status) {
  return absl::IsUnavailable(status) || absl::IsDeadlineExceeded(status) || absl::IsInternal(status) ||
         absl::IsAborted(status) || absl::IsResourceExhausted(status) || absl::IsUnknown(status);
}

// judkins-engine's bench speed, the figure the scheduler sizes batches with.
double MeasureSpeed(const std::string& engine) {
  if (engine.empty()) return 0;
  absl::StatusOr<std::string> output = RunBench({.argv = {engine, "bench", "6"}}, absl::Minutes(2));
  if (!output.ok()) return 0;
  for (absl::string_view line : absl::StrSplit(*output, '\n')) {
    double speed = 0;
    if (absl::ConsumePrefix(&line, "Nodes/second: ") && absl::SimpleAtod(line, &speed)) return speed;
  }
  return 0;
}

}  // namespace

void WorkerDaemon::Stop() {
  if (!stopping_.HasBeenNotified()) stopping_.Notify();
}

bool WorkerDaemon::Sleep(absl::Duration duration) { return !stopping_.WaitForNotificationWithTimeout(duration); }

absl::Status WorkerDaemon::Register() {
  for (int attempt = 0; !stopping_.HasBeenNotified(); ++attempt) {
    absl::StatusOr<v1::RegisterResponse> registered = client_->Register(capabilities_);
    if (registered.ok()) {
      worker_id_ = registered->worker_id();
      Log(absl::StrCat("registered with ", options_.coordinator, " as worker ", worker_id_));
      const WorkerIdentity identity{options_.coordinator, capabilities_.name(), capabilities_.concurrency(), worker_id_,
                                    registered->worker_secret()};
      if (absl::Status s = SaveWorkerIdentity(IdentityPath(), identity); !s.ok())
        Log(absl::StrCat("cannot keep this worker's identity (a restart registers anew): ", s.message()));
      return absl::OkStatus();
    }
    if (!Transient(registered.status())) return registered.status();  // a wrong token will not get better
    Log(absl::StrCat("cannot reach the coordinator (", registered.status().message(), "); retrying"));
    Sleep(Backoff(attempt));
  }
  return absl::CancelledError("stopped");
}

bool WorkerDaemon::Resume() {
  absl::StatusOr<std::optional<WorkerIdentity>> identity = LoadWorkerIdentity(IdentityPath());
  if (!identity.ok()) {
    Log(absl::StrCat("registering anew: ", identity.status().message()));
    return false;
  }
  if (!identity->has_value() ||
      !(*identity)->Fits(options_.coordinator, capabilities_.name(), capabilities_.concurrency()))
    return false;
  worker_id_ = (*identity)->worker_id;
  client_->PresentSecret((*identity)->secret);
  Log(absl::StrCat("resuming as worker ", worker_id_, " of ", options_.coordinator));
  return true;
}

std::string WorkerDaemon::IdentityPath() const { return options_.work_dir + "/identity"; }

WorkerDaemon::Delivery WorkerDaemon::Deliver(const v1::BatchReport& report) {
  for (int attempt = 0;; ++attempt) {
    absl::StatusOr<v1::ReportAck> ack = client_->ReportBatch(report);
    if (ack.ok()) {
      metrics_.MarkReportDelivered();
      return Delivery::kAcknowledged;
    }
    if (!Transient(ack.status())) {
      Log(absl::StrCat("report of batch ", report.batch_id(), " refused: ", ack.status().message()));
      return Delivery::kRefused;
    }
    if (attempt == 0) Log(absl::StrCat("coordinator unavailable; report of batch ", report.batch_id(), " waits"));
    // While stopping, give up after a few tries.
    if (stopping_.HasBeenNotified() && attempt >= 3) return Delivery::kPending;
    absl::SleepFor(Backoff(attempt));
  }
}

void WorkerDaemon::DeliverSpool() {
  Spool::Contents pending = spool_->Pending();
  for (const std::string& path : pending.set_aside) {
    // Its pairs will be leased again when the lease expires, but a report
    // that cannot be read is a bug to look into, never a quiet loss.
    Log(absl::StrCat("ERROR: unreadable spooled report set aside as ", path, "; its games are lost to this worker"));
    metrics_.CountUnreadableReport();
  }
  for (const v1::BatchReport& report : pending.reports) {
    const Delivery delivery = Deliver(report);
    if (delivery == Delivery::kPending) break;  // it stays spooled
    // A refused report will never be taken: kept aside, it blocks nothing.
    const absl::Status removed = delivery == Delivery::kAcknowledged ? spool_->Remove(report.batch_id())
                                                                     : spool_->SetAside(report.batch_id(), "refused");
    if (!removed.ok()) Log(absl::StrCat("spool: ", removed.message()));
  }
  metrics_.SetSpoolDepth(spool_->size());
}

absl::Status WorkerDaemon::SpoolAndDeliver(const v1::BatchReport& report) {
  if (absl::Status spooled = spool_->Put(report); !spooled.ok()) {
    // Not on disk (a full disk, say): the report is held here and sent
    // straight away, so a finished batch is not dropped in silence.
    Log(absl::StrCat("ERROR: cannot spool the report of batch ", report.batch_id(), ": ", spooled.message(),
                     "; sending it from memory"));
    metrics_.CountSpoolWriteFailure();
    if (Deliver(report) == Delivery::kPending)
      return absl::UnavailableError(absl::StrCat("the report of batch ", report.batch_id(),
                                                 " was neither spooled nor delivered before stopping"));
  }
  DeliverSpool();
  return absl::OkStatus();
}

absl::StatusOr<const OpeningBook*> WorkerDaemon::Book(const std::string& name, uint32_t expected_size,
                                                      Variant variant) {
  if (!IsPlainFileName(name, contract::kMaxBookNameBytes))
    return absl::InvalidArgumentError(absl::StrCat("bad book name ", Quoted(name)));
  // Judkins's books are BOOKS/NAME.sfen, as before the other variants came;
  // each other variant's are in a folder of its name.
  const std::string path = variant == Variant::kJudkins
                               ? absl::StrCat(options_.books_dir, "/", name, ".sfen")
                               : absl::StrCat(options_.books_dir, "/", VariantName(variant), "/", name, ".sfen");
  auto it = books_.find(path);
  if (it == books_.end()) {
    absl::StatusOr<OpeningBook> book = OpeningBook::Load(path, variant);
    if (!book.ok()) return book.status();
    it = books_.emplace(path, *std::move(book)).first;
  }
  // The test plays the first `expected_size` openings of the book.
  if (uint64_t(it->second.size()) < expected_size)
    return absl::FailedPreconditionError(absl::StrCat("book ", Quoted(path), " has ", it->second.size(),
                                                      " openings here, the test uses ", expected_size));
  return &it->second;
}

std::string WorkerDaemon::BatchRecordsPath(const v1::Batch& batch) const {
  return absl::StrCat(options_.work_dir, "/records/batch-", batch.id(), ".pgn");
}

absl::Status WorkerDaemon::CheckBenchSignatures(const v1::TestSpec& spec, const MatchSettings& settings) {
  for (const auto& [engine, config] : {std::pair{&spec.dev(), &settings.first}, {&spec.base(), &settings.second}}) {
    if (engine->bench_signature() == 0) continue;
    auto known = bench_signatures_.find(engine->artifact_sha256());
    if (known == bench_signatures_.end()) {
      absl::StatusOr<uint64_t> signature =
          RunBenchSignature(config->command.front(), config->working_directory, config->stderr_path + ".bench");
      if (!signature.ok())
        return absl::FailedPreconditionError(
            absl::StrCat("engine ", engine->name(), ": ", signature.status().message()));
      known = bench_signatures_.emplace(engine->artifact_sha256(), *signature).first;
    }
    if (known->second != engine->bench_signature())
      return absl::FailedPreconditionError(absl::StrCat("engine ", engine->name(), ": its bench signature here is ",
                                                        known->second, ", the test expects ",
                                                        engine->bench_signature()));
  }
  return absl::OkStatus();
}

absl::StatusOr<MatchSettings> WorkerDaemon::SettingsFor(const v1::Batch& batch, v1::HandBackReason& why_not) {
  const v1::TestSpec& spec = batch.spec();
  // Step 1. The engines (fetched and checked), the book and the time control.
  why_not = v1::HAND_BACK_REASON_ARTIFACT;
  absl::StatusOr<std::string> dev = cache_->Ensure(spec.dev().artifact_sha256());
  if (!dev.ok()) return dev.status();
  absl::StatusOr<std::string> base = cache_->Ensure(spec.base().artifact_sha256());
  if (!base.ok()) return base.status();
  why_not = v1::HAND_BACK_REASON_SETTINGS;
  // An empty variant is a test made before the other variants came: Judkins.
  absl::StatusOr<Variant> variant = VariantOfSpec(spec);
  if (!variant.ok()) return variant.status();
  why_not = v1::HAND_BACK_REASON_BOOK;
  absl::StatusOr<const OpeningBook*> book = Book(spec.book(), spec.book_size(), *variant);
  if (!book.ok()) return book.status();
  why_not = v1::HAND_BACK_REASON_SETTINGS;
  absl::StatusOr<TimeControl> time_control = TimeControlOf(spec.time_control());
  if (!time_control.ok()) return time_control.status();
  // A slower worker than the test's reference gets more time, a faster one
  // less (the records carry the time control played).
  if (const double scale = TimeControlScale(spec.reference_speed(), capabilities_.speed()); scale != 1)
    time_control = time_control->ScaledBy(scale);

  // Step 2. Each engine in a directory of its own to write in, away from the
  // cache and the spool, its stderr in the logs.
  auto engine = [&](const v1::EngineSpec& engine_spec, const std::string& path) -> absl::StatusOr<EngineConfig> {
    EngineConfig config{engine_spec.name(), {path}};
    const std::string short_sha = engine_spec.artifact_sha256().substr(0, kShortShaLength);
    config.working_directory = absl::StrCat(options_.work_dir, "/engines/", short_sha);
    if (!engine_spec.bundle_program().empty()) {
      // A bundle: the engine and its files, unpacked where it runs.
      absl::StatusOr<std::string> program =
          UnpackBundle(path, engine_spec.artifact_sha256(), config.working_directory, engine_spec.bundle_program());
      if (!program.ok())
        return absl::Status(program.status().code(),
                            absl::StrCat("engine ", engine_spec.name(), ": ", program.status().message()));
      config.command = {*program};
    }
    if (engine_spec.has_net()) {
      // Its net, fetched and checked like engines, its path sent as the option.
      absl::StatusOr<std::string> net = cache_->Ensure(engine_spec.net().artifact_sha256());
      if (!net.ok()) return net.status();
      config.options.emplace_back(engine_spec.net().option(), *net);
    }
    config.variant = std::string(VariantName(*variant));
    config.swap_clocks = engine_spec.swap_clocks();
    if (engine_spec.ready_timeout_seconds() > 0)
      config.ready_timeout = absl::Seconds(engine_spec.ready_timeout_seconds());
    for (const v1::EngineOption& option : engine_spec.options())
      config.options.emplace_back(option.name(), option.value());
    config.stderr_path = absl::StrCat(options_.work_dir, "/logs/", short_sha, ".stderr");
    std::error_code error;
    if (std::filesystem::create_directories(config.working_directory, error); error)
      return absl::UnavailableError(absl::StrCat("cannot create ", config.working_directory, ": ", error.message()));
    return config;
  };
  MatchSettings settings;
  why_not = v1::HAND_BACK_REASON_ARTIFACT;                        // a bundle that does not unpack, a net not fetched
  absl::StatusOr<EngineConfig> first = engine(spec.dev(), *dev);  // counted from dev's view: Black in game 0
  if (!first.ok()) return first.status();
  absl::StatusOr<EngineConfig> second = engine(spec.base(), *base);
  if (!second.ok()) return second.status();
  why_not = v1::HAND_BACK_REASON_SETTINGS;
  settings.first = *std::move(first);
  settings.second = *std::move(second);
  if (settings.first.name == settings.second.name) settings.second.name += "-base";

  // Step 3. Exactly the batch's pairs, its records in a file of their own.
  settings.first_time_control = settings.second_time_control = *time_control;
  settings.book = **book;
  settings.game.variant = *variant;
  settings.game.rules = GameRules::For(*variant);
  settings.concurrency = options_.concurrency;
  settings.affinity = options_.affinity;
  settings.records_path = BatchRecordsPath(batch);
  std::filesystem::remove(settings.records_path);  // a leftover of an interrupted attempt
  for (const v1::PairAssignment& pair : batch.pairs())
    settings.assignments.emplace_back(int(pair.pair_index()), int(pair.opening_index()));
  return settings;
}

absl::StatusOr<v1::MatchResults> WorkerDaemon::PlayWithHeartbeats(const v1::Batch& batch,
                                                                  const MatchSettings& settings) {
  MatchRunner runner(settings);
  absl::Notification done;
  // Renews the lease while the games go on; once the daemon is told to stop,
  // gives the batch its grace, then ends it (unplayed pairs go back).
  std::thread heartbeat([&] {
    v1::HeartbeatRequest request;
    request.set_worker_id(worker_id_);
    request.add_batch_ids(batch.id());
    bool grace_started = false;
    absl::Time grace_end = absl::InfiniteFuture(), last_beat = absl::InfinitePast();
    while (!done.WaitForNotificationWithTimeout(std::min(options_.heartbeat_interval, absl::Seconds(1)))) {
      if (stopping_.HasBeenNotified() && !grace_started) {
        grace_started = true;
        grace_end = absl::Now() + options_.grace;
        Log(absl::StrCat("stopping: finishing batch ", batch.id(), " within ", absl::FormatDuration(options_.grace)));
      }
      if (absl::Now() >= grace_end) runner.RequestStop("worker stopping");
      if (absl::Now() - last_beat < options_.heartbeat_interval) continue;
      last_beat = absl::Now();
      absl::StatusOr<v1::HeartbeatResponse> beat = client_->Heartbeat(request);
      if (beat.ok() && beat->stop_batch_ids_size() > 0) runner.RequestStop("the test has ended");
    }
  });
  absl::StatusOr<v1::MatchResults> results = runner.Run(nullptr);
  done.Notify();
  heartbeat.join();
  return results;
}

void WorkerDaemon::AttachRecords(const v1::Batch& batch, v1::BatchReport& report) {
  const std::string batch_records = BatchRecordsPath(batch);
  if (absl::StatusOr<std::string> records = ReadFile(batch_records); records.ok()) {
    // Records past the contract's bound stay here; the games still count.
    if (records->size() <= size_t(report.games_size()) * contract::kMaxRecordBytesPerGame)
      report.set_records(*records);
    else
      Log(absl::StrCat("batch ", batch.id(), ": records too large to send (", records->size(), " bytes); kept here"));
    std::ofstream(absl::StrCat(options_.work_dir, "/records/test-", batch.test_id(), ".pgn"), std::ios::app)
        << *records;
  }
  std::filesystem::remove(batch_records);
}

absl::Status WorkerDaemon::PlayBatch(const v1::Batch& batch) {
  const absl::Time start = absl::Now();
  v1::BatchReport report;
  report.set_worker_id(worker_id_);
  report.set_batch_id(batch.id());
  // Anything that stops the batch from being played hands all of it back,
  // and the coordinator hears why: it keeps the test from this worker for a
  // while, so a test the worker cannot play does not come straight back.
  auto hand_back = [&](const absl::Status& why, v1::HandBackReason reason) {
    std::filesystem::remove(BatchRecordsPath(batch));
    Log(absl::StrCat("handing back batch ", batch.id(), ": ", why.message()));
    if (report.refused_because().empty()) {
      report.set_cannot_play_because(ValidText(why.message(), contract::kMaxRefusalBytes));
      report.set_hand_back_reason(reason);
    }
    return SpoolAndDeliver(report);
  };
  v1::HandBackReason why_not = v1::HAND_BACK_REASON_UNSPECIFIED;
  absl::StatusOr<MatchSettings> settings = SettingsFor(batch, why_not);
  if (!settings.ok()) return hand_back(settings.status(), why_not);
  // A build that is not the test's plays none of it, ever.
  if (absl::Status s = CheckBenchSignatures(batch.spec(), *settings); !s.ok()) {
    report.set_refused_because(ValidText(s.message(), contract::kMaxRefusalBytes));
    return hand_back(s, v1::HAND_BACK_REASON_UNSPECIFIED);
  }
  absl::StatusOr<v1::MatchResults> results = PlayWithHeartbeats(batch, *settings);
  if (!results.ok()) return hand_back(results.status(), v1::HAND_BACK_REASON_MATCH);

  for (const v1::GameOutcome& game : results->games_played()) *report.add_games() = game;
  // Pairs without games go back to the coordinator with the report.
  if (const int unplayed = batch.pairs_size() - int(PairCount(results->pentanomial())); unplayed > 0)
    Log(absl::StrCat("batch ", batch.id(), ": handing back ", unplayed, " unplayed pairs"));
  AttachRecords(batch, report);
  *report.mutable_pentanomial() = results->pentanomial();
  *report.mutable_wdl() = results->wdl();
  metrics_.CountGames(batch.test_id(), *results);
  metrics_.ObserveBatch(absl::Now() - start);
  return SpoolAndDeliver(report);  // on disk before it is sent
}

absl::Status WorkerDaemon::Run() {
  absl::StatusOr<std::unique_ptr<CoordinatorClient>> client =
      CoordinatorClient::Connect(options_.coordinator, options_.token, options_.tls);
  if (!client.ok()) return client.status();
  client_ = *std::move(client);
  // Absolute, because engines run in directories of their own.
  options_.work_dir = std::filesystem::absolute(options_.work_dir).lexically_normal().string();
  for (const char* sub : {"cache", "spool", "records", "logs", "engines"}) {
    std::error_code error;
    std::filesystem::create_directories(absl::StrCat(options_.work_dir, "/", sub), error);
    if (error) return absl::UnavailableError(absl::StrCat("cannot create ", options_.work_dir, "/", sub));
  }
  last_contact_ = std::make_unique<LastContact>(options_.work_dir + "/" + LastContact::kFileName);
  client_->RecordContactIn(*last_contact_);
  cache_ = std::make_unique<ArtifactCache>(options_.work_dir + "/cache", *client_);
  absl::StatusOr<Spool> spool = Spool::Open(options_.work_dir + "/spool");
  if (!spool.ok()) return spool.status();
  spool_ = std::make_unique<Spool>(*std::move(spool));
  std::unique_ptr<prometheus::Exposer> exposer;
  if (!options_.metrics_listen.empty()) {
    try {
      exposer = std::make_unique<prometheus::Exposer>(options_.metrics_listen);
    } catch (const std::exception& error) {
      return absl::UnavailableError(
          absl::StrCat("cannot serve metrics on ", options_.metrics_listen, ": ", error.what()));
    }
    exposer->RegisterCollectable(metrics_.registry());
    metrics_.process()->WatchDataDirectory(options_.work_dir);
    exposer->RegisterCollectable(metrics_.process());
  }

  char host[256] = "worker";
  gethostname(host, sizeof host - 1);
  capabilities_.set_name(options_.name.empty() ? std::string(host) : options_.name);
  capabilities_.set_cores(std::max(1u, std::thread::hardware_concurrency()));
  capabilities_.set_concurrency(options_.concurrency);
  capabilities_.set_version("judkins-worker 1");
  capabilities_.set_speed(MeasureSpeed(options_.speed_engine));
  metrics_.SetSpeed(capabilities_.speed());
  // The identity of an earlier run, if it fits, so that its spooled reports
  // are delivered as the worker that played them.
  bool resumed = Resume();
  if (!resumed) {
    if (absl::Status s = Register(); !s.ok()) {
      if (absl::IsCancelled(s)) return absl::OkStatus();
      return absl::Status(s.code(), absl::StrCat("the coordinator refused this worker: ", s.message()));
    }
  }
  DeliverSpool();  // what an earlier run could not deliver
  for (int attempt = 0; !stopping_.HasBeenNotified();) {
    // It plays nothing now: what it holds is what it could not report yet.
    absl::StatusOr<v1::WorkResponse> work = client_->RequestWork(worker_id_, spool_->BatchIds());
    if (!work.ok()) {
      // The coordinator lost us (a new database), or no longer takes the
      // identity we resumed: register again.
      if (absl::IsNotFound(work.status()) ||
          (resumed && (absl::IsPermissionDenied(work.status()) || absl::IsUnauthenticated(work.status())))) {
        Log(absl::StrCat("worker ", worker_id_, " is not known as such: ", work.status().message()));
        resumed = false;
        if (absl::Status s = Register(); !s.ok()) return absl::IsCancelled(s) ? absl::OkStatus() : s;
        continue;
      }
      if (!Transient(work.status())) return work.status();
      Sleep(Backoff(attempt++));
      continue;
    }
    attempt = 0;
    DeliverSpool();
    if (!work->has_batch()) {
      Sleep(absl::Seconds(std::max(1u, work->retry_after_seconds())));
      continue;
    }
    Log(absl::StrCat("batch ", work->batch().id(), ": test ", work->batch().test_id(), ", ", work->batch().pairs_size(),
                     " pairs"));
    if (absl::Status s = PlayBatch(work->batch()); !s.ok()) Log(absl::StrCat("batch failed: ", s.message()));
  }
  DeliverSpool();
  Log("stopped");
  return absl::OkStatus();
}

}  // namespace judkins
