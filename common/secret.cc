#include "common/secret.h"

#include <openssl/rand.h>

#include <vector>

#include "absl/strings/escaping.h"

namespace judkins {

absl::StatusOr<std::string> NewSecretHex(size_t bytes) {
  std::vector<unsigned char> random(bytes);
  if (RAND_bytes(random.data(), int(random.size())) != 1)
    return absl::InternalError("the random generator failed to make a secret");
  return absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(random.data()), random.size()));
}

bool SameSecret(absl::string_view a, absl::string_view b) {
  unsigned char difference = a.size() != b.size();
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) difference |= a[i] ^ b[i];
  return difference == 0;
}

}  // namespace judkins
