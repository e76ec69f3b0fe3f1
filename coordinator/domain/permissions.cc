#include "coordinator/domain/permissions.h"

#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

// The least role each action needs, and who else may do it.
v1::AccountRole LeastRole(Action action) {
  switch (action) {
    case Action::kRead:
    case Action::kUploadArtifact:
    case Action::kCreateTest:
    case Action::kStopTest:  // a user's own tests only: see Permit
      return v1::ACCOUNT_ROLE_USER;
    case Action::kExcludeWorker:
    case Action::kApproveTest:
    case Action::kReadAuditLog:
      return v1::ACCOUNT_ROLE_APPROVER;
    case Action::kManageAccounts:
      return v1::ACCOUNT_ROLE_ADMIN;
  }
  return v1::ACCOUNT_ROLE_ADMIN;
}

const char* ActionWords(Action action) {
  switch (action) {
    case Action::kRead:
      return "read";
    case Action::kUploadArtifact:
      return "upload engines";
    case Action::kCreateTest:
      return "create tests";
    case Action::kStopTest:
      return "stop or re-prioritise another account's test";
    case Action::kExcludeWorker:
      return "take a worker off a test";
    case Action::kApproveTest:
      return "approve tests";
    case Action::kReadAuditLog:
      return "read the audit log";
    case Action::kManageAccounts:
      return "manage accounts";
  }
  return "do that";
}

// "a user", "an approver", "an admin" (of the role words, those two begin
// with a vowel sound).
std::string WithArticle(const std::string& role) { return absl::StrCat(role.front() == 'a' ? "an " : "a ", role); }

}  // namespace

std::string Caller::Label() const { return via.empty() ? name : absl::StrCat(name, " (", via, ")"); }

absl::Status Permit(const Caller& caller, Action action, absl::string_view owner) {
  if (caller.role == v1::ACCOUNT_ROLE_UNSPECIFIED)
    return absl::PermissionDeniedError(absl::StrCat(caller.name, " has no role"));
  v1::AccountRole needed = LeastRole(action);
  // A user manages its own tests; anyone else's need an approver.
  if (action == Action::kStopTest && owner != caller.name) needed = v1::ACCOUNT_ROLE_APPROVER;
  if (caller.role >= needed) return absl::OkStatus();
  return absl::PermissionDeniedError(absl::StrCat(caller.name, " is ", WithArticle(RoleWord(caller.role)), ": only ",
                                                  WithArticle(RoleWord(needed)), " may ", ActionWords(action)));
}

v1::TestState InitialTestState(const Caller& caller) {
  return caller.role >= v1::ACCOUNT_ROLE_APPROVER ? v1::TEST_STATE_PENDING : v1::TEST_STATE_AWAITING_APPROVAL;
}

}  // namespace judkins
