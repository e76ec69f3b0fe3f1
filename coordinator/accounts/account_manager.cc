#include "coordinator/accounts/account_manager.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/secret.h"
#include "common/sha256.h"
#include "coordinator/domain/account_rules.h"

namespace judkins {
namespace {

// One answer for a wrong name and a wrong password, so that neither says
// which names exist.
constexpr char kWrongLogin[] = "wrong account name or password";

Caller CallerOf(const v1::Account& account, std::string via) {
  return Caller{account.name(), account.role(), account.id(), std::move(via)};
}

absl::Status ValidateRole(v1::AccountRole role) {
  if (!ParseRole(RoleWord(role))) return absl::InvalidArgumentError("role: user, approver or admin");
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Caller> AccountManager::Authenticate(absl::string_view token, const std::string& via) {
  if (SameSecret(token, admin_token_)) return Caller::AdminToken(via);
  if (SameSecret(token, worker_token_))
    return absl::PermissionDeniedError("a worker token cannot use the admin service");
  if (!absl::StartsWith(token, kPersonalTokenPrefix)) return absl::UnauthenticatedError("invalid token");
  absl::StatusOr<std::optional<v1::Account>> account = store_.AccountForToken(Sha256Hex(token));
  if (!account.ok()) return account.status();
  if (!account->has_value()) return absl::UnauthenticatedError("invalid token (revoked, or its account disabled)");
  return CallerOf(**account, via);
}

LoginThrottle& AccountManager::ThrottleOf(const std::string& name) {
  absl::MutexLock lock(&mutex_);
  std::unique_ptr<LoginThrottle>& throttle = throttles_[name];
  if (!throttle) throttle = std::make_unique<LoginThrottle>();
  return *throttle;
}

absl::StatusOr<AccountManager::Login> AccountManager::LogIn(const std::string& name, absl::string_view password,
                                                            absl::string_view device, const std::string& via,
                                                            absl::Time now) {
  if (!ValidateAccountName(name).ok() || !ValidatePassword(password).ok())
    return absl::PermissionDeniedError(kWrongLogin);
  absl::StatusOr<Store::StoredAccount> stored = store_.FindAccount(name);
  if (!stored.ok() && !absl::IsNotFound(stored.status())) return stored.status();
  // Names that are no account share one throttle, so guessing them is as slow.
  LoginThrottle& throttle = ThrottleOf(stored.ok() ? name : std::string());
  if (absl::Status s = throttle.MayTry(device, now); !s.ok()) return s;
  absl::StatusOr<bool> right = hasher_.Verify(password, stored.ok() ? stored->password_hash : "");
  if (!right.ok()) return right.status();
  const Caller who{name, v1::ACCOUNT_ROLE_UNSPECIFIED, 0, via};
  if (!*right || stored->account.disabled()) {
    throttle.Failed(device, now);
    if (absl::Status s = store_.AppendAudit(now, who, "login failed",
                                            stored.ok() && *right ? "the account is disabled" : kWrongLogin);
        !s.ok())
      return s;
    return absl::PermissionDeniedError(stored.ok() && *right ? "the account is disabled" : kWrongLogin);
  }
  absl::StatusOr<std::string> known_device = throttle.Succeeded(device, now);
  if (!known_device.ok()) return known_device.status();
  Login login{CallerOf(stored->account, via), *std::move(known_device)};
  if (absl::Status s = store_.AppendAudit(now, login.caller, "logged in", ""); !s.ok()) return s;
  return login;
}

absl::StatusOr<AccountManager::IssuedToken> AccountManager::IssueToken(const std::string& name,
                                                                       absl::string_view password,
                                                                       const std::string& label, const std::string& via,
                                                                       absl::Time now) {
  if (absl::Status s = ValidateTokenLabel(label); !s.ok()) return s;
  // A command line has no device cookie: it shares the untrusted tries.
  absl::StatusOr<Login> login = LogIn(name, password, "", via, now);
  if (!login.ok()) return login.status();
  absl::StatusOr<std::string> secret = NewSecretHex(kPersonalTokenBytes);
  if (!secret.ok()) return secret.status();
  IssuedToken issued;
  issued.token = absl::StrCat(kPersonalTokenPrefix, *secret);
  absl::StatusOr<Store::StoredAccount> stored = store_.FindAccount(name);
  if (!stored.ok()) return stored.status();
  issued.account = stored->account;
  absl::StatusOr<v1::ApiToken> info =
      store_.AddToken(issued.account, Sha256Hex(issued.token), label.empty() ? "no label" : label, now, login->caller);
  if (!info.ok()) return info.status();
  issued.info = *std::move(info);
  return issued;
}

absl::StatusOr<std::vector<v1::ApiToken>> AccountManager::ListTokens(const Caller& caller) {
  if (absl::Status s = Permit(caller, Action::kRead); !s.ok()) return s;
  // An admin sees everyone's; the admin token has no tokens of its own.
  return store_.ListTokens(Permit(caller, Action::kManageAccounts).ok() ? 0 : caller.account_id);
}

absl::Status AccountManager::RevokeToken(const Caller& caller, uint64_t token_id, absl::Time now) {
  if (absl::Status s = Permit(caller, Action::kRead); !s.ok()) return s;
  const bool anyones = Permit(caller, Action::kManageAccounts).ok();
  return store_.RevokeToken(token_id, anyones ? 0 : caller.account_id, now, caller);
}

absl::StatusOr<v1::Account> AccountManager::CreateAccount(const Caller& caller, const v1::CreateAccountRequest& request,
                                                          absl::Time now) {
  if (absl::Status s = Permit(caller, Action::kManageAccounts); !s.ok()) return s;
  if (absl::Status s = ValidateAccountName(request.name()); !s.ok()) return s;
  if (absl::Status s = ValidatePassword(request.password()); !s.ok()) return s;
  if (absl::Status s = ValidateRole(request.role()); !s.ok()) return s;
  absl::StatusOr<std::string> hash = hasher_.Hash(request.password());
  if (!hash.ok()) return hash.status();
  return store_.CreateAccount(request.name(), *hash, request.role(), now, caller);
}

absl::StatusOr<v1::Account> AccountManager::UpdateAccount(const Caller& caller, const v1::UpdateAccountRequest& request,
                                                          absl::Time now) {
  if (absl::Status s = Permit(caller, Action::kManageAccounts); !s.ok()) return s;
  Store::AccountChange change;
  if (request.role() != v1::ACCOUNT_ROLE_UNSPECIFIED) {
    if (absl::Status s = ValidateRole(request.role()); !s.ok()) return s;
    change.role = request.role();
  }
  if (!request.password().empty()) {
    if (absl::Status s = ValidatePassword(request.password()); !s.ok()) return s;
    absl::StatusOr<std::string> hash = hasher_.Hash(request.password());
    if (!hash.ok()) return hash.status();
    change.password_hash = *std::move(hash);
  }
  if (request.set_disabled()) change.disabled = request.disabled();
  // An admin who takes their own admin role away, or disables themselves,
  // could leave nobody to manage accounts: another admin must do it.
  if (request.name() == caller.name &&
      ((change.role && *change.role != v1::ACCOUNT_ROLE_ADMIN) || change.disabled.value_or(false)))
    return absl::FailedPreconditionError("name: an admin cannot demote or disable their own account");
  return store_.UpdateAccount(request.name(), change, now, caller);
}

absl::StatusOr<std::vector<v1::Account>> AccountManager::ListAccounts(const Caller& caller) {
  if (absl::Status s = Permit(caller, Action::kRead); !s.ok()) return s;
  return store_.ListAccounts();
}

}  // namespace judkins
