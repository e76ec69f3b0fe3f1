// Passwords kept as libsodium's Argon2id strings (crypto_pwhash_str: the
// salt and the cost travel inside the string, so the cost can be raised
// later and old hashes still verify). Each hash takes tens of megabytes for
// tens of milliseconds, by design; so that a burst of logins cannot take the
// machine's memory, at most kConcurrentHashes run at once and a caller that
// cannot get a turn within kHashWait is told to come back.
#ifndef JUDKINS_COORDINATOR_DOMAIN_PASSWORD_HASHER_H_
#define JUDKINS_COORDINATOR_DOMAIN_PASSWORD_HASHER_H_

#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace judkins {

class PasswordHasher {
 public:
  static constexpr int kConcurrentHashes = 2;
  static constexpr absl::Duration kHashWait = absl::Seconds(5);

  // At libsodium's interactive cost (OPSLIMIT/MEMLIMIT_INTERACTIVE: 2
  // passes over 64 MiB).
  PasswordHasher();

  absl::StatusOr<std::string> Hash(absl::string_view password);
  // True when `password` is the one `hash` was made from. An empty or
  // malformed hash matches nothing; it is still paid for, so a missing
  // account takes as long to refuse as a wrong password.
  absl::StatusOr<bool> Verify(absl::string_view password, absl::string_view hash);

 private:
  // Waits for a turn; RESOURCE_EXHAUSTED after kHashWait.
  absl::Status Enter();
  void Leave();

  const unsigned long long ops_limit_;
  const size_t mem_limit_;
  std::string decoy_;  // the hash a missing account is checked against
  absl::Mutex mutex_;
  int running_ ABSL_GUARDED_BY(mutex_) = 0;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_PASSWORD_HASHER_H_
