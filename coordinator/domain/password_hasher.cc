#include "coordinator/domain/password_hasher.h"

#include <sodium.h>

#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

// Once per process, before any other libsodium call (it may be repeated).
bool SodiumReady() {
  static const bool ready = sodium_init() >= 0;
  return ready;
}

}  // namespace

PasswordHasher::PasswordHasher()
    : ops_limit_(crypto_pwhash_OPSLIMIT_INTERACTIVE), mem_limit_(crypto_pwhash_MEMLIMIT_INTERACTIVE) {
  if (!SodiumReady()) std::abort();  // no safe way on: the process cannot keep passwords
  absl::StatusOr<std::string> decoy = Hash("a password no account has");
  if (!decoy.ok()) std::abort();
  decoy_ = *std::move(decoy);
}

absl::Status PasswordHasher::Enter() {
  absl::MutexLock lock(&mutex_);
  const auto turn = [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return running_ < kConcurrentHashes; };
  if (!mutex_.AwaitWithTimeout(absl::Condition(&turn), kHashWait))
    return absl::ResourceExhaustedError(
        absl::StrCat("password checks are busy (", kConcurrentHashes, " at a time): try again in a moment"));
  ++running_;
  return absl::OkStatus();
}

void PasswordHasher::Leave() {
  absl::MutexLock lock(&mutex_);
  --running_;
}

absl::StatusOr<std::string> PasswordHasher::Hash(absl::string_view password) {
  if (absl::Status s = Enter(); !s.ok()) return s;
  char out[crypto_pwhash_STRBYTES];
  const int failed = crypto_pwhash_str(out, password.data(), password.size(), ops_limit_, mem_limit_);
  Leave();
  if (failed) return absl::ResourceExhaustedError("password: hashing it ran out of memory");
  return std::string(out);
}

absl::StatusOr<bool> PasswordHasher::Verify(absl::string_view password, absl::string_view hash) {
  // crypto_pwhash_str_verify reads a NUL-terminated string of at most
  // crypto_pwhash_STRBYTES: anything else is the decoy's turn.
  const bool usable = !hash.empty() && hash.size() < crypto_pwhash_STRBYTES;
  const std::string stored(usable ? hash : absl::string_view(decoy_));
  if (absl::Status s = Enter(); !s.ok()) return s;
  const bool match = crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
  Leave();
  return usable && match;
}

}  // namespace judkins
