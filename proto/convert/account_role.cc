#include "proto/convert/account_role.h"

namespace judkins {

std::string RoleWord(v1::AccountRole role) {
  switch (role) {
    case v1::ACCOUNT_ROLE_USER:
      return "user";
    case v1::ACCOUNT_ROLE_APPROVER:
      return "approver";
    case v1::ACCOUNT_ROLE_ADMIN:
      return "admin";
    default:
      return "none";
  }
}

std::optional<v1::AccountRole> ParseRole(absl::string_view word) {
  for (v1::AccountRole role : {v1::ACCOUNT_ROLE_USER, v1::ACCOUNT_ROLE_APPROVER, v1::ACCOUNT_ROLE_ADMIN})
    if (word == RoleWord(role)) return role;
  return std::nullopt;
}

}  // namespace judkins
