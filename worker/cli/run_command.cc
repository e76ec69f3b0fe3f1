#include "worker/cli/run_command.h"

#include "absl/strings/str_cat.h"
#include "common/command_line.h"
#include "common/stop_signals.h"
#include "common/token.h"

namespace judkins {
namespace {

constexpr char kRunProgram[] = "judkins-worker run";
constexpr int kMaxConcurrency = 1024;
constexpr double kMaxSeconds = 86400;
constexpr double kMinHeartbeatSeconds = 0.1;

}  // namespace

RunCommand::RunCommand(CLI::App& command)
    : grace_seconds_(absl::ToDoubleSeconds(defaults_.grace)),
      heartbeat_seconds_(absl::ToDoubleSeconds(defaults_.heartbeat_interval)) {
  AddConfigFile(command);
  command.add_option("--coordinator", defaults_.coordinator, "the coordinator's gRPC address");
  command.add_option("--token-file", token_file_, "file with the worker token (default: $JUDKINS_WORKER_TOKEN)");
  command.add_option("--tls-ca", defaults_.tls.ca_file, "PEM CA: connect with TLS, trusting it");
  command.add_option("--tls-cert", defaults_.tls.cert_file, "PEM client certificate (mutual TLS, with --tls-key)");
  command.add_option("--tls-key", defaults_.tls.key_file, "PEM private key of --tls-cert");
  command.add_option("--name", defaults_.name, "the worker's name in listings (default: the host name)");
  command.add_option("--concurrency", defaults_.concurrency, "games played at once")
      ->check(CLI::Range(1, kMaxConcurrency));
  command.add_flag("--affinity", defaults_.affinity, kAffinityHelp);
  command.add_option("--cache,--work-dir", defaults_.work_dir,
                     "the work directory: cached engines, the report spool, records, logs");
  command.add_option("--books", defaults_.books_dir, "directory of the opening books (<name>.sfen)");
  command.add_option("--metrics-listen", defaults_.metrics_listen, "Prometheus /metrics address (empty: none)");
  command.add_option("--speed-engine", defaults_.speed_engine,
                     "a judkins-engine to benchmark this machine's speed with (empty: no speed figure)");
  command
      .add_option("--grace", grace_seconds_, "seconds a stopping worker may finish its batch before handing it back")
      ->check(CLI::Range(0.0, kMaxSeconds));
  command.add_option("--heartbeat", heartbeat_seconds_, "seconds between lease renewals")
      ->check(CLI::Range(kMinHeartbeatSeconds, kMaxSeconds));
}

absl::StatusOr<DaemonOptions> RunCommand::Options() const {
  DaemonOptions options = defaults_;
  options.grace = absl::Seconds(grace_seconds_);
  options.heartbeat_interval = absl::Seconds(heartbeat_seconds_);
  absl::StatusOr<std::string> token = LoadToken(token_file_, "JUDKINS_WORKER_TOKEN");
  if (!token.ok()) return token.status();
  options.token = *std::move(token);
  return options;
}

int RunCommand::Run(std::ostream& err) const {
  absl::StatusOr<DaemonOptions> options = Options();
  if (!options.ok()) return Fail(err, kRunProgram, options.status().message(), kExitUsage);
  WorkerDaemon daemon(*options);
  const StopSignals signals([&daemon] { daemon.Stop(); });
  if (const absl::Status status = daemon.Run(); !status.ok()) return Fail(err, kRunProgram, status.message());
  return kExitOk;
}

absl::StatusOr<DaemonOptions> ParseRunCommand(const std::vector<std::string>& words) {
  CLI::App app("the worker daemon", kRunProgram);
  SetUpCommandLine(app);
  RunCommand command(app);
  if (absl::Status parsed = ParseWords(app, words); !parsed.ok()) return parsed;
  return command.Options();
}

}  // namespace judkins
