#include "proto/convert/json.h"

#include <google/protobuf/util/json_util.h>

namespace judkins {

std::string JsonOf(const google::protobuf::Message& message, JsonStyle style) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = style == JsonStyle::kEveryField;
  std::string json;
  // Printing a valid message cannot fail (only parsing can).
  (void)google::protobuf::util::MessageToJsonString(message, &json, options);
  return json;
}

absl::Status MessageFromJson(absl::string_view json, google::protobuf::Message& message) {
  const auto parsed = google::protobuf::util::JsonStringToMessage(std::string(json), &message);
  if (parsed.ok()) return absl::OkStatus();
  return absl::InvalidArgumentError(std::string(parsed.message()));
}

}  // namespace judkins
