#include "worker/daemon/worker_identity.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/durable_file.h"
#include "common/read_file.h"

namespace judkins {

absl::StatusOr<std::optional<WorkerIdentity>> LoadWorkerIdentity(const std::string& path) {
  if (!std::filesystem::exists(path)) return std::optional<WorkerIdentity>();
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  WorkerIdentity identity;
  for (absl::string_view line : absl::StrSplit(*text, '\n', absl::SkipEmpty())) {
    const std::pair<absl::string_view, absl::string_view> field = absl::StrSplit(line, absl::MaxSplits('=', 1));
    const auto& [key, value] = field;
    bool ok = true;
    if (key == "coordinator")
      identity.coordinator = std::string(value);
    else if (key == "name")
      identity.name = std::string(value);
    else if (key == "concurrency")
      ok = absl::SimpleAtoi(value, &identity.concurrency);
    else if (key == "worker_id")
      ok = absl::SimpleAtoi(value, &identity.worker_id);
    else if (key == "secret")
      identity.secret = std::string(value);
    else
      ok = false;
    if (!ok) return absl::DataLossError(absl::StrCat(path, ": cannot read the line '", line, "'"));
  }
  if (identity.worker_id == 0 || identity.secret.empty())
    return absl::DataLossError(absl::StrCat(path, ": no worker_id or secret"));
  return std::optional<WorkerIdentity>(std::move(identity));
}

absl::Status SaveWorkerIdentity(const std::string& path, const WorkerIdentity& identity) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    chmod(temporary.c_str(), S_IRUSR | S_IWUSR);  // a credential: for this user only
    out << "coordinator=" << identity.coordinator << "\nname=" << identity.name
        << "\nconcurrency=" << identity.concurrency << "\nworker_id=" << identity.worker_id
        << "\nsecret=" << identity.secret << "\n";
    if (!out.flush()) return absl::UnavailableError(absl::StrCat("cannot write '", temporary, "'"));
  }
  if (absl::Status s = SyncFile(temporary); !s.ok()) return s;
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot rename '", temporary, "': ", error.message()));
  return SyncDirectory(std::filesystem::path(path).parent_path().string());
}

}  // namespace judkins
