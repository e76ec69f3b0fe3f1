// Engine binaries on disk beside the database, named by their SHA-256.
// An upload goes to a temporary file and is renamed into place only once its
// hash is verified, and is synced (file and directory) before its database
// row commits. A stored file is hashed again the first time this process
// serves it, and whenever it may have changed since: its size, inode,
// modification or status-change time differ from when it hashed right (a
// write to the file changes its ctime, which no user can set back), so a
// file damaged or replaced on disk is refused, never sent to workers.
#ifndef JUDKINS_COORDINATOR_STORE_ARTIFACT_FILES_H_
#define JUDKINS_COORDINATOR_STORE_ARTIFACT_FILES_H_

#include <fstream>
#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "common/sha256.h"

namespace judkins {

class ArtifactFiles {
 public:
  static constexpr uint64_t kDefaultMaxBytes = 512ull << 20;  // no engine is bigger
  // An upload's file until its hash is checked.
  static constexpr char kUploadPrefix[] = ".upload-";
  // The directory is created if missing, and cleared of the uploads an earlier
  // process left unfinished; uploads above max_bytes are refused.
  static absl::StatusOr<ArtifactFiles> Open(const std::string& directory, uint64_t max_bytes = kDefaultMaxBytes);
  std::string PathFor(const std::string& sha256) const { return directory_ + "/" + sha256; }
  // OK when the file is there and hashes to its name; NOT_FOUND when it is
  // missing, DATA_LOSS (saying to upload it again) when it does not.
  absl::Status Verify(const std::string& sha256) const;
  bool Contains(const std::string& sha256) const { return Verify(sha256).ok(); }

  class Upload {
    struct Passkey {
      explicit Passkey() = default;
    };

   public:
    Upload(Passkey, std::string directory, std::string temporary_path, uint64_t max_bytes);
    absl::Status Append(absl::string_view data);
    // Checks size limit and hash; on success the file is in place under its hash.
    absl::StatusOr<std::string> Finish(const std::string& expected_sha256);
    ~Upload();
    uint64_t size() const { return size_; }

   private:
    friend class ArtifactFiles;
    std::string directory_, temporary_path_;
    uint64_t max_bytes_;
    std::ofstream out_;
    Sha256 hash_;
    uint64_t size_ = 0;
    bool finished_ = false;
  };
  absl::StatusOr<std::unique_ptr<Upload>> StartUpload() const;

 private:
  ArtifactFiles(std::string directory, uint64_t max_bytes)
      : directory_(std::move(directory)), max_bytes_(max_bytes), verified_(std::make_unique<Verified>()) {}
  std::string directory_;
  uint64_t max_bytes_;
  // How recent a change must be for the file's times not to be trusted.
  static constexpr absl::Duration kRacyChangeWindow = absl::Seconds(2);
  // What stat says of a file: any write or replacement changes it.
  struct FileSignature {
    uint64_t size = 0, device = 0, inode = 0;
    int64_t modified_ns = 0, changed_ns = 0;
    bool operator==(const FileSignature&) const = default;
  };
  // The signatures of the files hashed and found right by this process.
  struct Verified {
    absl::Mutex mutex;
    absl::flat_hash_map<std::string, FileSignature> signatures ABSL_GUARDED_BY(mutex);
  };
  std::unique_ptr<Verified> verified_;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_ARTIFACT_FILES_H_
