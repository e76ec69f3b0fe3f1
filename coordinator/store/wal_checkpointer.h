// Copies the write-ahead log into the database file on a thread and a
// connection of its own, so that commits do not wait for it.
//
// SQLite's automatic checkpoint runs inside COMMIT, on the committing
// connection, whenever the log passes 1,000 pages. At 50,000 workers that
// put a checkpoint (two fsyncs, 9 ms typical, 40 ms at worst) into the
// commit of about three groups a second, and every report, lease and
// heartbeat in those groups waited for it. Here the writer's WAL hook (which
// replaces the automatic checkpoint) notes how long the log has grown and
// wakes this thread, which copies the bulk of it PASSIVE: it waits for
// nobody. A log is started over only by a transaction that begins with all
// of it copied, which a thread behind a busy writer never achieves; so after
// each bulk copy the writer, at its next commit, copies the few pages
// committed meanwhile itself (one small fsync), and its next transaction
// starts the log over. Should readers pin the log past a hard bound all the
// same, one RESTART checkpoint waits for them, so the file stays bounded.
#ifndef JUDKINS_COORDINATOR_STORE_WAL_CHECKPOINTER_H_
#define JUDKINS_COORDINATOR_STORE_WAL_CHECKPOINTER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/store/sqlite.h"

namespace judkins {

class WalCheckpointer {
 public:
  struct Options {
    // Log pages written since the last checkpoint that call for the next
    // one: SQLite's own default, so the log grows no longer than it would.
    int64_t checkpoint_after_pages = 1000;
    // A log this long, readers or not, is started over (about 40 MB).
    int64_t restart_after_pages = 10000;
  };

  // Takes over checkpointing for `writer`, a connection to the database file
  // at `path` that must outlive this object, and opens its own connection.
  static absl::StatusOr<std::unique_ptr<WalCheckpointer>> Start(const std::string& path, sqlite::Database& writer,
                                                                Options options);
  static absl::StatusOr<std::unique_ptr<WalCheckpointer>> Start(const std::string& path, sqlite::Database& writer) {
    return Start(path, writer, Options());
  }
  // Gives checkpointing back to the writer's automatic one and stops.
  ~WalCheckpointer();
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // Checkpoints run so far, and the last one's error (OK when none failed):
  // a failed checkpoint loses nothing, the log only grows until the next.
  struct Tally {
    uint64_t bulk_copies = 0;  // PASSIVE, on this thread
    uint64_t catch_ups = 0;    // PASSIVE, by the writer after a bulk copy
    uint64_t restarts = 0;     // RESTART, on this thread, past the bound
    uint64_t overlapped = 0;   // PASSIVE ones that found the other running
    uint64_t failures = 0;     // any of them that failed otherwise
    absl::Status last_error;
    int64_t log_pages = 0;  // the log's length at the last commit
  };
  Tally tally() const;

  struct Passkey {
    explicit Passkey() = default;
  };
  WalCheckpointer(Passkey, sqlite::Database& writer, std::unique_ptr<sqlite::Database> own, Options options);

 private:
  // The writer's WAL hook: called after each commit with the log's length.
  static int OnCommit(void* self, sqlite3* writer, const char* schema, int log_pages);
  void Count(int result, uint64_t Tally::*kind, absl::string_view what, sqlite3* db)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  void Loop();

  sqlite::Database& writer_;
  const Options options_;
  std::unique_ptr<sqlite::Database> own_;  // used by Loop only
  mutable absl::Mutex mutex_;
  int64_t log_pages_ ABSL_GUARDED_BY(mutex_) = 0;                 // the log's length at the last commit
  int64_t pages_at_last_checkpoint_ ABSL_GUARDED_BY(mutex_) = 0;  // its length when the last checkpoint began
  uint64_t log_starts_ ABSL_GUARDED_BY(mutex_) = 0;               // times the writer started the log over
  bool catch_up_due_ ABSL_GUARDED_BY(mutex_) = false;             // a bulk copy ended since the last commit
  bool stopping_ ABSL_GUARDED_BY(mutex_) = false;
  Tally tally_ ABSL_GUARDED_BY(mutex_);
  std::thread thread_;  // last: it starts once everything above exists
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_WAL_CHECKPOINTER_H_
