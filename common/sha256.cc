#include "common/sha256.h"

#include <openssl/evp.h>

#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace judkins {

struct Sha256::Context {
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(context); }
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
  EVP_DigestInit_ex(context_->context, EVP_sha256(), nullptr);
}
Sha256::~Sha256() = default;

void Sha256::Update(absl::string_view data) { EVP_DigestUpdate(context_->context, data.data(), data.size()); }

std::string Sha256::HexDigest() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_DigestFinal_ex(context_->context, digest, &size);
  return absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(digest), size));
}

std::string Sha256Hex(absl::string_view data) {
  Sha256 hash;
  hash.Update(data);
  return hash.HexDigest();
}

absl::StatusOr<std::string> Sha256OfFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read '", path, "'"));
  Sha256 hash;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) hash.Update(absl::string_view(buffer, in.gcount()));
  return hash.HexDigest();
}

bool IsSha256Hex(absl::string_view text) {
  if (text.size() != 64) return false;
  for (char c : text)
    if (!absl::ascii_isdigit(c) && !(c >= 'a' && c <= 'f')) return false;
  return true;
}

}  // namespace judkins
