#include "cli/command_support.h"

#include <cstdlib>
#include <fstream>

#include <google/protobuf/util/json_util.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

// Applies --server, --token-file, --tls-ca, --tls-cert or --tls-key; false
// for any other option.
absl::StatusOr<bool> ApplyConnectionOption(const OptionGroup& group, ServerAddress& address) {
  if (group.name != "server" && group.name != "token-file" && group.name != "tls-ca" && group.name != "tls-cert" &&
      group.name != "tls-key")
    return false;
  absl::StatusOr<std::string> value = SingleValue(group);
  if (!value.ok()) return value.status();
  if (group.name == "server") {
    address.target = *value;
  } else if (group.name == "token-file") {
    address.token_file = *value;
  } else if (group.name == "tls-ca") {
    address.tls.ca_file = *value;
  } else if (group.name == "tls-cert") {
    address.tls.cert_file = *value;
  } else {
    address.tls.key_file = *value;
  }
  return true;
}

}  // namespace

Connection::Connection() {
  if (const char* server = std::getenv("JUDKINS_SERVER")) address.target = server;
  if (address.target.empty()) address.target = "127.0.0.1:50051";
}

absl::StatusOr<std::vector<OptionGroup>> Options(const std::vector<std::string>& words, Connection& connection) {
  absl::StatusOr<std::vector<OptionGroup>> groups = ParseGroupedOptions(words);
  if (!groups.ok()) return groups.status();
  std::vector<OptionGroup> rest;
  for (const OptionGroup& group : *groups) {
    absl::StatusOr<bool> used = ApplyConnectionOption(group, connection.address);
    if (!used.ok()) return used.status();
    if (!*used) rest.push_back(group);
  }
  return rest;
}

std::vector<std::string> Positional(const std::vector<std::string>& words, std::vector<std::string>& rest) {
  std::vector<std::string> positional;
  size_t i = 0;
  for (; i < words.size() && !absl::StartsWith(words[i], "--"); ++i) positional.push_back(words[i]);
  rest.assign(words.begin() + i, words.end());
  return positional;
}

std::string Json(const google::protobuf::Message& message) {
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  (void)google::protobuf::util::MessageToJsonString(message, &json, options);
  return json;
}

}  // namespace judkins
