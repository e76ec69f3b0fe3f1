// People's accounts through the real coordinator (gRPC on loopback, a real
// SQLite file, real Argon2id hashes): the first admin made with the admin
// token, personal tokens for passwords, roles deciding who may approve and
// stop whose tests, a user's test waiting for an approver before any worker
// gets it, revoked tokens and disabled accounts refused, the audit log, and
// the CLI logging in and acting with its saved token.
#include <gmock/gmock.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/contract.h"
#include "tests/support/admin_calls.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

constexpr char kWorkerToken[] = "worker-token-for-accounts-01";
constexpr char kAdminToken[] = "admin-token-for-accounts-001";
constexpr char kPassword[] = "correct horse battery";

class AccountsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CoordinatorOptions options;
    options.listen = "127.0.0.1:0";
    options.data_dir = scratch_.path() + "/data";
    options.tokens = {kWorkerToken, kAdminToken};
    absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    auto channel = grpc::CreateChannel(Address(), grpc::InsecureChannelCredentials());
    admin_ = v1::AdminService::NewStub(channel);
    worker_ = v1::WorkerService::NewStub(channel);
  }
  std::string Address() const { return absl::StrCat("127.0.0.1:", server_->port()); }
  static std::unique_ptr<grpc::ClientContext> As(const std::string& token) {
    return BearerContext(token, absl::Seconds(30));
  }
  grpc::Status CreateAccount(const std::string& name, v1::AccountRole role, const std::string& as = kAdminToken) {
    v1::CreateAccountRequest request;
    request.set_name(name);
    request.set_password(kPassword);
    request.set_role(role);
    v1::Account account;
    return admin_->CreateAccount(As(as).get(), request, &account);
  }
  // A personal token for the password; empty when refused (last_status_ says why).
  std::string LogIn(const std::string& name, const std::string& password = kPassword) {
    v1::IssueTokenRequest request;
    request.set_name(name);
    request.set_password(password);
    request.set_label("test");
    v1::IssueTokenResponse response;
    last_status_ = admin_->IssueToken(As("").get(), request, &response);
    return response.token();
  }
  // A fixed-games test of an engine the caller uploads.
  v1::Test CreateTest(const std::string& token) {
    const std::string sha = testing::UploadBytes(*admin_, "an engine", token);
    EXPECT_FALSE(sha.empty());
    v1::CreateTestRequest request;
    *request.mutable_spec() = testing::FixedPairsSpec(sha, 10);
    v1::Test test;
    last_status_ = admin_->CreateTest(As(token).get(), request, &test);
    return test;
  }
  grpc::Status Approve(uint64_t test_id, const std::string& token, v1::Test* test) {
    v1::ApproveTestRequest request;
    request.set_test_id(test_id);
    return admin_->ApproveTest(As(token).get(), request, test);
  }
  grpc::Status Stop(uint64_t test_id, const std::string& token) {
    v1::StopTestRequest request;
    request.set_test_id(test_id);
    v1::Test test;
    return admin_->StopTest(As(token).get(), request, &test);
  }
  grpc::Status WhoAmI(const std::string& token, v1::Account* account) {
    return admin_->WhoAmI(As(token).get(), v1::WhoAmIRequest(), account);
  }
  // The test a new worker is given, or 0.
  uint64_t WorkOffered() {
    v1::RegisterRequest registration;
    registration.mutable_capabilities()->set_name("w");
    registration.mutable_capabilities()->set_concurrency(1);
    registration.mutable_capabilities()->set_speed(1e6);
    v1::RegisterResponse registered;
    EXPECT_TRUE(worker_->Register(As(kWorkerToken).get(), registration, &registered).ok());
    v1::WorkRequest request;
    request.set_worker_id(registered.worker_id());
    v1::WorkResponse response;
    auto context = As(kWorkerToken);
    context->AddMetadata(contract::kWorkerSecretMetadata, registered.worker_secret());
    EXPECT_TRUE(worker_->RequestWork(context.get(), request, &response).ok());
    return response.has_batch() ? response.batch().test_id() : 0;
  }
  std::vector<std::string> AuditActions(const std::string& token) {
    v1::AuditLog log;
    last_status_ = admin_->GetAuditLog(As(token).get(), v1::GetAuditLogRequest(), &log);
    std::vector<std::string> actions;
    for (const v1::AuditEntry& entry : log.entries()) actions.push_back(entry.action() + " by " + entry.by());
    return actions;
  }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};  // first: removed after the server stops
  std::unique_ptr<CoordinatorServer> server_;
  std::unique_ptr<v1::AdminService::Stub> admin_;
  std::unique_ptr<v1::WorkerService::Stub> worker_;
  grpc::Status last_status_;
};

TEST_F(AccountsTest, TheAdminTokenMakesTheFirstAdminWhoseTokenActsAsThem) {
  ASSERT_TRUE(CreateAccount("ada", v1::ACCOUNT_ROLE_ADMIN).ok());
  const std::string token = LogIn("ada");
  ASSERT_TRUE(last_status_.ok()) << last_status_.error_message();
  EXPECT_THAT(token, ::testing::StartsWith("jkp_"));
  v1::Account me;
  ASSERT_TRUE(WhoAmI(token, &me).ok());
  EXPECT_EQ(me.name(), "ada");
  EXPECT_EQ(me.role(), v1::ACCOUNT_ROLE_ADMIN);
  // The new admin makes accounts in turn; the name is taken once.
  EXPECT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER, token).ok());
  EXPECT_EQ(CreateAccount("bob", v1::ACCOUNT_ROLE_USER, token).error_code(), grpc::StatusCode::ALREADY_EXISTS);
}

TEST_F(AccountsTest, BadNamesPasswordsAndRolesAreRefusedNamingTheField) {
  EXPECT_THAT(CreateAccount("a b", v1::ACCOUNT_ROLE_USER).error_message(), HasSubstr("name: letters, digits"));
  EXPECT_THAT(CreateAccount("admin", v1::ACCOUNT_ROLE_USER).error_message(), HasSubstr("admin token's name"));
  EXPECT_THAT(CreateAccount("x", v1::ACCOUNT_ROLE_USER).error_message(), HasSubstr("name: 2 to 40 characters"));
  EXPECT_THAT(CreateAccount("carol", v1::ACCOUNT_ROLE_UNSPECIFIED).error_message(), HasSubstr("role:"));
  v1::CreateAccountRequest short_password;
  short_password.set_name("carol");
  short_password.set_password("short");
  short_password.set_role(v1::ACCOUNT_ROLE_USER);
  v1::Account account;
  EXPECT_THAT(admin_->CreateAccount(As(kAdminToken).get(), short_password, &account).error_message(),
              HasSubstr("password: 10 to 200 bytes"));
}

TEST_F(AccountsTest, AWrongPasswordAndAnUnknownNameGetTheSameAnswerAndAreHeldBack) {
  ASSERT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER).ok());
  EXPECT_TRUE(LogIn("bob", "not the password").empty());
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  const std::string wrong_password = last_status_.error_message();
  EXPECT_TRUE(LogIn("nobody", kPassword).empty());
  EXPECT_EQ(last_status_.error_message(), wrong_password);
  // Past kMaxFailedLogins wrong tries in a row, even the right password waits.
  for (int i = 1; i < kMaxFailedLogins; ++i) LogIn("bob", "not the password");
  EXPECT_TRUE(LogIn("bob").empty());
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
}

TEST_F(AccountsTest, AUsersTestWaitsForAnApproverBeforeAnyWorkerGetsIt) {
  ASSERT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER).ok());
  ASSERT_TRUE(CreateAccount("vera", v1::ACCOUNT_ROLE_APPROVER).ok());
  const std::string bob = LogIn("bob"), vera = LogIn("vera");
  const v1::Test test = CreateTest(bob);
  ASSERT_TRUE(last_status_.ok()) << last_status_.error_message();
  EXPECT_EQ(test.owner(), "bob");
  EXPECT_EQ(test.state(), v1::TEST_STATE_AWAITING_APPROVAL);
  EXPECT_EQ(WorkOffered(), 0u);
  // A user approves nothing, not even their own test.
  v1::Test approved;
  const grpc::Status refused = Approve(test.id(), bob, &approved);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(refused.error_message(), HasSubstr("bob is a user: only an approver may approve tests"));
  ASSERT_TRUE(Approve(test.id(), vera, &approved).ok());
  EXPECT_EQ(approved.state(), v1::TEST_STATE_PENDING);
  EXPECT_EQ(Approve(test.id(), vera, &approved).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(WorkOffered(), test.id());
  // An approver's own tests go straight to the queue.
  EXPECT_EQ(CreateTest(vera).state(), v1::TEST_STATE_PENDING);
}

TEST_F(AccountsTest, AUserStopsTheirOwnTestsAndAnApproverAnyones) {
  ASSERT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER).ok());
  ASSERT_TRUE(CreateAccount("eve", v1::ACCOUNT_ROLE_USER).ok());
  ASSERT_TRUE(CreateAccount("vera", v1::ACCOUNT_ROLE_APPROVER).ok());
  const std::string bob = LogIn("bob"), eve = LogIn("eve"), vera = LogIn("vera");
  const uint64_t bobs = CreateTest(bob).id(), other = CreateTest(bob).id();
  const grpc::Status refused = Stop(bobs, eve);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(refused.error_message(), HasSubstr("only an approver may stop"));
  EXPECT_TRUE(Stop(bobs, bob).ok());
  EXPECT_TRUE(Stop(other, vera).ok());
  v1::GetTestRequest get;
  get.set_test_id(other);
  v1::Test stopped;
  ASSERT_TRUE(admin_->GetTest(As(eve).get(), get, &stopped).ok());
  EXPECT_EQ(stopped.finished_because(), "stopped by vera");
  // Unknown tests are not found, whoever asks.
  EXPECT_EQ(Stop(9999, vera).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(AccountsTest, ARevokedTokenAndADisabledAccountAreRefused) {
  ASSERT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER).ok());
  const std::string first = LogIn("bob"), second = LogIn("bob");
  v1::ListTokensResponse tokens;
  ASSERT_TRUE(admin_->ListTokens(As(first).get(), v1::ListTokensRequest(), &tokens).ok());
  ASSERT_EQ(tokens.tokens_size(), 2);
  v1::RevokeTokenRequest revoke;
  revoke.set_token_id(tokens.tokens(0).id());
  v1::RevokeTokenResponse revoked;
  ASSERT_TRUE(admin_->RevokeToken(As(second).get(), revoke, &revoked).ok());
  v1::Account me;
  EXPECT_EQ(WhoAmI(first, &me).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(WhoAmI(second, &me).ok());
  // Another account's token is as good as missing to a user.
  ASSERT_TRUE(CreateAccount("eve", v1::ACCOUNT_ROLE_USER).ok());
  revoke.set_token_id(tokens.tokens(1).id());
  EXPECT_EQ(admin_->RevokeToken(As(LogIn("eve")).get(), revoke, &revoked).error_code(), grpc::StatusCode::NOT_FOUND);
  // Disabled: its tokens and its password stop working.
  v1::UpdateAccountRequest disable;
  disable.set_name("bob");
  disable.set_set_disabled(true);
  disable.set_disabled(true);
  v1::Account account;
  ASSERT_TRUE(admin_->UpdateAccount(As(kAdminToken).get(), disable, &account).ok());
  EXPECT_EQ(WhoAmI(second, &me).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(LogIn("bob").empty());
  EXPECT_THAT(last_status_.error_message(), HasSubstr("disabled"));
}

TEST_F(AccountsTest, OnlyAdminsManageAccountsAndNoAdminDemotesThemself) {
  ASSERT_TRUE(CreateAccount("ada", v1::ACCOUNT_ROLE_ADMIN).ok());
  ASSERT_TRUE(CreateAccount("vera", v1::ACCOUNT_ROLE_APPROVER).ok());
  const std::string ada = LogIn("ada"), vera = LogIn("vera");
  EXPECT_THAT(CreateAccount("bob", v1::ACCOUNT_ROLE_USER, vera).error_message(),
              HasSubstr("vera is an approver: only an admin may manage accounts"));
  v1::UpdateAccountRequest demote;
  demote.set_name("ada");
  demote.set_role(v1::ACCOUNT_ROLE_USER);
  v1::Account account;
  EXPECT_EQ(admin_->UpdateAccount(As(ada).get(), demote, &account).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  demote.set_name("vera");
  ASSERT_TRUE(admin_->UpdateAccount(As(ada).get(), demote, &account).ok());
  EXPECT_EQ(account.role(), v1::ACCOUNT_ROLE_USER);
}

TEST_F(AccountsTest, TheAuditLogSaysWhoDidWhatNewestFirst) {
  ASSERT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER).ok());
  ASSERT_TRUE(CreateAccount("vera", v1::ACCOUNT_ROLE_APPROVER).ok());
  const std::string bob = LogIn("bob"), vera = LogIn("vera");
  LogIn("bob", "not the password");
  const v1::Test test = CreateTest(bob);
  v1::Test approved;
  ASSERT_TRUE(Approve(test.id(), vera, &approved).ok());
  const std::vector<std::string> actions = AuditActions(vera);
  ASSERT_TRUE(last_status_.ok()) << last_status_.error_message();
  const auto has = [&](const std::string& prefix) {
    return std::any_of(actions.begin(), actions.end(), [&](const std::string& a) { return a.starts_with(prefix); });
  };
  EXPECT_TRUE(has("account created by admin (gRPC")) << ::testing::PrintToString(actions);
  EXPECT_TRUE(has("token issued by bob (gRPC"));
  EXPECT_TRUE(has("logged in by bob (gRPC"));
  EXPECT_TRUE(has("engine uploaded by bob (gRPC"));
  EXPECT_TRUE(has("login failed by bob (gRPC"));
  EXPECT_TRUE(has(absl::StrCat("test ", test.id(), " created by bob (gRPC")));
  EXPECT_TRUE(has(absl::StrCat("test ", test.id(), " approved by vera (gRPC")));
  AuditActions(bob);
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::PERMISSION_DENIED);
}

TEST_F(AccountsTest, TheCliLogsInSavesItsTokenAloneForItsOwnerAndActsAsTheAccount) {
  ASSERT_TRUE(CreateAccount("vera", v1::ACCOUNT_ROLE_APPROVER).ok());
  ASSERT_TRUE(CreateAccount("bob", v1::ACCOUNT_ROLE_USER).ok());
  const uint64_t waiting = CreateTest(LogIn("bob")).id();
  const std::string saved = scratch_.path() + "/config/judkins/token";
  const auto judkins = [&](std::vector<std::string> words, const std::string& input, std::string* printed) {
    words.insert(words.end(), {"--server", Address()});
    std::ostringstream out, err;
    std::istringstream in(input);
    const int code = RunCli(words, out, err, in);
    *printed = out.str() + err.str();
    return code;
  };
  std::string printed;
  ASSERT_EQ(judkins({"login", "vera", "--save", saved}, std::string(kPassword) + "\n", &printed), 0) << printed;
  EXPECT_THAT(printed, HasSubstr("logged in as vera (approver)"));
  struct stat file {};
  ASSERT_EQ(stat(saved.c_str(), &file), 0);
  EXPECT_EQ(file.st_mode & 0777, 0600u);
  // Later commands find the token through $JUDKINS_TOKEN_FILE.
  ASSERT_EQ(setenv("JUDKINS_TOKEN_FILE", saved.c_str(), 1), 0);
  ASSERT_EQ(unsetenv("JUDKINS_ADMIN_TOKEN"), 0);
  EXPECT_EQ(judkins({"whoami"}, "", &printed), 0) << printed;
  EXPECT_EQ(printed, "vera (approver)\n");
  EXPECT_EQ(judkins({"test", "approve", std::to_string(waiting)}, "", &printed), 0) << printed;
  EXPECT_THAT(printed, HasSubstr("pending"));
  EXPECT_EQ(judkins({"token", "list"}, "", &printed), 0);
  EXPECT_THAT(printed, HasSubstr("vera"));
  EXPECT_NE(judkins({"account", "create", "carl", "--role", "user"}, std::string(kPassword) + "\n", &printed), 0);
  EXPECT_THAT(printed, HasSubstr("only an admin may manage accounts"));
  EXPECT_NE(judkins({"login", "vera", "--save", saved}, "wrong password\n", &printed), 0);
  EXPECT_THAT(printed, HasSubstr("wrong account name or password"));
  unsetenv("JUDKINS_TOKEN_FILE");
}

}  // namespace
}  // namespace judkins
