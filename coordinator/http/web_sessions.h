// Admin sessions of the web pages. The admin token is given once, on the
// login form; the browser then holds a random session id in an HttpOnly,
// SameSite=Strict cookie, and every form that acts carries the session's own
// CSRF token. Failed logins are counted per client address and refused for a
// while once too many came; each is logged by the caller.
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

namespace judkins {

inline constexpr char kSessionCookie[] = "judkins_session";
inline constexpr absl::Duration kSessionLifetime = absl::Hours(12);
// Failed logins one client address may make per window before it must wait.
inline constexpr int kMaxFailedLogins = 5;
inline constexpr absl::Duration kLoginWindow = absl::Minutes(1);
// Addresses whose failed logins are remembered at once: beyond this, those
// whose window has passed are forgotten (and, if all are recent, all are),
// so a flood of addresses cannot grow the table without bound.
inline constexpr size_t kMaxFailingClients = 10000;
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
  };
  // A new session for the right token. PermissionDenied for a wrong one,
  // ResourceExhausted while `client` has failed too often.
  absl::StatusOr<Session> Login(absl::string_view token, const std::string& client, absl::Time now);
  // The live session with this id, if any.
  std::optional<Session> Find(absl::string_view id, absl::Time now);
  void Logout(absl::string_view id);
  // How many client addresses' failed logins are remembered now.
  size_t FailingClients();

 private:
  struct Failures {
    int count = 0;
    absl::Time window_start;
  };
  const std::string admin_token_;
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, Session> sessions_ ABSL_GUARDED_BY(mutex_);
  absl::flat_hash_map<std::string, Failures> failures_ ABSL_GUARDED_BY(mutex_);
};

// The session id in a Cookie header, or empty.
std::string SessionIdFromCookies(absl::string_view cookie_header);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_WEB_SESSIONS_H_
