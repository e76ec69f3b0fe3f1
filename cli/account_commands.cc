#include "cli/account_commands.h"

#include <termios.h>
#include <unistd.h>

#include <fstream>

#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "cli/command_support.h"
#include "cli/saved_token.h"
#include "common/command_line.h"
#include "common/valid_text.h"
#include "proto/convert/account_role.h"

namespace judkins {
namespace {

std::string When(int64_t unix_seconds) {
  return absl::FormatTime("%Y-%m-%d %H:%M:%S", absl::FromUnixSeconds(unix_seconds), absl::UTCTimeZone());
}

// Echo off while a password is typed at a terminal; restored on the way out.
class NoEcho {
 public:
  NoEcho() : active_(isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved_) == 0) {
    if (!active_) return;
    termios quiet = saved_;
    quiet.c_lflag &= ~tcflag_t(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  ~NoEcho() {
    if (active_) tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
  }
  NoEcho(const NoEcho&) = delete;
  NoEcho& operator=(const NoEcho&) = delete;
  bool active() const { return active_; }

 private:
  termios saved_{};
  const bool active_;
};

}  // namespace

AccountCommands::AccountCommands(CLI::App& app) {
  auto password_option = [this](CLI::App& command) {
    command.add_option("--password-file", password_file_, "read the password from this file (default: standard input)")
        ->check(CLI::ExistingFile);
  };
  login_ = app.add_subcommand("login", "log in with an account's password: a personal token, saved for later commands");
  login_->add_option("name", name_, "the account's name")->required();
  login_->add_option("--label", label_, "what the token is for, shown in `token list`")->capture_default_str();
  login_->add_option("--save", save_to_,
                     "where to keep the token (default: $JUDKINS_TOKEN_FILE, else ~/.config/judkins/token)");
  password_option(*login_);
  whoami_ = app.add_subcommand("whoami", "the account (and role) the token acts for");

  CLI::App& account = *app.add_subcommand("account", "people's accounts: create, list, set (admins)");
  account.require_subcommand(1);
  create_ = account.add_subcommand("create", "a new account; its password is read as for login");
  create_->add_option("name", name_, "letters, digits, '.', '-', '_'")->required();
  create_->add_option("--role", role_, "user (tests wait for approval), approver or admin")
      ->check(CLI::IsMember({"user", "approver", "admin"}))
      ->required();
  password_option(*create_);
  list_ = account.add_subcommand("list", "every account, with its role");
  set_ = account.add_subcommand("set", "change an account's role or password, disable or enable it");
  set_->add_option("name", name_, "the account")->required();
  set_->add_option("--role", role_, "user, approver or admin")->check(CLI::IsMember({"user", "approver", "admin"}));
  set_->add_flag("--new-password", new_password_, "set a new password, read as for login");
  password_option(*set_);
  set_->add_flag("--disable", disable_, "its password and tokens stop working");
  set_->add_flag("--enable", enable_, "undo --disable")->excludes("--disable");

  CLI::App& token = *app.add_subcommand("token", "personal tokens: list, revoke");
  token.require_subcommand(1);
  tokens_ = token.add_subcommand("list", "your tokens (an admin's: everyone's)");
  revoke_ = token.add_subcommand("revoke", "a token stops working");
  revoke_->add_option("id", token_id_, "the token's id, from `token list`")->required();

  audit_ = app.add_subcommand("audit", "who did what, newest first (approvers and admins)");
  audit_->add_option("--limit", limit_, "at most this many entries (default 100)")->check(CLI::Range(1, 10'000));
}

std::optional<int> AccountCommands::Run(const ServerAddress& address, std::istream& in, std::ostream& out,
                                        std::ostream& err) {
  if (login_->parsed()) return LogIn(address, in, out, err);
  const bool any = whoami_->parsed() || create_->parsed() || list_->parsed() || set_->parsed() || tokens_->parsed() ||
                   revoke_->parsed() || audit_->parsed();
  if (!any) return std::nullopt;
  absl::StatusOr<AdminClient> client = AdminClient::Connect(address);
  if (!client.ok()) return Fail(err, kJudkinsProgram, client.status().message());
  if (whoami_->parsed()) return WhoAmI(*client, out, err);
  if (create_->parsed()) return CreateAccount(*client, in, out, err);
  if (list_->parsed()) return ListAccounts(*client, out, err);
  if (set_->parsed()) return SetAccount(*client, in, out, err);
  if (tokens_->parsed()) return ListTokens(*client, out, err);
  if (revoke_->parsed()) return RevokeToken(*client, out, err);
  return AuditLog(*client, out, err);
}

std::optional<std::string> AccountCommands::ReadPassword(std::istream& in, std::ostream& err, const char* prompt) {
  std::string line;
  if (!password_file_.empty()) {
    std::ifstream file(password_file_);
    if (!file || !std::getline(file, line)) {
      Fail(err, kJudkinsProgram, absl::StrCat("cannot read a password from '", password_file_, "'"));
      return std::nullopt;
    }
  } else {
    NoEcho no_echo;
    if (no_echo.active()) err << prompt << std::flush;
    const bool read = static_cast<bool>(std::getline(in, line));
    if (no_echo.active()) err << "\n";
    if (!read) {
      Fail(err, kJudkinsProgram, "no password on standard input (or give --password-file)");
      return std::nullopt;
    }
  }
  return std::string(absl::StripTrailingAsciiWhitespace(line));
}

int AccountCommands::LogIn(const ServerAddress& address, std::istream& in, std::ostream& out, std::ostream& err) {
  std::string path = save_to_;
  if (path.empty()) {
    absl::StatusOr<std::string> saved = SavedTokenPath();
    if (!saved.ok()) return Fail(err, kJudkinsProgram, saved.status().message());
    path = *saved;
  }
  std::optional<std::string> password = ReadPassword(in, err, "password: ");
  if (!password) return kExitFailure;
  absl::StatusOr<AdminClient> client = AdminClient::Connect(address, "");
  if (!client.ok()) return Fail(err, kJudkinsProgram, client.status().message());
  v1::IssueTokenRequest request;
  request.set_name(name_);
  request.set_password(*password);
  request.set_label(label_);
  v1::IssueTokenResponse response;
  const grpc::Status status = client->stub().IssueToken(client->Context().get(), request, &response);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  if (absl::Status s = SaveToken(path, response.token()); !s.ok()) return Fail(err, kJudkinsProgram, s.message());
  out << "logged in as " << response.account().name() << " (" << RoleWord(response.account().role()) << "); token "
      << response.info().id() << " saved in " << path << "\n";
  return kExitOk;
}

int AccountCommands::WhoAmI(AdminClient& client, std::ostream& out, std::ostream& err) {
  v1::Account account;
  const grpc::Status status = client.stub().WhoAmI(client.Context().get(), v1::WhoAmIRequest(), &account);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  out << account.name() << " (" << RoleWord(account.role()) << ")\n";
  return kExitOk;
}

int AccountCommands::CreateAccount(AdminClient& client, std::istream& in, std::ostream& out, std::ostream& err) {
  std::optional<std::string> password = ReadPassword(in, err, "the new account's password: ");
  if (!password) return kExitFailure;
  v1::CreateAccountRequest request;
  request.set_name(name_);
  request.set_password(*password);
  request.set_role(*ParseRole(role_));
  v1::Account account;
  const grpc::Status status = client.stub().CreateAccount(client.Context().get(), request, &account);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  out << "account " << account.name() << " (" << RoleWord(account.role()) << ") created\n";
  return kExitOk;
}

int AccountCommands::ListAccounts(AdminClient& client, std::ostream& out, std::ostream& err) {
  v1::ListAccountsResponse response;
  const grpc::Status status = client.stub().ListAccounts(client.Context().get(), v1::ListAccountsRequest(), &response);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  for (const v1::Account& a : response.accounts())
    out << absl::StrFormat("%-24s %-9s since %s%s\n", a.name(), RoleWord(a.role()), When(a.created_unix()),
                           a.disabled() ? "  (disabled)" : "");
  return kExitOk;
}

int AccountCommands::SetAccount(AdminClient& client, std::istream& in, std::ostream& out, std::ostream& err) {
  v1::UpdateAccountRequest request;
  request.set_name(name_);
  if (!role_.empty()) request.set_role(*ParseRole(role_));
  if (new_password_) {
    std::optional<std::string> password = ReadPassword(in, err, "the new password: ");
    if (!password) return kExitFailure;
    request.set_password(*password);
  }
  if (disable_ || enable_) {
    request.set_set_disabled(true);
    request.set_disabled(disable_);
  }
  if (role_.empty() && !new_password_ && !disable_ && !enable_)
    return Fail(err, "judkins account set", "nothing to change: give --role, --new-password, --disable or --enable",
                kExitUsage);
  v1::Account account;
  const grpc::Status status = client.stub().UpdateAccount(client.Context().get(), request, &account);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  out << account.name() << " (" << RoleWord(account.role()) << (account.disabled() ? ", disabled" : "") << ")\n";
  return kExitOk;
}

int AccountCommands::ListTokens(AdminClient& client, std::ostream& out, std::ostream& err) {
  v1::ListTokensResponse response;
  const grpc::Status status = client.stub().ListTokens(client.Context().get(), v1::ListTokensRequest(), &response);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  for (const v1::ApiToken& t : response.tokens())
    out << absl::StrFormat("%4d  %-24s %-30s since %s\n", t.id(), t.account(), ValidText(t.label()),
                           When(t.created_unix()));
  return kExitOk;
}

int AccountCommands::RevokeToken(AdminClient& client, std::ostream& out, std::ostream& err) {
  v1::RevokeTokenRequest request;
  request.set_token_id(token_id_);
  v1::RevokeTokenResponse response;
  const grpc::Status status = client.stub().RevokeToken(client.Context().get(), request, &response);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  out << "token " << token_id_ << " revoked\n";
  return kExitOk;
}

int AccountCommands::AuditLog(AdminClient& client, std::ostream& out, std::ostream& err) {
  v1::GetAuditLogRequest request;
  request.set_limit(limit_);
  v1::AuditLog log;
  const grpc::Status status = client.stub().GetAuditLog(client.Context().get(), request, &log);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  for (const v1::AuditEntry& e : log.entries())
    out << When(e.at_unix()) << "  " << ValidText(e.by()) << "  " << ValidText(e.action())
        << (e.detail().empty() ? "" : ": ") << ValidText(e.detail()) << "\n";
  return kExitOk;
}

}  // namespace judkins
