#include "coordinator/store/artifact_files.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "absl/random/random.h"
#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<ArtifactFiles> ArtifactFiles::Open(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot create '", directory, "': ", error.message()));
  return ArtifactFiles(directory);
}

bool ArtifactFiles::Contains(const std::string& sha256) const {
  return IsSha256Hex(sha256) && std::filesystem::exists(PathFor(sha256));
}

absl::StatusOr<std::unique_ptr<ArtifactFiles::Upload>> ArtifactFiles::StartUpload() const {
  const std::string path =
      absl::StrCat(directory_, "/.upload-", getpid(), "-", absl::Hex(absl::Uniform<uint64_t>(absl::BitGen())));
  auto upload = std::make_unique<Upload>(Upload::Passkey(), directory_, path);
  if (!upload->out_) return absl::UnavailableError(absl::StrCat("cannot write '", path, "'"));
  return upload;
}

ArtifactFiles::Upload::Upload(Passkey, std::string directory, std::string temporary_path)
    : directory_(std::move(directory)), temporary_path_(std::move(temporary_path)),
      out_(temporary_path_, std::ios::binary | std::ios::trunc) {}

ArtifactFiles::Upload::~Upload() {
  if (!finished_) std::remove(temporary_path_.c_str());
}

absl::Status ArtifactFiles::Upload::Append(absl::string_view data) {
  size_ += data.size();
  if (size_ > kMaxSize) return absl::InvalidArgumentError(absl::StrCat("artifact larger than ", kMaxSize, " bytes"));
  hash_.Update(data);
  out_.write(data.data(), std::streamsize(data.size()));
  if (!out_) return absl::UnavailableError("cannot write the artifact to disk");
  return absl::OkStatus();
}

absl::StatusOr<std::string> ArtifactFiles::Upload::Finish(const std::string& expected_sha256) {
  out_.close();
  if (!out_) return absl::UnavailableError("cannot write the artifact to disk");
  const std::string actual = hash_.HexDigest();
  if (!expected_sha256.empty() && actual != expected_sha256)
    return absl::DataLossError(absl::StrCat("sha256: the upload hashes to ", actual, ", not ", expected_sha256));
  const std::string final_path = directory_ + "/" + actual;
  std::error_code error;
  std::filesystem::permissions(temporary_path_, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                                    std::filesystem::perms::others_read, error);
  std::filesystem::rename(temporary_path_, final_path, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot store the artifact: ", error.message()));
  finished_ = true;
  return actual;
}

}  // namespace judkins
