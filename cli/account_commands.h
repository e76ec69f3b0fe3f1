// The judkins commands of people's accounts: login (a personal token, saved
// for later commands), whoami, account create|list|set, token list|revoke,
// audit. Passwords are read from --password-file or standard input (without
// echo on a terminal), never from the command line, where `ps` shows them.
#ifndef JUDKINS_CLI_ACCOUNT_COMMANDS_H_
#define JUDKINS_CLI_ACCOUNT_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include "cli/admin_client.h"

namespace judkins {

class AccountCommands {
 public:
  // Declares the commands on `app` (the program).
  explicit AccountCommands(CLI::App& app);
  // Runs the one that was parsed; nullopt when none of these was.
  std::optional<int> Run(const ServerAddress& address, std::istream& in, std::ostream& out, std::ostream& err);

 private:
  int LogIn(const ServerAddress& address, std::istream& in, std::ostream& out, std::ostream& err);
  int WhoAmI(AdminClient& client, std::ostream& out, std::ostream& err);
  int CreateAccount(AdminClient& client, std::istream& in, std::ostream& out, std::ostream& err);
  int ListAccounts(AdminClient& client, std::ostream& out, std::ostream& err);
  int SetAccount(AdminClient& client, std::istream& in, std::ostream& out, std::ostream& err);
  int ListTokens(AdminClient& client, std::ostream& out, std::ostream& err);
  int RevokeToken(AdminClient& client, std::ostream& out, std::ostream& err);
  int AuditLog(AdminClient& client, std::ostream& out, std::ostream& err);
  // The password: --password-file's first line, else a line of `in`.
  std::optional<std::string> ReadPassword(std::istream& in, std::ostream& err, const char* prompt);

  CLI::App *login_, *whoami_, *create_, *list_, *set_, *tokens_, *revoke_, *audit_;
  std::string name_, label_ = "cli", role_, password_file_, save_to_;
  bool new_password_ = false, disable_ = false, enable_ = false;
  uint64_t token_id_ = 0;
  uint32_t limit_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_CLI_ACCOUNT_COMMANDS_H_
