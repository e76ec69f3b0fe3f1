#include "coordinator/store/artifact_files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "absl/random/random.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "common/durable_file.h"

namespace judkins {

absl::StatusOr<ArtifactFiles> ArtifactFiles::Open(const std::string& directory, uint64_t max_bytes) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot create '", directory, "': ", error.message()));
  // Uploads a stopped coordinator left half written: no row names them, and
  // this process is the directory's only user (DataDirectory's lock).
  for (const auto& entry : std::filesystem::directory_iterator(directory, error))
    if (entry.path().filename().string().starts_with(kUploadPrefix)) std::filesystem::remove(entry.path(), error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot clear '", directory, "': ", error.message()));
  return ArtifactFiles(directory, max_bytes);
}

absl::Status ArtifactFiles::Verify(const std::string& sha256) const {
  if (!IsSha256Hex(sha256)) return absl::InvalidArgumentError("sha256: 64 lower-case hex digits");
  // The signature is taken before hashing: a write during the hash changes
  // the file's ctime after it, and the next check hashes again.
  const absl::Time checked = absl::Now();
  struct stat status {};
  if (stat(PathFor(sha256).c_str(), &status) != 0 || !S_ISREG(status.st_mode))
    return absl::NotFoundError(absl::StrCat("no artifact ", sha256));
  const auto nanoseconds = [](const timespec& t) { return int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec; };
  const FileSignature signature{uint64_t(status.st_size), uint64_t(status.st_dev), uint64_t(status.st_ino),
                                nanoseconds(status.st_mtim), nanoseconds(status.st_ctim)};
  {
    absl::MutexLock lock(&verified_->mutex);
    if (auto it = verified_->signatures.find(sha256); it != verified_->signatures.end() && it->second == signature)
      return absl::OkStatus();
  }
  absl::StatusOr<std::string> actual = Sha256OfFile(PathFor(sha256));
  if (!actual.ok()) return actual.status();
  if (*actual != sha256)
    return absl::DataLossError(absl::StrCat("artifact ", sha256, " is damaged on the coordinator's disk (it hashes to ",
                                            *actual, "): upload it again"));
  // A file changed within a clock tick of its stat could change again in that
  // tick without its times moving (git's "racy clean" entries): such a file
  // is hashed again each time until it is older than that.
  if (absl::FromUnixNanos(signature.changed_ns) + kRacyChangeWindow >= checked) return absl::OkStatus();
  absl::MutexLock lock(&verified_->mutex);
  verified_->signatures[sha256] = signature;
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<ArtifactFiles::Upload>> ArtifactFiles::StartUpload() const {
  const std::string path =
      absl::StrCat(directory_, "/", kUploadPrefix, getpid(), "-", absl::Hex(absl::Uniform<uint64_t>(absl::BitGen())));
  auto upload = std::make_unique<Upload>(Upload::Passkey(), directory_, path, max_bytes_);
  if (!upload->out_) return absl::UnavailableError(absl::StrCat("cannot write '", path, "'"));
  return upload;
}

ArtifactFiles::Upload::Upload(Passkey, std::string directory, std::string temporary_path, uint64_t max_bytes)
    : directory_(std::move(directory)),
      temporary_path_(std::move(temporary_path)),
      max_bytes_(max_bytes),
      out_(temporary_path_, std::ios::binary | std::ios::trunc) {}

ArtifactFiles::Upload::~Upload() {
  if (!finished_) std::remove(temporary_path_.c_str());
}

absl::Status ArtifactFiles::Upload::Append(absl::string_view data) {
  size_ += data.size();
  if (size_ > max_bytes_)
    return absl::InvalidArgumentError(absl::StrCat("data: the artifact is larger than ", max_bytes_, " bytes"));
  hash_.Update(data);
  out_.write(data.data(), std::streamsize(data.size()));
  if (!out_) return absl::UnavailableError("cannot write the artifact to disk");
  return absl::OkStatus();
}

absl::StatusOr<std::string> ArtifactFiles::Upload::Finish(const std::string& expected_sha256) {
  out_.close();
  if (!out_) return absl::UnavailableError("cannot write the artifact to disk");
  if (absl::Status s = SyncFile(temporary_path_); !s.ok()) return s;
  const std::string actual = hash_.HexDigest();
  if (!expected_sha256.empty() && actual != expected_sha256)
    return absl::DataLossError(absl::StrCat("sha256: the upload hashes to ", actual, ", not ", expected_sha256));
  const std::string final_path = directory_ + "/" + actual;
  std::error_code error;
  std::filesystem::permissions(
      temporary_path_,
      std::filesystem::perms::owner_all | std::filesystem::perms::group_read | std::filesystem::perms::others_read,
      error);
  std::filesystem::rename(temporary_path_, final_path, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot store the artifact: ", error.message()));
  finished_ = true;
  // Durable before the caller records it in the database.
  if (absl::Status s = SyncDirectory(directory_); !s.ok()) return s;
  return actual;
}

}  // namespace judkins
