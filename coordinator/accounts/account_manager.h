// People's accounts, as the services and the web pages use them: who a
// bearer token or a password is (Authenticate, LogIn), personal API tokens,
// and account management, each decided by the rules (account_rules.h,
// permissions.h) before the store keeps it. Wrong passwords are held back
// per account (LoginThrottle) and written to the audit log.
#ifndef JUDKINS_COORDINATOR_ACCOUNTS_ACCOUNT_MANAGER_H_
#define JUDKINS_COORDINATOR_ACCOUNTS_ACCOUNT_MANAGER_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/accounts/login_throttle.h"
#include "coordinator/domain/password_hasher.h"
#include "coordinator/domain/permissions.h"
#include "coordinator/store/store.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// A personal token: a prefix that says what it is (and lets secret scanners
// find one pasted in the open), then random hex.
inline constexpr char kPersonalTokenPrefix[] = "jkp_";
inline constexpr size_t kPersonalTokenBytes = 24;

class AccountManager {
 public:
  // `admin_token` and `worker_token` are the coordinator's own (a worker's
  // token is refused by name rather than as unknown).
  AccountManager(Store& store, PasswordHasher& hasher, std::string admin_token, std::string worker_token)
      : store_(store), hasher_(hasher), admin_token_(std::move(admin_token)), worker_token_(std::move(worker_token)) {}

  // Who presents this bearer token: the admin token, or an enabled
  // account's personal token. UNAUTHENTICATED for an unknown token,
  // PERMISSION_DENIED for the workers'. `via` says how the call came, for logs.
  absl::StatusOr<Caller> Authenticate(absl::string_view token, const std::string& via);
  // The account with this password, if it is enabled; PERMISSION_DENIED
  // otherwise (the same words whether the name or the password was wrong),
  // RESOURCE_EXHAUSTED while the tries are held back: those of the browser
  // with this device id (its cookie's) if it is known, else those of every
  // caller without one (LoginThrottle). `device` comes back as the id the
  // browser is to keep.
  struct Login {
    Caller caller;
    std::string device;
  };
  absl::StatusOr<Login> LogIn(const std::string& name, absl::string_view password, absl::string_view device,
                              const std::string& via, absl::Time now);

  // A new personal token for the account with this password: the token
  // (shown once; only its hash is kept) and what ListTokens will show of it.
  struct IssuedToken {
    std::string token;
    v1::ApiToken info;
    v1::Account account;
  };
  absl::StatusOr<IssuedToken> IssueToken(const std::string& name, absl::string_view password, const std::string& label,
                                         const std::string& via, absl::Time now);
  // The caller's own tokens; an admin's: everyone's.
  absl::StatusOr<std::vector<v1::ApiToken>> ListTokens(const Caller& caller);
  // One of the caller's own tokens; an admin may revoke anyone's.
  absl::Status RevokeToken(const Caller& caller, uint64_t token_id, absl::Time now);

  // Admins only.
  absl::StatusOr<v1::Account> CreateAccount(const Caller& caller, const v1::CreateAccountRequest& request,
                                            absl::Time now);
  absl::StatusOr<v1::Account> UpdateAccount(const Caller& caller, const v1::UpdateAccountRequest& request,
                                            absl::Time now);
  absl::StatusOr<std::vector<v1::Account>> ListAccounts(const Caller& caller);

 private:
  LoginThrottle& ThrottleOf(const std::string& name) ABSL_LOCKS_EXCLUDED(mutex_);

  Store& store_;
  PasswordHasher& hasher_;
  const std::string admin_token_, worker_token_;
  absl::Mutex mutex_;
  // One per account that has tried to log in (accounts are few: they are made by admins).
  absl::flat_hash_map<std::string, std::unique_ptr<LoginThrottle>> throttles_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_ACCOUNTS_ACCOUNT_MANAGER_H_
