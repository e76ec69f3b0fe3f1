#include "worker/cli/health_command.h"

#include "absl/strings/str_cat.h"
#include "common/command_line.h"
#include "worker/daemon/last_contact.h"

namespace judkins {

constexpr char kHealthProgram[] = "judkins-worker health";

HealthCommand::HealthCommand(CLI::App& command) {
  command.add_option("--work-dir,--cache", work_dir_, "the worker's work directory (as given to `run`)")
      ->capture_default_str();
  command
      .add_option("--max-age", max_age_seconds_, "seconds since the coordinator last answered that count as healthy")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

int HealthCommand::Run(std::ostream& out, std::ostream& err) const {
  absl::StatusOr<absl::Duration> age = LastContact::Age(work_dir_ + "/" + LastContact::kFileName, absl::Now());
  if (!age.ok()) return Fail(err, kHealthProgram, age.status().message());
  if (*age > absl::Seconds(max_age_seconds_))
    return Fail(err, kHealthProgram,
                absl::StrCat("no answer from the coordinator for ", absl::ToInt64Seconds(*age), " s (more than ",
                             max_age_seconds_, " s)"));
  out << "healthy: the coordinator answered " << absl::ToInt64Seconds(*age) << " s ago\n";
  return kExitOk;
}

}  // namespace judkins
