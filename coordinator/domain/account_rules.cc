#include "coordinator/domain/account_rules.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "common/valid_text.h"
#include "coordinator/domain/permissions.h"

namespace judkins {

absl::Status ValidateAccountName(absl::string_view name, absl::string_view field) {
  if (name.size() < kMinAccountNameLength || name.size() > kMaxAccountNameLength)
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", kMinAccountNameLength, " to ", kMaxAccountNameLength,
                                                   " characters (got ", name.size(), ")"));
  for (char c : name)
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_')
      return absl::InvalidArgumentError(absl::StrCat(field, ": letters, digits, '.', '-' and '_' only"));
  if (name == kAdminTokenName)
    return absl::InvalidArgumentError(absl::StrCat(field, ": '", kAdminTokenName, "' is the admin token's name"));
  return absl::OkStatus();
}

absl::Status ValidatePassword(absl::string_view password, absl::string_view field) {
  if (password.size() < kMinPasswordLength || password.size() > kMaxPasswordLength)
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", kMinPasswordLength, " to ", kMaxPasswordLength,
                                                   " bytes (got ", password.size(), ")"));
  return absl::OkStatus();
}

absl::Status ValidateTokenLabel(absl::string_view label) {
  if (label.size() > kMaxTokenLabelLength || !IsValidText(label))
    return absl::InvalidArgumentError(absl::StrCat("label: printable text, at most ", kMaxTokenLabelLength, " bytes"));
  return absl::OkStatus();
}

}  // namespace judkins
