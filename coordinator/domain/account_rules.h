// What an account's name, password and a token's label may be: checked at
// the edge (the services and the web forms), with messages naming the field.
#ifndef JUDKINS_COORDINATOR_DOMAIN_ACCOUNT_RULES_H_
#define JUDKINS_COORDINATOR_DOMAIN_ACCOUNT_RULES_H_

#include <cstddef>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace judkins {

inline constexpr size_t kMinAccountNameLength = 2, kMaxAccountNameLength = 40;
// Long enough that a throttled guesser gets nowhere; short enough that the
// hash of a hostile megabyte is never computed.
inline constexpr size_t kMinPasswordLength = 10, kMaxPasswordLength = 200;
inline constexpr size_t kMaxTokenLabelLength = 100;

// Letters, digits, '.', '-' and '_' (names appear in logs, URLs and pages);
// never kAdminTokenName.
absl::Status ValidateAccountName(absl::string_view name, absl::string_view field = "name");
absl::Status ValidatePassword(absl::string_view password, absl::string_view field = "password");
absl::Status ValidateTokenLabel(absl::string_view label);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_ACCOUNT_RULES_H_
