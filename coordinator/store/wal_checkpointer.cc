#include "coordinator/store/wal_checkpointer.h"

#include <pthread.h>

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

// How long a RESTART checkpoint waits for the writer and readers. It holds
// the write lock while it waits, so it gives up well before the committer's
// own wait for that lock (sqlite::Database's busy timeout) would fail a group.
constexpr int kRestartPatienceMs = 1000;

}  // namespace

absl::StatusOr<std::unique_ptr<WalCheckpointer>> WalCheckpointer::Start(const std::string& path,
                                                                        sqlite::Database& writer, Options options) {
  if (options.checkpoint_after_pages <= 0 || options.restart_after_pages < options.checkpoint_after_pages)
    return absl::InvalidArgumentError(absl::StrCat("checkpoint_after_pages ", options.checkpoint_after_pages,
                                                   " must be positive and at most restart_after_pages ",
                                                   options.restart_after_pages));
  absl::StatusOr<std::unique_ptr<sqlite::Database>> own = sqlite::Database::Open(path);
  if (!own.ok()) return own.status();
  sqlite3_busy_timeout((*own)->handle(), kRestartPatienceMs);
  return std::make_unique<WalCheckpointer>(Passkey(), writer, *std::move(own), options);
}

WalCheckpointer::WalCheckpointer(Passkey, sqlite::Database& writer, std::unique_ptr<sqlite::Database> own,
                                 Options options)
    : writer_(writer), options_(options), own_(std::move(own)), thread_([this] { Loop(); }) {
  // Installing a hook turns the writer's automatic checkpoint off.
  sqlite3_wal_hook(writer_.handle(), &WalCheckpointer::OnCommit, this);
}

WalCheckpointer::~WalCheckpointer() {
  sqlite3_wal_autocheckpoint(writer_.handle(), static_cast<int>(Options().checkpoint_after_pages));
  {
    absl::MutexLock lock(&mutex_);
    stopping_ = true;
  }
  thread_.join();
}

WalCheckpointer::Tally WalCheckpointer::tally() const {
  absl::MutexLock lock(&mutex_);
  Tally tally = tally_;
  tally.log_pages = log_pages_;
  return tally;
}

void WalCheckpointer::Count(int result, uint64_t Tally::*kind, absl::string_view what, sqlite3* db) {
  if (result == SQLITE_OK)
    ++(tally_.*kind);
  else if (result == SQLITE_BUSY && kind != &Tally::restarts)
    ++tally_.overlapped;  // a PASSIVE one is busy only while another checkpoint runs: that one copies the pages
  else {
    ++tally_.failures;
    tally_.last_error = absl::UnavailableError(absl::StrCat(what, " checkpoint: ", sqlite3_errmsg(db)));
  }
}

int WalCheckpointer::OnCommit(void* self, sqlite3* writer, const char*, int log_pages) {
  WalCheckpointer& checkpointer = *static_cast<WalCheckpointer*>(self);
  bool catch_up = false;
  {
    absl::MutexLock lock(&checkpointer.mutex_);  // on unlock, the thread's condition is checked
    if (log_pages < checkpointer.log_pages_) {   // the writer started the log over
      ++checkpointer.log_starts_;
      checkpointer.pages_at_last_checkpoint_ = 0;
    }
    checkpointer.log_pages_ = log_pages;
    catch_up = std::exchange(checkpointer.catch_up_due_, false);
  }
  if (catch_up) {
    // Between two transactions: what this copies is only what was committed
    // while the bulk copy ran.
    const int result = sqlite3_wal_checkpoint_v2(writer, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    absl::MutexLock lock(&checkpointer.mutex_);
    checkpointer.Count(result, &Tally::catch_ups, "catch-up", writer);
  }
  return SQLITE_OK;  // the commit stands whatever the checkpoint did
}

void WalCheckpointer::Loop() {
  pthread_setname_np(pthread_self(), "judkins-ckpt");  // for top -H and perf
  while (true) {
    // Step 1. Wait for the log to grow by a checkpoint's worth of pages.
    int64_t log_pages = 0;
    uint64_t log_starts = 0;
    {
      absl::MutexLock lock(&mutex_);
      mutex_.Await(absl::Condition(
          +[](WalCheckpointer* c) ABSL_EXCLUSIVE_LOCKS_REQUIRED(c->mutex_) {
            return c->stopping_ || c->log_pages_ - c->pages_at_last_checkpoint_ >= c->options_.checkpoint_after_pages;
          },
          this));
      if (stopping_) return;
      log_pages = log_pages_;
      log_starts = log_starts_;
    }

    // Step 2. Copy what no reader needs, waiting for nobody.
    const int copied = sqlite3_wal_checkpoint_v2(own_->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);

    // Step 3. Past the bound, readers kept the writer from starting the log
    // over: wait for them (holding the write lock) and start it over.
    const bool restart = log_pages >= options_.restart_after_pages;
    const int restarted =
        restart ? sqlite3_wal_checkpoint_v2(own_->handle(), nullptr, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr)
                : SQLITE_OK;

    // Step 4. Count them, and have the writer catch up. The next bulk copy
    // comes a checkpoint's worth of pages later, failed or not: a reader
    // that kept this one from copying everything has moved on by then.
    absl::MutexLock lock(&mutex_);
    if (log_starts == log_starts_) pages_at_last_checkpoint_ = log_pages;
    Count(copied, &Tally::bulk_copies, "bulk", own_->handle());
    if (restart) Count(restarted, &Tally::restarts, "RESTART", own_->handle());
    catch_up_due_ = copied == SQLITE_OK && !restart;
  }
}

}  // namespace judkins
