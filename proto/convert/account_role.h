// An account's role as a word ("user", "approver", "admin") and back: how the
// CLI, the web pages and the coordinator's messages name it.
#ifndef JUDKINS_PROTO_CONVERT_ACCOUNT_ROLE_H_
#define JUDKINS_PROTO_CONVERT_ACCOUNT_ROLE_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// "user", "approver", "admin"; "none" for UNSPECIFIED (and anything else).
std::string RoleWord(v1::AccountRole role);
// nullopt for any other word (and for "none").
std::optional<v1::AccountRole> ParseRole(absl::string_view word);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_ACCOUNT_ROLE_H_
