// judkins-worker health: exit 0 when the worker whose work directory this is
// heard from its coordinator recently (a container's HEALTHCHECK); otherwise
// exit 1 and say how long it has been cut off.
#ifndef JUDKINS_WORKER_CLI_HEALTH_COMMAND_H_
#define JUDKINS_WORKER_CLI_HEALTH_COMMAND_H_

#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

namespace judkins {

class HealthCommand {
 public:
  // A worker renews its lease every 10 s by default: three minutes without an
  // answer is a worker cut off, not a slow call.
  static constexpr int kDefaultMaxAgeSeconds = 180;

  // Declares the options on `command` (the `health` subcommand).
  explicit HealthCommand(CLI::App& command);
  int Run(std::ostream& out, std::ostream& err) const;

 private:
  std::string work_dir_ = "worker-data";
  int max_age_seconds_ = kDefaultMaxAgeSeconds;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_CLI_HEALTH_COMMAND_H_
