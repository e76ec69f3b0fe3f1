// Secrets: drawn from the operating system's generator, compared in time
// that does not depend on where two strings differ.
#ifndef JUDKINS_COMMON_SECRET_H_
#define JUDKINS_COMMON_SECRET_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace judkins {

// `bytes` random bytes as lower-case hex; an error only if the generator fails.
absl::StatusOr<std::string> NewSecretHex(size_t bytes);

// Equal strings, compared without an early exit (a token check must not tell
// an attacker how much of a guess was right).
bool SameSecret(absl::string_view a, absl::string_view b);

}  // namespace judkins

#endif  // JUDKINS_COMMON_SECRET_H_
