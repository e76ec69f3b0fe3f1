// SHA-256 of files and buffers, as lower-case hex (engine artifacts are
// addressed by it).
#ifndef JUDKINS_COMMON_SHA256_H_
#define JUDKINS_COMMON_SHA256_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace judkins {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void Update(absl::string_view data);
  std::string HexDigest();  // ends the hash

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

std::string Sha256Hex(absl::string_view data);
absl::StatusOr<std::string> Sha256OfFile(const std::string& path);
bool IsSha256Hex(absl::string_view text);

}  // namespace judkins

#endif  // JUDKINS_COMMON_SHA256_H_
