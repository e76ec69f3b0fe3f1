#include "worker/daemon/spool.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<Spool> Spool::Open(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot create spool '", directory, "': ", error.message()));
  return Spool(directory);
}

std::string Spool::PathFor(uint64_t batch_id) const { return absl::StrCat(directory_, "/batch-", batch_id, ".report"); }

absl::Status Spool::Put(const v1::BatchReport& report) {
  const std::string path = PathFor(report.batch_id()), temporary = path + ".tmp";
  const std::string bytes = report.SerializeAsString();
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return absl::UnavailableError(absl::StrCat("cannot write ", temporary));
  const bool written = write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size()) && fsync(fd) == 0;
  close(fd);
  if (!written || std::rename(temporary.c_str(), path.c_str()) != 0)
    return absl::UnavailableError(absl::StrCat("cannot spool the report of batch ", report.batch_id()));
  return absl::OkStatus();
}

absl::Status Spool::Remove(uint64_t batch_id) {
  std::error_code error;
  std::filesystem::remove(PathFor(batch_id), error);
  if (error) return absl::UnavailableError(error.message());
  return absl::OkStatus();
}

std::vector<v1::BatchReport> Spool::Pending() const {
  std::vector<v1::BatchReport> reports;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory_, error)) {
    const std::string path = entry.path().string();
    if (!absl::EndsWith(path, ".report")) continue;
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    v1::BatchReport report;
    if (!report.ParseFromString(bytes.str()) || report.batch_id() == 0) {
      std::filesystem::rename(path, path + ".unreadable", error);  // kept for a person to look at
      continue;
    }
    reports.push_back(std::move(report));
  }
  std::sort(reports.begin(), reports.end(),
            [](const v1::BatchReport& a, const v1::BatchReport& b) { return a.batch_id() < b.batch_id(); });
  return reports;
}

int Spool::size() const { return int(Pending().size()); }

}  // namespace judkins
