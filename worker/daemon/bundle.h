// Engine bundles: a tar archive (plain or gzip) of an engine and the files
// it reads beside it (evaluation files, books), as real 9x9 engines ship.
// Unpacked into the engine's own folder on the worker, once per artifact,
// with nothing outside that folder touched: only files and folders, at
// relative paths that stay inside it.
#ifndef JUDKINS_WORKER_DAEMON_BUNDLE_H_
#define JUDKINS_WORKER_DAEMON_BUNDLE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "proto/contract.h"

namespace judkins {

// What one bundle may hold, unpacked.
inline constexpr uint64_t kMaxBundleBytes = uint64_t{16} << 30;
inline constexpr int kMaxBundleMembers = 100'000;

// Unpacks `archive` into `folder` (made; a folder left by an interrupted
// unpacking is replaced) unless it holds this archive's unpacking already,
// then returns the path of `program` in it, made executable. DataLoss for an
// archive that is not a tar file or holds anything but files and folders at
// safe paths; NotFound when `program` is not a file in it.
absl::StatusOr<std::string> UnpackBundle(const std::string& archive, const std::string& archive_sha256,
                                         const std::string& folder, const std::string& program);

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_BUNDLE_H_
