#include "worker/daemon/spool.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/durable_file.h"
#include "common/read_file.h"

namespace judkins {
namespace {

// A report's file: batch-<id>.report.
constexpr absl::string_view kReportPrefix = "batch-";
constexpr absl::string_view kReportSuffix = ".report";

absl::Status ErrnoError(absl::string_view what, const std::string& path) {
  return absl::UnavailableError(absl::StrCat(what, " '", path, "': ", std::strerror(errno)));
}

}  // namespace

absl::StatusOr<Spool> Spool::Open(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot create spool '", directory, "': ", error.message()));
  return Spool(directory);
}

std::string Spool::PathFor(uint64_t batch_id) const {
  return absl::StrCat(directory_, "/", kReportPrefix, batch_id, kReportSuffix);
}

absl::Status Spool::Put(const v1::BatchReport& report) {
  const std::string path = PathFor(report.batch_id()), temporary = path + ".tmp";
  const std::string bytes = report.SerializeAsString();
  // Proto3 parses no string field that is not UTF-8: a file written from
  // such a report could never be read back, and its games never counted.
  if (v1::BatchReport check; !check.ParseFromString(bytes))
    return absl::InvalidArgumentError(
        absl::StrCat("the report of batch ", report.batch_id(), " would not read back (text that is not UTF-8?)"));
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return ErrnoError("cannot write", temporary);
  absl::Cleanup close_fd = [fd] { close(fd); };
  for (absl::string_view rest = bytes; !rest.empty();) {
    const ssize_t written = write(fd, rest.data(), rest.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return ErrnoError("cannot write", temporary);
    rest.remove_prefix(size_t(written));
  }
  if (fsync(fd) != 0) return ErrnoError("cannot sync", temporary);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) return ErrnoError("cannot rename", temporary);
  return SyncDirectory(directory_);  // the new name, durable
}

absl::Status Spool::Remove(uint64_t batch_id) {
  std::error_code error;
  std::filesystem::remove(PathFor(batch_id), error);
  if (error) return absl::UnavailableError(error.message());
  return absl::OkStatus();
}

absl::Status Spool::SetAside(uint64_t batch_id, const std::string& suffix) {
  const std::string path = PathFor(batch_id);
  std::error_code error;
  std::filesystem::rename(path, absl::StrCat(path, ".", suffix), error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot rename '", path, "': ", error.message()));
  return absl::OkStatus();
}

Spool::Contents Spool::Pending() const {
  Contents contents;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory_, error)) {
    const std::string path = entry.path().string();
    if (!absl::EndsWith(path, kReportSuffix)) continue;
    absl::StatusOr<std::string> bytes = ReadFile(path);
    v1::BatchReport report;
    if (!bytes.ok() || !report.ParseFromString(*bytes) || report.batch_id() == 0) {
      const std::string aside = path + ".unreadable";
      std::filesystem::rename(path, aside, error);
      contents.set_aside.push_back(error ? path : aside);
      continue;
    }
    contents.reports.push_back(std::move(report));
  }
  std::sort(contents.reports.begin(), contents.reports.end(),
            [](const v1::BatchReport& a, const v1::BatchReport& b) { return a.batch_id() < b.batch_id(); });
  return contents;
}

std::vector<uint64_t> Spool::BatchIds() const {
  std::vector<uint64_t> ids;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory_, error)) {
    const std::string file_name = entry.path().filename().string();
    absl::string_view name = file_name;
    uint64_t id = 0;
    if (absl::ConsumePrefix(&name, kReportPrefix) && absl::ConsumeSuffix(&name, kReportSuffix) &&
        absl::SimpleAtoi(name, &id))
      ids.push_back(id);
  }
  return ids;
}

int Spool::size() const { return int(BatchIds().size()); }

}  // namespace judkins
