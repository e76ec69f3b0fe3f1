// What the judkins and judkins-tune commands share: the connection options
// (--server, --token-file, --tls-ca/--tls-cert/--tls-key, with their environment defaults), the
// split of positional words from options, and JSON output.
#ifndef JUDKINS_CLI_COMMAND_SUPPORT_H_
#define JUDKINS_CLI_COMMAND_SUPPORT_H_

#include <string>
#include <vector>

#include <google/protobuf/message.h>

#include "absl/status/statusor.h"
#include "cli/admin_client.h"
#include "common/grouped_options.h"

namespace judkins {

struct Connection {
  Connection();  // $JUDKINS_SERVER (default 127.0.0.1:50051), $JUDKINS_ADMIN_TOKEN
  ServerAddress address;
};

// Splits the words after the command into connection options, applied to
// `connection`, and the rest.
absl::StatusOr<std::vector<OptionGroup>> Options(const std::vector<std::string>& words, Connection& connection);

// Positional words before the first option; `rest` gets the options.
std::vector<std::string> Positional(const std::vector<std::string>& words, std::vector<std::string>& rest);

std::string Json(const google::protobuf::Message& message);

}  // namespace judkins

#endif  // JUDKINS_CLI_COMMAND_SUPPORT_H_
