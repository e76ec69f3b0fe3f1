#include "cli/saved_token.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "common/durable_file.h"

namespace judkins {
namespace {

constexpr mode_t kTokenFileMode = 0600, kTokenDirectoryMode = 0700;

absl::Status Errno(absl::string_view what, const std::string& path) {
  return absl::UnavailableError(absl::StrCat(what, " '", path, "': ", std::strerror(errno)));
}

}  // namespace

absl::StatusOr<std::string> SavedTokenPath() {
  if (const char* file = std::getenv("JUDKINS_TOKEN_FILE"); file && *file) return std::string(file);
  if (const char* config = std::getenv("XDG_CONFIG_HOME"); config && *config)
    return absl::StrCat(config, "/judkins/token");
  if (const char* home = std::getenv("HOME"); home && *home) return absl::StrCat(home, "/.config/judkins/token");
  return absl::FailedPreconditionError("no place for the token: set $JUDKINS_TOKEN_FILE, $XDG_CONFIG_HOME or $HOME");
}

absl::Status SaveToken(const std::string& path, const std::string& token) {
  const size_t slash = path.rfind('/');
  const std::string directory = slash == std::string::npos ? "." : path.substr(0, slash);
  // The parent of the default place (~/.config) may be missing too.
  for (size_t at = directory.find('/', 1); at != std::string::npos; at = directory.find('/', at + 1))
    (void)mkdir(directory.substr(0, at).c_str(), kTokenDirectoryMode);
  if (mkdir(directory.c_str(), kTokenDirectoryMode) != 0 && errno != EEXIST)
    return Errno("cannot make the folder", directory);
  const std::string temporary = absl::StrCat(path, ".new");
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, kTokenFileMode);
  if (fd < 0) return Errno("cannot write", temporary);
  const std::string line = absl::StrCat(token, "\n");
  const bool written = write(fd, line.data(), line.size()) == ssize_t(line.size()) && fchmod(fd, kTokenFileMode) == 0;
  const bool closed = close(fd) == 0;
  if (!written || !closed) return Errno("cannot write", temporary);
  if (absl::Status s = SyncFile(temporary); !s.ok()) return s;
  if (rename(temporary.c_str(), path.c_str()) != 0) return Errno("cannot rename to", path);
  return SyncDirectory(directory);
}

}  // namespace judkins
