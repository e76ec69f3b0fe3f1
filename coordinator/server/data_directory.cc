#include "coordinator/server/data_directory.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/log.h"
#include "coordinator/store/artifact_files.h"

namespace judkins {
namespace {

// Whether the directory shows that a store lived here: artifacts uploaded, or
// the database's write-ahead log.
bool StoreWasHere(const std::filesystem::path& directory) {
  std::error_code error;
  const std::filesystem::path artifacts = directory / DataDirectory::kArtifactsName;
  for (const auto& entry : std::filesystem::directory_iterator(artifacts, error))
    if (!entry.path().filename().string().starts_with(ArtifactFiles::kUploadPrefix))
      return true;  // not a partial upload
  return std::filesystem::exists(directory / absl::StrCat(DataDirectory::kDatabaseName, "-wal"), error);
}

}  // namespace

absl::StatusOr<DataDirectory> DataDirectory::Open(const std::string& directory, bool new_store) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error)
    return absl::UnavailableError(absl::StrCat("--data-dir: cannot create '", directory, "': ", error.message()));

  // Step 1. One coordinator at a time: two would share a database and remove
  // each other's uploads in progress.
  const std::string lock_path = absl::StrCat(directory, "/", kLockName);
  const int fd = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return absl::UnavailableError(absl::StrCat("cannot open '", lock_path, "': ", std::strerror(errno)));
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    close(fd);
    return absl::FailedPreconditionError(
        absl::StrCat("--data-dir: another coordinator is using '", directory, "' (it holds ", kLockName, ")"));
  }
  DataDirectory data(directory, fd);

  // Step 2. A store where one was expected.
  const std::filesystem::path database = std::filesystem::path(directory) / kDatabaseName;
  const bool exists = std::filesystem::exists(database, error);
  const uintmax_t size = exists ? std::filesystem::file_size(database, error) : 0;
  if (exists && size > 0) return data;
  const char* what = exists ? "is empty (0 bytes)" : "is missing";
  if (!new_store && (exists || StoreWasHere(directory)))
    return absl::FailedPreconditionError(
        absl::StrCat("--data-dir: the database '", database.string(), "' ", what,
                     " where a store was kept; restore it from a backup, or give --new-store to start an empty one"));
  Log("judkins-coordinator", absl::StrCat("starting a new, empty store in ", directory));
  return data;
}

DataDirectory::DataDirectory(DataDirectory&& other) noexcept
    : directory_(std::move(other.directory_)), lock_fd_(std::exchange(other.lock_fd_, -1)) {}

DataDirectory& DataDirectory::operator=(DataDirectory&& other) noexcept {
  if (this != &other) {
    if (lock_fd_ >= 0) close(lock_fd_);
    directory_ = std::move(other.directory_);
    lock_fd_ = std::exchange(other.lock_fd_, -1);
  }
  return *this;
}

DataDirectory::~DataDirectory() {
  if (lock_fd_ >= 0) close(lock_fd_);  // releases the lock
}

}  // namespace judkins
