// The rule table of who may do what (coordinator/domain/permissions.h).
#include "coordinator/domain/permissions.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "coordinator/domain/account_rules.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

Caller As(const std::string& name, v1::AccountRole role) { return Caller{name, role, 1, "test"}; }

TEST(PermissionsTest, AUserReadsCreatesAndStopsOnlyTheirOwnTests) {
  const Caller bob = As("bob", v1::ACCOUNT_ROLE_USER);
  EXPECT_TRUE(Permit(bob, Action::kRead).ok());
  EXPECT_TRUE(Permit(bob, Action::kUploadArtifact).ok());
  EXPECT_TRUE(Permit(bob, Action::kCreateTest).ok());
  EXPECT_TRUE(Permit(bob, Action::kStopTest, "bob").ok());
  EXPECT_THAT(Permit(bob, Action::kStopTest, "eve").message(),
              HasSubstr("bob is a user: only an approver may stop or re-prioritise another account's test"));
  EXPECT_FALSE(Permit(bob, Action::kApproveTest).ok());
  EXPECT_FALSE(Permit(bob, Action::kExcludeWorker).ok());
  EXPECT_FALSE(Permit(bob, Action::kReadAuditLog).ok());
  EXPECT_FALSE(Permit(bob, Action::kManageAccounts).ok());
}

TEST(PermissionsTest, AnApproverManagesAnyonesTestsButNoAccounts) {
  const Caller vera = As("vera", v1::ACCOUNT_ROLE_APPROVER);
  EXPECT_TRUE(Permit(vera, Action::kStopTest, "eve").ok());
  EXPECT_TRUE(Permit(vera, Action::kApproveTest).ok());
  EXPECT_TRUE(Permit(vera, Action::kExcludeWorker).ok());
  EXPECT_TRUE(Permit(vera, Action::kReadAuditLog).ok());
  EXPECT_THAT(Permit(vera, Action::kManageAccounts).message(),
              HasSubstr("vera is an approver: only an admin may manage accounts"));
  EXPECT_TRUE(absl::IsPermissionDenied(Permit(vera, Action::kManageAccounts)));
}

TEST(PermissionsTest, TheAdminTokenMayDoAnythingAndACallerWithoutARoleNothing) {
  const Caller admin = Caller::AdminToken("gRPC, test");
  for (Action action : {Action::kRead, Action::kStopTest, Action::kApproveTest, Action::kManageAccounts})
    EXPECT_TRUE(Permit(admin, action, "someone").ok());
  EXPECT_EQ(admin.Label(), "admin (gRPC, test)");
  EXPECT_FALSE(Permit(As("nobody", v1::ACCOUNT_ROLE_UNSPECIFIED), Action::kRead).ok());
}

TEST(PermissionsTest, OnlyAUsersTestsWaitForApproval) {
  EXPECT_EQ(InitialTestState(As("bob", v1::ACCOUNT_ROLE_USER)), v1::TEST_STATE_AWAITING_APPROVAL);
  EXPECT_EQ(InitialTestState(As("vera", v1::ACCOUNT_ROLE_APPROVER)), v1::TEST_STATE_PENDING);
  EXPECT_EQ(InitialTestState(Caller::AdminToken("")), v1::TEST_STATE_PENDING);
}

TEST(AccountRulesTest, NamesPasswordsAndLabelsAreCheckedNamingTheField) {
  EXPECT_TRUE(ValidateAccountName("ada.lovelace-2_x").ok());
  EXPECT_THAT(ValidateAccountName("ada lovelace").message(), HasSubstr("name: letters, digits"));
  EXPECT_THAT(ValidateAccountName("admin").message(), HasSubstr("the admin token's name"));
  EXPECT_THAT(ValidateAccountName(std::string(41, 'a')).message(), HasSubstr("2 to 40 characters (got 41)"));
  EXPECT_TRUE(ValidatePassword("ten chars!").ok());
  EXPECT_THAT(ValidatePassword("nine char").message(), HasSubstr("password: 10 to 200 bytes (got 9)"));
  EXPECT_THAT(ValidatePassword(std::string(201, 'x')).message(), HasSubstr("(got 201)"));
  EXPECT_TRUE(ValidateTokenLabel("laptop").ok());
  EXPECT_THAT(ValidateTokenLabel("bell\a").message(), HasSubstr("label: printable text"));
}

}  // namespace
}  // namespace judkins
