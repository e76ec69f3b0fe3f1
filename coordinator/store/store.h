// The coordinator's durable state: tests, workers, leased batches, counted
// pairs, tunes and artifacts, in one SQLite file (WAL, full sync). Every
// write runs on one committer thread, grouped with the writes that arrived
// alongside it into one transaction and one fsync (group_commit.cc), and is
// acknowledged only after that commit; a report is committed with the test's
// new totals, SPRT state and theta. A game pair counts once, whichever batch
// reports it. Reads use connections of their own (reader_pool.h) and see the
// last commit; another copies the write-ahead log into the file, off the
// commit path.
#ifndef JUDKINS_COORDINATOR_STORE_STORE_H_
#define JUDKINS_COORDINATOR_STORE_STORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/any_invocable.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "coordinator/domain/permissions.h"
#include "coordinator/store/reader_pool.h"
#include "coordinator/store/sqlite.h"
#include "coordinator/store/wal_checkpointer.h"
#include "judkins/v1/coordinator.pb.h"
#include "judkins/v1/http_api.pb.h"

namespace judkins {

// What the scheduler needs to know of a test that can take work.
struct ActiveTest {
  uint64_t id = 0;
  int priority = 0;
  uint32_t throughput = 100;
  uint64_t pairs_in_flight = 0;
  v1::TestSpec spec;
};

// How much of a test is loaded: all of it, or all but its per-worker results
// (v1::Test.workers and what is drawn from them), which grow with the fleet:
// 50,000 rows for a test the whole fleet plays.
enum class TestDetail { kFull, kWithoutWorkers };

class Store {
 public:
  static absl::StatusOr<std::unique_ptr<Store>> Open(const std::string& path);

  // `by` is who asked: the test's log names them (GetTestLog). A new test
  // is theirs, and starts in the state their role gives it (awaiting
  // approval for a user's).
  absl::StatusOr<v1::Test> CreateTest(const v1::TestSpec& spec, absl::Time now,
                                      const Caller& by = Caller::AdminToken(""));
  absl::StatusOr<v1::Test> GetTest(uint64_t test_id);
  // OK when the test exists, else NOT_FOUND naming it: cheaper than GetTest.
  absl::Status CheckTestExists(uint64_t test_id);
  absl::StatusOr<std::vector<v1::Test>> ListTests(bool include_finished);
  // One page of the tests in `states` (all when empty) that `matches` (by
  // spec and owner; null: all), newest first, and how many match in all.
  // Only the page's tests are loaded whole, so a page costs the same in any
  // history.
  struct TestPageRows {
    uint64_t total = 0;
    std::vector<v1::Test> tests;
  };
  absl::StatusOr<TestPageRows> ListTestsPage(
      const std::vector<v1::TestState>& states,
      const std::function<bool(const v1::TestSpec&, const std::string&)>& matches, size_t offset, size_t limit);
  // How many tests are in each state, counted in SQL.
  absl::StatusOr<std::map<v1::TestState, int>> CountTestsByState();
  // The checkpoints of the write-ahead log so far, and its length.
  WalCheckpointer::Tally CheckpointTally() const { return checkpointer_->tally(); }
  // The pending and running tests, and those that ended (or changed) since
  // `ended_since`: what the live gauges show, whatever the history's size.
  absl::StatusOr<std::vector<v1::Test>> ListLiveTests(absl::Time ended_since, TestDetail detail = TestDetail::kFull);
  absl::StatusOr<v1::Test> StopTest(uint64_t test_id, absl::Time now, const Caller& by = Caller::AdminToken(""));
  // A test awaiting approval goes to the queue (pending); FAILED_PRECONDITION
  // in any other state.
  absl::StatusOr<v1::Test> ApproveTest(uint64_t test_id, absl::Time now, const Caller& by);
  // A test's owner, for Permit: cheaper than GetTest. NOT_FOUND naming it.
  absl::StatusOr<std::string> TestOwner(uint64_t test_id);
  // A running or pending test's priority (higher first); FAILED_PRECONDITION once it ended.
  absl::StatusOr<v1::Test> SetPriority(uint64_t test_id, int32_t priority, absl::Time now,
                                       const Caller& by = Caller::AdminToken(""));
  // Takes the worker off the test: its counted pairs are purged and played
  // again by others, the SPRT is evaluated afresh (a test it decided runs
  // again), and it gets no more of the test's work (worker_exclusion.cc).
  absl::StatusOr<v1::Test> ExcludeWorker(uint64_t test_id, uint64_t worker_id, const std::string& reason,
                                         absl::Time now, const Caller& by = Caller::AdminToken(""));
  // The pending and running tests; with `count_in_flight`, each with the
  // pairs of its leased batches (a sum over them all: O(leases)).
  absl::StatusOr<std::vector<ActiveTest>> ActiveTests(bool count_in_flight = true);
  // A tune's theta, its parameters and history; NOT_FOUND for other tests.
  absl::StatusOr<v1::Tune> GetTune(uint64_t test_id, size_t max_history_points);
  // The test's statistics after each counted report, thinned to max_points.
  absl::StatusOr<v1::TestHistory> GetTestHistory(uint64_t test_id, size_t max_points);
  // What happened to the test and who did it, oldest first; NOT_FOUND naming
  // the test when there is none.
  absl::StatusOr<v1::TestLog> GetTestLog(uint64_t test_id);

  // A new worker; only the hash of its secret is kept.
  absl::StatusOr<uint64_t> RegisterWorker(const v1::WorkerCapabilities& capabilities, const std::string& secret_sha256,
                                          absl::Time now);
  absl::StatusOr<std::vector<v1::WorkerInfo>> ListWorkers();
  // The workers seen since `seen_since` and their concurrency summed, in SQL:
  // the metrics ask every second, and a fleet has tens of thousands of rows.
  struct ConnectedWorkers {
    int workers = 0;
    int cores = 0;
  };
  absl::StatusOr<ConnectedWorkers> CountConnectedWorkers(absl::Time seen_since);
  struct RegisteredWorker {
    v1::WorkerCapabilities capabilities;
    std::string secret_sha256;  // empty for a worker registered before secrets existed
  };
  // NOT_FOUND naming worker_id when there is no such worker.
  absl::StatusOr<RegisteredWorker> GetWorker(uint64_t worker_id);

  // Leases up to `pairs` game pairs of the test to the worker: pairs of
  // expired leases first, then new ones. Nothing when the test has no work;
  // RESOURCE_EXHAUSTED when the worker holds contract::kMaxLeasesPerWorker.
  absl::StatusOr<std::optional<v1::Batch>> LeaseBatch(uint64_t test_id, uint64_t worker_id, int pairs, absl::Time now,
                                                      absl::Time deadline);
  // The same from the first of the candidate tests that has work, without
  // waiting: `done` runs on the committer thread once the lease is committed
  // (it must not wait on the store's writes). `held`, when the worker lists
  // every batch it holds (WorkRequest.held): its other leased batches never
  // reached it, and are handed back first, in the same transaction.
  struct LeaseCandidate {
    uint64_t test_id;
    int pairs;
  };
  using LeaseDone = absl::AnyInvocable<void(absl::StatusOr<std::optional<v1::Batch>>)>;
  void LeaseFirstAsync(std::vector<LeaseCandidate> candidates, uint64_t worker_id,
                       std::optional<std::vector<uint64_t>> held, absl::Time now, absl::Time deadline, LeaseDone done);
  // Extends the worker's leases; returns the batches whose test has ended.
  // PERMISSION_DENIED for a batch leased to another worker.
  absl::StatusOr<std::vector<uint64_t>> Heartbeat(uint64_t worker_id, std::span<const uint64_t> batch_ids,
                                                  absl::Time now, absl::Time deadline);
  // Leases past their deadline give their uncounted pairs back for re-issue.
  absl::StatusOr<int> ExpireLeases(absl::Time now);

  // Pairs of the batch without games are handed back and re-issued.
  struct ReportResult {
    bool counted = false;           // false: every pair of it was already counted
    bool test_ended = false;        // the test is finished or stopped
    uint64_t test_id = 0;           // GetTest for the whole of it
    v1::Pentanomial counted_pairs;  // what this report added (pairs counted before are left out)
    v1::WinDrawLoss counted_games;
    uint64_t crashes = 0, time_losses = 0;  // games of the counted pairs lost so
    uint64_t pairs_handed_back = 0;         // pairs it returned unplayed (they go out again)
    // A batch its worker could not start: why (metrics count them by reason),
    // and whether this hand-back made the test one no worker can play.
    std::optional<v1::HandBackReason> hand_back;
    bool flagged_unplayable = false;
    absl::Duration lease_age;  // from the lease to this report
  };
  // Committed before it returns, together with the reports and leases that
  // arrive alongside it (group commit).
  absl::StatusOr<ReportResult> RecordReport(const v1::BatchReport& report, absl::Time now);
  // The same without waiting; `report` must live until `done` has run (on
  // the committer thread, after the commit; it must not wait on writes).
  using ReportDone = absl::AnyInvocable<void(absl::StatusOr<ReportResult>)>;
  void RecordReportAsync(const v1::BatchReport& report, absl::Time now, ReportDone done);

  // The records reported for a test, a page at a time: batches after
  // `after_batch_id`, in order, at most `limit` of them.
  struct BatchRecords {
    uint64_t batch_id;
    std::string records;
  };
  absl::StatusOr<std::vector<BatchRecords>> RecordsAfter(uint64_t test_id, uint64_t after_batch_id, int limit);

  // People's accounts and their API tokens (accounts.cc). Only hashes are
  // kept: the password's (password_hasher.h) and the token's SHA-256. Each
  // change is in the audit log with who made it, in the same transaction.
  struct StoredAccount {
    v1::Account account;
    std::string password_hash;
  };
  // ALREADY_EXISTS naming the account when the name is taken.
  absl::StatusOr<v1::Account> CreateAccount(const std::string& name, const std::string& password_hash,
                                            v1::AccountRole role, absl::Time now, const Caller& by);
  // NOT_FOUND naming the account.
  absl::StatusOr<StoredAccount> FindAccount(const std::string& name);
  absl::StatusOr<std::vector<v1::Account>> ListAccounts();
  absl::StatusOr<size_t> CountAccounts();
  // What UpdateAccount changes; unset fields stay as they are.
  struct AccountChange {
    std::optional<v1::AccountRole> role;
    std::optional<std::string> password_hash;
    std::optional<bool> disabled;
  };
  absl::StatusOr<v1::Account> UpdateAccount(const std::string& name, const AccountChange& change, absl::Time now,
                                            const Caller& by);
  absl::StatusOr<v1::ApiToken> AddToken(const v1::Account& account, const std::string& token_sha256,
                                        const std::string& label, absl::Time now, const Caller& by);
  // The enabled account a token (by its hash) acts for; nullopt for none.
  absl::StatusOr<std::optional<v1::Account>> AccountForToken(const std::string& token_sha256);
  // The account's tokens (every account's when 0), oldest first.
  absl::StatusOr<std::vector<v1::ApiToken>> ListTokens(uint64_t account_id);
  // NOT_FOUND unless the token exists and, when owner_account_id is not 0,
  // belongs to that account (another's token is as good as missing).
  absl::Status RevokeToken(uint64_t token_id, uint64_t owner_account_id, absl::Time now, const Caller& by);
  // An entry in the audit log outside any other change (a failed login).
  absl::Status AppendAudit(absl::Time now, const Caller& by, const std::string& action, const std::string& detail);
  // The audit log and every test's log, merged, newest first.
  absl::StatusOr<v1::AuditLog> GetAuditLog(size_t limit);

  // The first upload's name and provenance are kept; every upload is in the
  // audit log with who made it.
  absl::Status RecordArtifact(const std::string& sha256, uint64_t size, const std::string& name,
                              const v1::Provenance& provenance, absl::Time now, const Caller& by);
  absl::StatusOr<bool> HasArtifact(const std::string& sha256);
  // The newest `limit` artifacts, newest first; only `sha256`'s when given.
  absl::StatusOr<v1::Artifacts> ListArtifacts(size_t limit, const std::string& sha256 = "");

  struct Passkey {
    explicit Passkey() = default;
  };
  Store(Passkey, std::unique_ptr<sqlite::Database> db, std::unique_ptr<ReaderPool> readers,
        std::unique_ptr<WalCheckpointer> checkpointer);
  ~Store();

 private:
  static absl::StatusOr<v1::Test> LoadTest(sqlite::Database& db, uint64_t test_id,
                                           TestDetail detail = TestDetail::kFull);
  static absl::StatusOr<std::vector<v1::Test>> LoadTests(sqlite::Database& db, std::span<const uint64_t> ids,
                                                         TestDetail detail = TestDetail::kFull);
  // The tests whose ids `select_ids` yields (in its first column), read to the end first.
  static absl::StatusOr<std::vector<v1::Test>> LoadTests(sqlite::Database& db, sqlite::Statement& select_ids,
                                                         TestDetail detail = TestDetail::kFull);
  // Draws a tune batch's flips, stores them, and puts theta+ and theta- in its engines.
  absl::Status PerturbBatch(uint64_t test_id, const v1::SpsaSpec& spec, v1::Batch& batch)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // Moves theta by the pairs a report counted.
  absl::Status UpdateTheta(uint64_t test_id, const v1::SpsaSpec& spec, uint64_t batch_id, const ReportResult& counted)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // One report inside an open transaction.
  absl::StatusOr<ReportResult> ApplyReport(const v1::BatchReport& report, absl::Time now)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  // Runs `write` under mutex_ inside a transaction shared with the writes
  // queued alongside it (group commit); returns once that has committed.
  // A write that fails is rolled back alone, and its error returned.
  absl::Status WriteInGroup(absl::FunctionRef<absl::Status()> write);
  // The same without waiting: `done` gets the result after the commit, on
  // the committer thread.
  void SubmitWrite(absl::AnyInvocable<absl::Status()> write, absl::AnyInvocable<void(absl::Status)> done);
  // Both for a write that makes a value: the value once it is committed, or
  // the write's error, or the commit's.
  template <typename T>
  absl::StatusOr<T> WriteValueInGroup(absl::FunctionRef<absl::StatusOr<T>()> write) {
    std::optional<absl::StatusOr<T>> result;
    absl::Status committed = WriteInGroup([&] {
      result = write();
      return result->status();
    });
    if (!committed.ok()) return committed;
    return *std::move(result);
  }
  template <typename T>
  void SubmitValueWrite(absl::AnyInvocable<absl::StatusOr<T>()> write,
                        absl::AnyInvocable<void(absl::StatusOr<T>)> done) {
    auto result = std::make_shared<std::optional<absl::StatusOr<T>>>();
    SubmitWrite(
        [write = std::move(write), result]() mutable {
          *result = write();
          return (*result)->status();
        },
        [result, done = std::move(done)](absl::Status status) mutable {
          if (status.ok())
            std::move(done)(**std::move(result));
          else
            std::move(done)(std::move(status));
        });
  }
  void CommitLoop();
  // `leases_held`: how many batches the worker holds leased now.
  absl::StatusOr<std::optional<v1::Batch>> LeaseBatchLocked(uint64_t test_id, uint64_t worker_id, int leases_held,
                                                            int pairs, absl::Time now, absl::Time deadline)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  struct PendingWrite {
    absl::AnyInvocable<absl::Status()> write;  // runs under mutex_ on the committer thread
    absl::AnyInvocable<void(absl::Status)> done;
  };

  absl::Mutex mutex_;  // the write connection: held by the committer thread
  std::unique_ptr<sqlite::Database> db_ ABSL_GUARDED_BY(mutex_);
  std::unique_ptr<ReaderPool> readers_;
  std::unique_ptr<WalCheckpointer> checkpointer_;  // after db_, whose commits it hooks
  absl::Mutex workers_mutex_;
  absl::flat_hash_map<uint64_t, RegisteredWorker> workers_ ABSL_GUARDED_BY(workers_mutex_);
  absl::Mutex queue_mutex_;
  std::vector<PendingWrite> queue_ ABSL_GUARDED_BY(queue_mutex_);
  bool stopping_ ABSL_GUARDED_BY(queue_mutex_) = false;
  std::thread committer_;  // last: it starts once everything above exists
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_STORE_H_
