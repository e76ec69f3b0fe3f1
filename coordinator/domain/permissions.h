// Who may do what: the caller of an admin call (an account, or the
// coordinator's admin token acting as an admin) and the one rule table that
// decides each action. The services ask Permit before they act; the web pages
// ask the same table, so a button is shown only to those it would serve.
#ifndef JUDKINS_COORDINATOR_DOMAIN_PERMISSIONS_H_
#define JUDKINS_COORDINATOR_DOMAIN_PERMISSIONS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "judkins/v1/coordinator.pb.h"
#include "proto/convert/account_role.h"

namespace judkins {

// The name the admin token acts under: tests it creates are owned by it. No
// account may take it.
inline constexpr char kAdminTokenName[] = "admin";

struct Caller {
  std::string name;  // the account's, or kAdminTokenName
  v1::AccountRole role = v1::ACCOUNT_ROLE_UNSPECIFIED;
  uint64_t account_id = 0;  // 0 for the admin token
  // How it reached us, for logs: "gRPC, ipv4:10.0.0.7:5123", "web, 10.0.0.7".
  std::string via;

  static Caller AdminToken(std::string via) {
    return Caller{kAdminTokenName, v1::ACCOUNT_ROLE_ADMIN, 0, std::move(via)};
  }
  // As a test's log and the audit log name it: "alice (web, 10.0.0.7)".
  std::string Label() const;
};

enum class Action {
  kRead,  // tests, workers, records, one's own tokens
  kUploadArtifact,
  kCreateTest,
  kStopTest,       // and change its priority
  kExcludeWorker,  // take a worker's results off a test
  kApproveTest,
  kReadAuditLog,
  kManageAccounts,  // create, change role or password, disable; anyone's tokens
};

// OK, or PERMISSION_DENIED saying which role the action needs. `owner`, for
// actions on a test, is its owner: users may stop their own tests only.
absl::Status Permit(const Caller& caller, Action action, absl::string_view owner = "");

// A test created by this caller waits for an approver (fishtest's rule for
// new users): the state it starts in.
v1::TestState InitialTestState(const Caller& caller);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_PERMISSIONS_H_
