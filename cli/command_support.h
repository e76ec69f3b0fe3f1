// What the judkins and judkins-tune commands share: the connection options
// (--server, --token-file, --tls-ca, --tls-cert, --tls-key, with their
// environment defaults), declared once on the program so they may follow
// any subcommand.
#ifndef JUDKINS_CLI_COMMAND_SUPPORT_H_
#define JUDKINS_CLI_COMMAND_SUPPORT_H_

#include <CLI/CLI.hpp>

#include "cli/admin_client.h"

namespace judkins {

// The name the judkins program's errors begin with.
inline constexpr char kJudkinsProgram[] = "judkins";

class ConnectionOptions {
 public:
  // Declares the options on `app` (the program) and lets its subcommands
  // take them too.
  void Declare(CLI::App& app);
  const ServerAddress& address() const { return address_; }

 private:
  ServerAddress address_;
};

}  // namespace judkins

#endif  // JUDKINS_CLI_COMMAND_SUPPORT_H_
