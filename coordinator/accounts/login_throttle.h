// How failed web logins are held back: by account, with backoff, never by
// client address alone (behind a proxy every browser has the proxy's
// address, and five wrong guesses would lock the admin out). A browser that
// logged in before carries a device cookie (OWASP's "device cookies"): it
// is held back only by its own failures, so nobody else's wrong guesses can
// keep it out. Browsers without one share the account's untrusted budget:
// after kMaxFailedLogins wrong tries in a row they wait kFirstLockout, twice
// as long after each further round, up to kLongestLockout; the right token
// clears it. A wrong try is refused without being checked while its device
// (or the untrusted browsers) must wait, so guesses stay slow either way.
#ifndef JUDKINS_COORDINATOR_ACCOUNTS_LOGIN_THROTTLE_H_
#define JUDKINS_COORDINATOR_ACCOUNTS_LOGIN_THROTTLE_H_

#include <cstdint>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace judkins {

inline constexpr char kDeviceCookie[] = "judkins_device";
inline constexpr absl::Duration kDeviceLifetime = absl::Hours(24 * 365);
// Wrong tries in a row before a wait.
inline constexpr int kMaxFailedLogins = 5;
inline constexpr absl::Duration kFirstLockout = absl::Minutes(1);
inline constexpr absl::Duration kLongestLockout = absl::Hours(1);
// Devices remembered at once; beyond this the one that expires soonest goes.
inline constexpr size_t kMaxKnownDevices = 10000;
inline constexpr size_t kDeviceIdBytes = 32;

class LoginThrottle {
 public:
  // OK when a login from this device (its cookie's id, or empty) may be
  // tried at `now`; ResourceExhausted saying how long to wait when not.
  absl::Status MayTry(absl::string_view device, absl::Time now);
  // A wrong token from the device: counted against it if known, else
  // against the untrusted browsers.
  void Failed(absl::string_view device, absl::Time now);
  // The right token: the device's failures (or the untrusted ones) are
  // cleared. Returns the device id the browser is to keep: its own if known,
  // else a new one.
  absl::StatusOr<std::string> Succeeded(absl::string_view device, absl::Time now);
  size_t KnownDevices();

 private:
  struct Failures {
    int64_t in_a_row = 0;
    absl::Time wait_until = absl::InfinitePast();
    void Count(absl::Time now);
  };
  struct Device {
    Failures failures;
    absl::Time expires;
  };
  // The known device of this id at `now`, or null.
  Device* Known(absl::string_view device, absl::Time now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, Device> devices_ ABSL_GUARDED_BY(mutex_);
  Failures untrusted_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_ACCOUNTS_LOGIN_THROTTLE_H_
