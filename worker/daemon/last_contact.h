// When the worker last heard from its coordinator, kept in a file of its work
// directory so that another process can tell a worker that works from one
// cut off: the container's HEALTHCHECK runs `judkins-worker health`, which
// reads it.
#ifndef JUDKINS_WORKER_DAEMON_LAST_CONTACT_H_
#define JUDKINS_WORKER_DAEMON_LAST_CONTACT_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace judkins {

class LastContact {
 public:
  static constexpr char kFileName[] = "last-contact";
  // The file is written at most this often: a heartbeat's precision is enough.
  static constexpr absl::Duration kResolution = absl::Seconds(1);

  explicit LastContact(std::string path) : path_(std::move(path)) {}
  // Records that the coordinator answered now. Thread-safe; a file that
  // cannot be written is reported once and otherwise ignored (health only).
  void Mark();
  // How long before `now` the contact recorded in `path` was: NotFound when
  // the worker never reached its coordinator, InvalidArgument when the file
  // is not one this class wrote.
  static absl::StatusOr<absl::Duration> Age(const std::string& path, absl::Time now);

 private:
  const std::string path_;
  absl::Mutex mutex_;
  absl::Time written_ ABSL_GUARDED_BY(mutex_) = absl::InfinitePast();
  bool failure_reported_ ABSL_GUARDED_BY(mutex_) = false;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_LAST_CONTACT_H_
