// Bearer tokens, read the one way every program reads them: from a file (its
// first line, trimmed of white space, as `echo TOKEN > file` writes it) or,
// when no file is given, from an environment variable; never from the
// command line, where `ps` would show it.
#ifndef JUDKINS_COMMON_TOKEN_H_
#define JUDKINS_COMMON_TOKEN_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"

namespace judkins {

// Shorter tokens are refused: they could be guessed.
inline constexpr size_t kMinTokenLength = 16;

// The token, or an error naming the file or the variable.
absl::StatusOr<std::string> LoadToken(const std::string& file, const char* environment_variable);

}  // namespace judkins

#endif  // JUDKINS_COMMON_TOKEN_H_
