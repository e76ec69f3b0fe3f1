#include "coordinator/service/auth.h"

#include <cstdlib>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace judkins {
namespace {

// Comparison whose time does not depend on where the strings differ.
bool SameToken(absl::string_view a, absl::string_view b) {
  unsigned char difference = a.size() != b.size();
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) difference |= a[i] ^ b[i];
  return difference == 0;
}

}  // namespace

absl::StatusOr<std::string> LoadToken(const std::string& file, const char* environment_variable) {
  std::string token;
  if (!file.empty()) {
    std::ifstream in(file);
    if (!in) return absl::NotFoundError(absl::StrCat("cannot read token file '", file, "'"));
    std::getline(in, token);
  } else if (const char* value = std::getenv(environment_variable)) {
    token = value;
  } else {
    return absl::InvalidArgumentError(absl::StrCat("no token: give a token file or set ", environment_variable));
  }
  token = std::string(absl::StripAsciiWhitespace(token));
  if (token.size() < 16) return absl::InvalidArgumentError("a token needs at least 16 characters");
  return token;
}

grpc::Status Authorize(const grpc::ServerContextBase& context, const Tokens& tokens, Role role) {
  const auto& metadata = context.client_metadata();
  const auto it = metadata.find("authorization");
  if (it == metadata.end()) return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "missing authorization metadata");
  absl::string_view value(it->second.data(), it->second.size());
  if (!absl::ConsumePrefix(&value, "Bearer "))
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "authorization must be 'Bearer <token>'");
  const std::string& needed = role == Role::kAdmin ? tokens.admin : tokens.worker;
  const std::string& other = role == Role::kAdmin ? tokens.worker : tokens.admin;
  if (SameToken(value, needed)) return grpc::Status::OK;
  if (SameToken(value, other))
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                        role == Role::kAdmin ? "a worker token cannot use the admin service"
                                             : "an admin token cannot act as a worker");
  return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "invalid token");
}

}  // namespace judkins
