// Messages as JSON, printed one way everywhere (CLI output, --json flags,
// the engine's params --json, and later the HTTP API): indented, with the
// proto's lowerCamelCase names.
#ifndef JUDKINS_PROTO_CONVERT_JSON_H_
#define JUDKINS_PROTO_CONVERT_JSON_H_

#include <string>

#include <google/protobuf/message.h>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace judkins {

enum class JsonStyle {
  kSetFields,   // fields at their defaults (0, "", false) are left out
  kEveryField,  // every primitive field, defaults included: for scripts
};

std::string JsonOf(const google::protobuf::Message& message, JsonStyle style = JsonStyle::kSetFields);
// The message from its JSON (lowerCamelCase or proto names); an unknown
// field or a wrong type is InvalidArgument quoting protobuf's reason, which
// names the field.
absl::Status MessageFromJson(absl::string_view json, google::protobuf::Message& message);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_JSON_H_
