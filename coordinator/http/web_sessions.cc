#include "coordinator/http/web_sessions.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/secret.h"

namespace judkins {

absl::StatusOr<WebSessions::Session> WebSessions::Login(absl::string_view token, const std::string& client,
                                                        absl::Time now) {
  absl::MutexLock lock(&mutex_);
  if (failures_.size() >= kMaxFailingClients && !failures_.contains(client)) {
    absl::erase_if(failures_, [&](const auto& entry) { return now - entry.second.window_start >= kLoginWindow; });
    if (failures_.size() >= kMaxFailingClients) failures_.clear();
  }
  Failures& failures = failures_[client];
  if (now - failures.window_start >= kLoginWindow) failures = {0, now};
  if (failures.count >= kMaxFailedLogins)
    return absl::ResourceExhaustedError("too many failed logins from this address: wait a minute");
  if (token.empty() || !SameSecret(token, admin_token_)) {
    ++failures.count;
    return absl::PermissionDeniedError("wrong admin token");
  }
  failures_.erase(client);
  absl::StatusOr<std::string> id = NewSecretHex(kSessionIdBytes);
  absl::StatusOr<std::string> csrf = NewSecretHex(kCsrfBytes);
  if (!id.ok()) return id.status();
  if (!csrf.ok()) return csrf.status();
  // Expired sessions go first; then, at the limit, the one that ends soonest.
  absl::erase_if(sessions_, [&](const auto& entry) { return entry.second.expires <= now; });
  if (sessions_.size() >= kMaxSessions) {
    auto oldest = std::min_element(sessions_.begin(), sessions_.end(),
                                   [](const auto& a, const auto& b) { return a.second.expires < b.second.expires; });
    sessions_.erase(oldest);
  }
  Session session{*id, *csrf, now + kSessionLifetime};
  sessions_[*id] = session;
  return session;
}

std::optional<WebSessions::Session> WebSessions::Find(absl::string_view id, absl::Time now) {
  if (id.empty()) return std::nullopt;
  absl::MutexLock lock(&mutex_);
  auto it = sessions_.find(id);
  if (it == sessions_.end() || it->second.expires <= now) return std::nullopt;
  return it->second;
}

void WebSessions::Logout(absl::string_view id) {
  absl::MutexLock lock(&mutex_);
  sessions_.erase(id);
}

size_t WebSessions::FailingClients() {
  absl::MutexLock lock(&mutex_);
  return failures_.size();
}

std::string SessionIdFromCookies(absl::string_view cookie_header) {
  for (absl::string_view cookie : absl::StrSplit(cookie_header, ';')) {
    cookie = absl::StripLeadingAsciiWhitespace(cookie);
    if (absl::ConsumePrefix(&cookie, kSessionCookie) && absl::ConsumePrefix(&cookie, "=")) return std::string(cookie);
  }
  return "";
}

}  // namespace judkins
