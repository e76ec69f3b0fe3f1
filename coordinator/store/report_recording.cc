// Recording a report in one transaction: the decisions are the domain's
// (coordinator/domain: the games' check, how a pair counts, the SPRT, the
// worker's exclusion; tuner/ for theta); this persists them, with pair-level
// idempotency.
#include <array>
#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "coordinator/domain/hand_backs.h"
#include "coordinator/domain/report_games.h"
#include "coordinator/domain/test_rules.h"
#include "coordinator/store/batch_state.h"
#include "coordinator/store/game_tallies.h"
#include "coordinator/store/store.h"
#include "coordinator/store/test_events.h"
#include "coordinator/store/test_rows.h"
#include "coordinator/store/tune_rows.h"
#include "coordinator/store/worker_results.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

// The crash / time-loss rule for the worker after this report: the other
// workers' rows are read only for a worker past it, not on every report.
absl::StatusOr<std::optional<std::string>> ExclusionReasonAfter(sqlite::Database& db, uint64_t test_id,
                                                                const v1::WorkerResult& worker) {
  if (!worker.excluded_because().empty() || !PastCrashOrTimeLossRule(worker)) return std::nullopt;
  absl::StatusOr<std::vector<v1::WorkerResult>> all = LoadWorkerResults(db, test_id);
  if (!all.ok()) return all.status();
  return ExclusionReason(worker, *all);
}

}  // namespace

absl::StatusOr<Store::ReportResult> Store::ApplyReport(const v1::BatchReport& report, absl::Time now) {
  // Step 1. The batch the report answers, leased to this worker.
  absl::StatusOr<sqlite::Statement> select =
      db_->Cached("SELECT test_id, worker_id, pairs, state, created FROM batches WHERE id = ?");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(report.batch_id()));
  absl::StatusOr<bool> found = select->Step();
  if (!found.ok()) return found.status();
  if (!*found) return absl::NotFoundError(absl::StrCat("batch_id: no batch ", report.batch_id()));
  const uint64_t test_id = select->Int(0);
  if (uint64_t(select->Int(1)) != report.worker_id())
    return absl::PermissionDeniedError(absl::StrCat("batch ", report.batch_id(), " was leased to another worker"));
  v1::Batch batch;
  if (!batch.ParseFromString(select->Text(2)))
    return absl::DataLossError(absl::StrCat("batch ", report.batch_id(), ": stored pairs do not parse"));
  const BatchState state = BatchState(select->Int(3));
  const absl::Time leased = absl::FromUnixSeconds(select->Int(4));

  // Step 2. Its games, checked against the batch.
  absl::StatusOr<ReportGames> games = CheckReportGames(batch, report);
  if (!games.ok()) return games.status();
  // A worker taken off the test with its pairs purged counts nothing more:
  // whatever it still reports goes out again to others.
  absl::StatusOr<bool> purged = WorkerPurged(*db_, test_id, report.worker_id());
  if (!purged.ok()) return purged.status();
  if (*purged) {
    games->complete.clear();
    games->handed_back.clear();
    for (const v1::PairAssignment& pair : batch.pairs()) games->handed_back.push_back(&pair);
  }

  ReportResult result;
  result.test_id = test_id;
  result.lease_age = now - leased;
  absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
  if (!test.ok()) return test.status();
  if (state == BatchState::kReported) {  // a duplicate: counted the first time
    result.test_ended = Ended(test->state);
    return result;
  }
  const v1::TestState before = test->state;

  // Step 3. Each pair counts once, whichever batch brings it first.
  WorkerShare share;  // what this report adds to its worker's share of the test
  std::vector<const v1::GameOutcome*> counted_games;
  for (const auto& [pair_index, pair_games] : games->complete) {
    absl::StatusOr<sqlite::Statement> count =
        db_->Cached("INSERT OR IGNORE INTO counted_pairs (test_id, pair_index, batch_id) VALUES (?, ?, ?)");
    if (!count.ok()) return count.status();
    count->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair_index)).Bind(3, int64_t(report.batch_id()));
    if (absl::Status s = count->Run(); !s.ok()) return s;
    if (db_->changes() == 0) continue;  // another batch already counted this pair
    absl::StatusOr<sqlite::Statement> unqueue =
        db_->Cached("DELETE FROM reissue_queue WHERE test_id = ? AND pair_index = ?");
    if (!unqueue.ok()) return unqueue.status();
    if (absl::Status s = unqueue->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair_index)).Run(); !s.ok()) return s;
    result.counted = true;
    CountPair(pair_games, *test);
    CountPair(pair_games, result.counted_pairs, result.counted_games);
    for (const v1::GameOutcome* game : pair_games) {
      counted_games.push_back(game);
      share.crashes += game->termination() == v1::TERMINATION_CRASH;
      share.time_losses += game->termination() == v1::TERMINATION_TIME_FORFEIT;
    }
  }

  result.crashes = share.crashes;
  result.time_losses = share.time_losses;
  result.pairs_handed_back = games->handed_back.size();

  // Step 4. A tune moves theta by the pairs counted.
  if (test->spec.has_spsa() && result.counted)
    if (absl::Status s = UpdateTheta(test_id, test->spec.spsa(), report.batch_id(), result); !s.ok()) return s;

  // Step 5. The worker's share of the test, and whether it stays on it.
  if (result.counted) {
    share.pentanomial = result.counted_pairs;
    share.wdl = result.counted_games;
    absl::StatusOr<v1::WorkerResult> worker = AddToWorkerResult(*db_, test_id, report.worker_id(), share);
    if (!worker.ok()) return worker.status();
    if (absl::Status s = AddToGameTallies(*db_, test_id, report.worker_id(), counted_games); !s.ok()) return s;
    absl::StatusOr<std::optional<std::string>> exclusion = ExclusionReasonAfter(*db_, test_id, *worker);
    if (!exclusion.ok()) return exclusion.status();
    if (*exclusion) {
      if (absl::Status s = ExcludeWorkerResult(*db_, test_id, report.worker_id(), **exclusion, /*purged=*/false);
          !s.ok())
        return s;
      if (absl::Status s = LogWorkerExcluded(*db_, test_id, report.worker_id(), absl::ToUnixSeconds(now),
                                             kByCoordinator, **exclusion);
          !s.ok())
        return s;
    }
  }

  // A worker that refused the batch (its copy of an engine is not the test's
  // build) takes none of the test's work again; what it counted before stays.
  if (!report.refused_because().empty()) {
    if (absl::StatusOr<v1::WorkerResult> worker = AddToWorkerResult(*db_, test_id, report.worker_id(), WorkerShare{});
        !worker.ok())
      return worker.status();
    if (absl::Status s = ExcludeWorkerResult(*db_, test_id, report.worker_id(),
                                             absl::StrCat("refused: ", report.refused_because()), /*purged=*/false);
        !s.ok())
      return s;
    if (absl::Status s = LogWorkerExcluded(*db_, test_id, report.worker_id(), absl::ToUnixSeconds(now), kByCoordinator,
                                           absl::StrCat("refused: ", report.refused_because()));
        !s.ok())
      return s;
  }

  // A worker that could not start the batch waits before it gets the test
  // again; a test every try hands back is flagged. Games counted clear both.
  if (!report.cannot_play_because().empty()) {
    result.hand_back = report.hand_back_reason();
    if (absl::Status s = CountWorkerHandBack(*db_, test_id, report.worker_id(), now); !s.ok()) return s;
    if (CountHandBack(*test, report.cannot_play_because())) {
      result.flagged_unplayable = true;
      if (absl::Status s = AppendTestEvent(*db_, test_id, v1::TEST_EVENT_KIND_UNPLAYABLE, absl::ToUnixSeconds(now),
                                           kByCoordinator, test->unplayable_because);
          !s.ok())
        return s;
    }
  } else if (result.counted) {
    ClearHandBacks(*test);
    if (absl::Status s = ClearWorkerHandBacks(*db_, test_id, report.worker_id()); !s.ok()) return s;
  }

  // Step 6. Persist: the test, the pairs handed back, the records, the batch.
  FinishIfCountReached(*test);
  for (const v1::PairAssignment* pair : games->handed_back)
    if (absl::Status s = RequeuePair(*db_, test_id, *pair); !s.ok()) return s;
  test->updated = absl::ToUnixSeconds(now);
  if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
  if (absl::Status s = LogStateChange(*db_, before, *test, kByCoordinator); !s.ok()) return s;
  if (result.counted)
    if (absl::Status s = AppendTestHistory(*db_, *test); !s.ok()) return s;
  // The records come with the games they describe: kept when the report
  // counted something (a duplicate's were kept the first time).
  if (result.counted && !report.records().empty()) {
    absl::StatusOr<sqlite::Statement> keep =
        db_->Cached("INSERT OR IGNORE INTO batch_records (batch_id, test_id, records) VALUES (?, ?, ?)");
    if (!keep.ok()) return keep.status();
    keep->Bind(1, int64_t(report.batch_id())).Bind(2, int64_t(test_id)).Bind(3, report.records());
    if (absl::Status s = keep->Run(); !s.ok()) return s;
  }
  absl::StatusOr<sqlite::Statement> mark = db_->Cached("UPDATE batches SET state = ?, reported = ? WHERE id = ?");
  if (!mark.ok()) return mark.status();
  mark->Bind(1, SqlValue(BatchState::kReported)).Bind(2, absl::ToUnixSeconds(now)).Bind(3, int64_t(report.batch_id()));
  if (absl::Status s = mark->Run(); !s.ok()) return s;
  result.test_ended = Ended(test->state);
  return result;
}

absl::Status Store::UpdateTheta(uint64_t test_id, const v1::SpsaSpec& spec, uint64_t batch_id,
                                const ReportResult& counted) {
  absl::StatusOr<StoredPerturbation> perturbation = LoadPerturbation(*db_, batch_id, spec.parameters_size());
  if (!perturbation.ok()) return perturbation.status();
  absl::StatusOr<TuneRow> tune = LoadTuneRow(*db_, test_id, spec.parameters_size());
  if (!tune.ok()) return tune.status();
  // Only the pairs this report counted move theta: a pair another batch
  // already counted moved it then.
  const double wins_minus_losses = double(counted.counted_games.wins()) - double(counted.counted_games.losses());
  tuner::ApplyBatch(spec, tune->theta, perturbation->iteration, perturbation->flips, wins_minus_losses);
  tune->iterations += PairCount(counted.counted_pairs);
  return SaveTuneRow(*db_, test_id, *tune);
}

void Store::RecordReportAsync(const v1::BatchReport& report, absl::Time now, ReportDone done) {
  SubmitValueWrite<ReportResult>([this, &report, now]()
                                     ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return ApplyReport(report, now); },
                                 std::move(done));
}

absl::StatusOr<Store::ReportResult> Store::RecordReport(const v1::BatchReport& report, absl::Time now) {
  return WriteValueInGroup<ReportResult>(
      [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return ApplyReport(report, now); });
}

}  // namespace judkins
