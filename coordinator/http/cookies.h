// Reading one cookie from a request's Cookie header.
#ifndef JUDKINS_COORDINATOR_HTTP_COOKIES_H_
#define JUDKINS_COORDINATOR_HTTP_COOKIES_H_

#include <string>

#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace judkins {

// The value of the cookie `name` in a Cookie header, or empty.
inline std::string CookieValue(absl::string_view cookie_header, absl::string_view name) {
  for (absl::string_view cookie : absl::StrSplit(cookie_header, ';')) {
    cookie = absl::StripLeadingAsciiWhitespace(cookie);
    if (absl::ConsumePrefix(&cookie, name) && absl::ConsumePrefix(&cookie, "=")) return std::string(cookie);
  }
  return "";
}

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_COOKIES_H_
