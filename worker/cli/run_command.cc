#include "worker/cli/run_command.h"


#include <cstdlib>
#include <fstream>
#include <iostream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/grouped_options.h"
#include "common/stop_signals.h"
#include "common/token.h"

namespace judkins {

absl::StatusOr<DaemonOptions> ParseRunCommand(const std::vector<std::string>& words) {
  absl::StatusOr<std::vector<OptionGroup>> groups = ParseGroupedOptions(words);
  if (!groups.ok()) return groups.status();
  DaemonOptions options;
  std::string token_file;
  for (const OptionGroup& group : *groups) {
    absl::StatusOr<std::string> value = SingleValue(group);
    if (!value.ok()) return value.status();
    const std::string& name = group.name;
    auto number = [&](double min, double max) -> absl::StatusOr<double> {
      double n = 0;
      if (!absl::SimpleAtod(*value, &n) || n < min || n > max)
        return absl::InvalidArgumentError(absl::StrCat("--", name, " must be a number from ", min, " to ", max));
      return n;
    };
    if (name == "coordinator") options.coordinator = *value;
    else if (name == "token-file") token_file = *value;
    else if (name == "tls-ca") options.tls.ca_file = *value;
    else if (name == "tls-cert") options.tls.cert_file = *value;
    else if (name == "tls-key") options.tls.key_file = *value;
    else if (name == "name") options.name = *value;
    else if (name == "cache" || name == "work-dir") options.work_dir = *value;
    else if (name == "books") options.books_dir = *value;
    else if (name == "metrics-listen") options.metrics_listen = *value;
    else if (name == "speed-engine") options.speed_engine = *value;
    else if (name == "concurrency" || name == "grace" || name == "heartbeat") {
      absl::StatusOr<double> n = name == "concurrency" ? number(1, 1024) : number(0, 86400);
      if (!n.ok()) return n.status();
      if (name == "concurrency") options.concurrency = int(*n);
      else if (name == "grace") options.grace = absl::Seconds(*n);
      else options.heartbeat_interval = absl::Seconds(std::max(*n, 0.1));
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown option --", name));
    }
  }
  absl::StatusOr<std::string> token = LoadToken(token_file, "JUDKINS_WORKER_TOKEN");
  if (!token.ok()) return token.status();
  options.token = *std::move(token);
  return options;
}

int RunWorkerCommand(const std::vector<std::string>& words) {
  absl::StatusOr<DaemonOptions> options = ParseRunCommand(words);
  if (!options.ok()) {
    std::cerr << "judkins-worker run: " << options.status().message() << "\n";
    return 2;
  }
  WorkerDaemon daemon(*options);
  const StopSignals signals([&daemon] { daemon.Stop(); });
  const absl::Status status = daemon.Run();
  if (!status.ok()) {
    std::cerr << "judkins-worker run: " << status.message() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace judkins
