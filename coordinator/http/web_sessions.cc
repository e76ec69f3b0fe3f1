#include "coordinator/http/web_sessions.h"

#include "common/secret.h"
#include "coordinator/http/cookies.h"
#include "coordinator/http/expiring_table.h"

namespace judkins {

absl::StatusOr<WebSessions::Login> WebSessions::LogIn(absl::string_view token, absl::string_view device,
                                                      absl::Time now) {
  if (absl::Status may = throttle_.MayTry(device, now); !may.ok()) return may;
  if (token.empty() || !SameSecret(token, admin_token_)) {
    throttle_.Failed(device, now);
    return absl::PermissionDeniedError("wrong admin token");
  }
  absl::StatusOr<std::string> known_device = throttle_.Succeeded(device, now);
  if (!known_device.ok()) return known_device.status();
  absl::StatusOr<Session> session = Open(Caller::AdminToken(""), now);
  if (!session.ok()) return session.status();
  return Login{*std::move(session), *std::move(known_device)};
}

absl::StatusOr<WebSessions::Session> WebSessions::Open(const Caller& caller, absl::Time now) {
  absl::StatusOr<std::string> id = NewSecretHex(kSessionIdBytes);
  absl::StatusOr<std::string> csrf = NewSecretHex(kCsrfBytes);
  if (!id.ok()) return id.status();
  if (!csrf.ok()) return csrf.status();
  absl::MutexLock lock(&mutex_);
  MakeRoomForOneMore(sessions_, kMaxSessions, now);
  Session session{*id, *csrf, now + kSessionLifetime, caller};
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

std::string SessionIdFromCookies(absl::string_view cookie_header) { return CookieValue(cookie_header, kSessionCookie); }

}  // namespace judkins
