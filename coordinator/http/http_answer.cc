#include "coordinator/http/http_answer.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/sha256.h"
#include "judkins/v1/http_api.pb.h"
#include "proto/convert/json.h"

namespace judkins {
namespace {

int HttpStatusOf(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kOutOfRange:
      return 400;
    case absl::StatusCode::kUnauthenticated:
      return 401;
    case absl::StatusCode::kPermissionDenied:
      return 403;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kAlreadyExists:
      return 409;
    case absl::StatusCode::kResourceExhausted:
      return 429;
    case absl::StatusCode::kUnavailable:
      return 503;
    default:
      return 500;
  }
}

}  // namespace

std::string EntityTag(absl::string_view body) {
  // 128 bits of the hash: a false match would need a collision.
  constexpr size_t kTagHexDigits = 32;
  return absl::StrCat("\"", Sha256Hex(body).substr(0, kTagHexDigits), "\"");
}

bool IfNoneMatchHits(absl::string_view if_none_match, absl::string_view etag) {
  for (absl::string_view tag : absl::StrSplit(if_none_match, ',')) {
    tag = absl::StripAsciiWhitespace(tag);
    if (tag == "*") return true;
    absl::ConsumePrefix(&tag, "W/");  // If-None-Match compares weakly (RFC 9110, 13.1.2)
    if (tag == etag) return true;
  }
  return false;
}

HttpAnswer JsonAnswer(const google::protobuf::Message& message) {
  return HttpAnswer{.body = JsonOf(message, JsonStyle::kEveryField)};
}

HttpAnswer ErrorAnswer(int http_status, const std::string& message) {
  v1::ApiError error;
  error.set_status(uint32_t(http_status));
  error.set_message(message);
  return HttpAnswer{.status = http_status, .body = JsonOf(error, JsonStyle::kEveryField)};
}

HttpAnswer ErrorAnswer(const absl::Status& status) {
  return ErrorAnswer(HttpStatusOf(status.code()), std::string(status.message()));
}

}  // namespace judkins
