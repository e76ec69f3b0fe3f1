// Sessions of the web pages: an account's (its password checked by
// AccountManager, then Open) or the admin token's (LogIn). Either is given
// once, on the login form; the browser then holds a random session id in an
// HttpOnly, SameSite=Strict cookie, and every form that acts carries the
// session's own CSRF token. Failed logins are held back by LoginThrottle (by
// account and device, never by address alone); each is logged by the caller.
#ifndef JUDKINS_COORDINATOR_HTTP_WEB_SESSIONS_H_
#define JUDKINS_COORDINATOR_HTTP_WEB_SESSIONS_H_

#include <optional>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "coordinator/accounts/login_throttle.h"
#include "coordinator/domain/permissions.h"

namespace judkins {

inline constexpr char kSessionCookie[] = "judkins_session";
inline constexpr absl::Duration kSessionLifetime = absl::Hours(12);
// Sessions kept at once: the oldest go first beyond this.
inline constexpr size_t kMaxSessions = 1000;
inline constexpr size_t kSessionIdBytes = 32, kCsrfBytes = 16;

class WebSessions {
 public:
  explicit WebSessions(std::string admin_token) : admin_token_(std::move(admin_token)) {}

  struct Session {
    std::string id;
    std::string csrf;
    absl::Time expires;
    Caller caller;  // who it acts for (its `via` is set per request)
  };
  struct Login {
    Session session;
    std::string device;  // the browser's device id, for its device cookie
  };
  // A new session for the right token from the browser with this device id
  // (its cookie's, or empty). PermissionDenied for a wrong token,
  // ResourceExhausted while its tries are held back (LoginThrottle).
  absl::StatusOr<Login> LogIn(absl::string_view token, absl::string_view device, absl::Time now);
  // A new session for a caller whose password was checked.
  absl::StatusOr<Session> Open(const Caller& caller, absl::Time now);
  // The live session with this id, if any.
  std::optional<Session> Find(absl::string_view id, absl::Time now);
  void Logout(absl::string_view id);
  size_t KnownDevices() { return throttle_.KnownDevices(); }

 private:
  const std::string admin_token_;
  LoginThrottle throttle_;
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, Session> sessions_ ABSL_GUARDED_BY(mutex_);
};

// The session id in a Cookie header, or empty.
std::string SessionIdFromCookies(absl::string_view cookie_header);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_WEB_SESSIONS_H_
