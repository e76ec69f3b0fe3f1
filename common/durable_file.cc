#include "common/durable_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

absl::Status Sync(const std::string& path, int flags) {
  const int fd = open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return absl::UnavailableError(absl::StrCat("cannot open '", path, "': ", std::strerror(errno)));
  absl::Cleanup close_fd = [fd] { close(fd); };
  if (fsync(fd) != 0) return absl::UnavailableError(absl::StrCat("cannot sync '", path, "': ", std::strerror(errno)));
  return absl::OkStatus();
}

}  // namespace

absl::Status SyncFile(const std::string& path) { return Sync(path, O_RDONLY); }
absl::Status SyncDirectory(const std::string& directory) { return Sync(directory, O_RDONLY | O_DIRECTORY); }

}  // namespace judkins
