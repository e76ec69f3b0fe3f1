#include "common/token.h"

#include <cstdlib>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace judkins {

absl::StatusOr<std::string> LoadToken(const std::string& file, const char* environment_variable) {
  std::string token;
  std::string source;
  if (!file.empty()) {
    std::ifstream in(file);
    if (!in) return absl::NotFoundError(absl::StrCat("cannot read token file '", file, "'"));
    std::getline(in, token);
    source = absl::StrCat("the token in '", file, "'");
  } else if (const char* value = std::getenv(environment_variable)) {
    token = value;
    source = absl::StrCat("$", environment_variable);
  } else {
    return absl::InvalidArgumentError(absl::StrCat("no token: give a token file or set $", environment_variable));
  }
  token = std::string(absl::StripAsciiWhitespace(token));
  if (token.size() < kMinTokenLength)
    return absl::InvalidArgumentError(
        absl::StrCat(source, " is too short: a token needs at least ", kMinTokenLength, " characters"));
  return token;
}

}  // namespace judkins
