#include "coordinator/store/artifact_files.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "absl/random/random.h"
#include "absl/strings/str_cat.h"
#include "common/durable_file.h"

namespace judkins {

absl::StatusOr<ArtifactFiles> ArtifactFiles::Open(const std::string& directory, uint64_t max_bytes) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot create '", directory, "': ", error.message()));
  return ArtifactFiles(directory, max_bytes);
}

absl::Status ArtifactFiles::Verify(const std::string& sha256) const {
  if (!IsSha256Hex(sha256)) return absl::InvalidArgumentError("sha256: 64 lower-case hex digits");
  std::error_code error;
  const uint64_t size = std::filesystem::file_size(PathFor(sha256), error);
  if (error) return absl::NotFoundError(absl::StrCat("no artifact ", sha256));
  {
    absl::MutexLock lock(&verified_->mutex);
    if (auto it = verified_->sizes.find(sha256); it != verified_->sizes.end() && it->second == size)
      return absl::OkStatus();
  }
  absl::StatusOr<std::string> actual = Sha256OfFile(PathFor(sha256));
  if (!actual.ok()) return actual.status();
  if (*actual != sha256)
    return absl::DataLossError(absl::StrCat("artifact ", sha256, " is damaged on the coordinator's disk (it hashes to ",
                                            *actual, "): upload it again"));
  absl::MutexLock lock(&verified_->mutex);
  verified_->sizes[sha256] = size;
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<ArtifactFiles::Upload>> ArtifactFiles::StartUpload() const {
  const std::string path =
      absl::StrCat(directory_, "/.upload-", getpid(), "-", absl::Hex(absl::Uniform<uint64_t>(absl::BitGen())));
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
