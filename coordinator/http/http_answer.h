// What the HTTP layer answers: a status, a content type and a body. Errors
// are JSON (v1.ApiError) that name the parameter or the missing thing.
#ifndef JUDKINS_COORDINATOR_HTTP_HTTP_ANSWER_H_
#define JUDKINS_COORDINATOR_HTTP_HTTP_ANSWER_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"

namespace judkins {

inline constexpr char kJsonType[] = "application/json";

struct HttpAnswer {
  int status = 200;
  std::string content_type = kJsonType;
  std::string body;
  std::string etag = {};  // set on answers that may be revalidated: EntityTag(body)
};

// A strong entity tag for a body: quoted, from its SHA-256.
std::string EntityTag(absl::string_view body);
// Whether an If-None-Match header ("*", or a list of tags, weak or strong)
// names `etag`: then the client's copy is current, and 304 is the answer.
bool IfNoneMatchHits(absl::string_view if_none_match, absl::string_view etag);

// 200 with the message as JSON (the gRPC API's field names).
HttpAnswer JsonAnswer(const google::protobuf::Message& message);
// 400, 404, 409 or 500 by the status' code, the message as the error.
HttpAnswer ErrorAnswer(const absl::Status& status);
HttpAnswer ErrorAnswer(int http_status, const std::string& message);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_HTTP_ANSWER_H_
