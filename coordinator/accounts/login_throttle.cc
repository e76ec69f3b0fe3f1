#include "coordinator/accounts/login_throttle.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "common/secret.h"
#include "coordinator/http/expiring_table.h"

namespace judkins {

void LoginThrottle::Failures::Count(absl::Time now) {
  ++in_a_row;
  if (in_a_row % kMaxFailedLogins != 0) return;
  // 2^6 minutes is past the longest wait already.
  constexpr int64_t kMaxDoublings = 6;
  const int64_t doublings = std::min(in_a_row / kMaxFailedLogins - 1, kMaxDoublings);
  wait_until = now + std::min(kFirstLockout * (int64_t{1} << doublings), kLongestLockout);
}

LoginThrottle::Device* LoginThrottle::Known(absl::string_view device, absl::Time now) {
  if (device.empty()) return nullptr;
  auto it = devices_.find(device);
  if (it == devices_.end() || it->second.expires <= now) return nullptr;
  return &it->second;
}

absl::Status LoginThrottle::MayTry(absl::string_view device, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  const Device* known = Known(device, now);
  const Failures& failures = known ? known->failures : untrusted_;
  if (now >= failures.wait_until) return absl::OkStatus();
  return absl::ResourceExhaustedError(
      absl::StrCat("too many failed logins ", known ? "from this browser" : "from browsers that never logged in here",
                   ": try again in ", absl::FormatDuration(absl::Ceil(failures.wait_until - now, absl::Seconds(1)))));
}

void LoginThrottle::Failed(absl::string_view device, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  Device* known = Known(device, now);
  (known ? known->failures : untrusted_).Count(now);
}

absl::StatusOr<std::string> LoginThrottle::Succeeded(absl::string_view device, absl::Time now) {
  absl::MutexLock lock(&mutex_);
  if (Device* known = Known(device, now)) {
    *known = {Failures{}, now + kDeviceLifetime};
    return std::string(device);
  }
  untrusted_ = Failures{};
  absl::StatusOr<std::string> id = NewSecretHex(kDeviceIdBytes);
  if (!id.ok()) return id.status();
  MakeRoomForOneMore(devices_, kMaxKnownDevices, now);
  devices_[*id] = Device{Failures{}, now + kDeviceLifetime};
  return *id;
}

size_t LoginThrottle::KnownDevices() {
  absl::MutexLock lock(&mutex_);
  return devices_.size();
}

}  // namespace judkins
