#include "worker/daemon/artifact_cache.h"

#include <filesystem>

#include "absl/strings/str_cat.h"
#include "common/sha256.h"

namespace judkins {

absl::StatusOr<std::string> ArtifactCache::Ensure(const std::string& sha256) {
  if (!IsSha256Hex(sha256)) return absl::InvalidArgumentError(absl::StrCat("bad artifact hash '", sha256, "'"));
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  const std::string path = directory_ + "/" + sha256;
  if (absl::StatusOr<std::string> hash = Sha256OfFile(path); hash.ok() && *hash == sha256) return path;
  constexpr int kAttempts = 3;
  absl::Status last;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const std::string temporary = path + ".download";
    ++fetches_;
    absl::StatusOr<uint64_t> size = client_.FetchArtifact(sha256, temporary);
    if (!size.ok()) {
      last = size.status();
      if (absl::IsNotFound(last) || absl::IsUnauthenticated(last) || absl::IsPermissionDenied(last)) break;
      continue;
    }
    absl::StatusOr<std::string> hash = Sha256OfFile(temporary);
    if (!hash.ok() || *hash != sha256) {
      last = absl::DataLossError(absl::StrCat("artifact ", sha256, " arrived corrupt"));
      std::filesystem::remove(temporary, error);
      continue;
    }
    std::filesystem::permissions(temporary, std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                                 error);
    std::filesystem::rename(temporary, path, error);
    if (error) return absl::UnavailableError(absl::StrCat("cannot store ", path, ": ", error.message()));
    return path;
  }
  return last;
}

}  // namespace judkins
