// Recording reports: validation, pair-level idempotency, totals, SPRT and a
// tune's theta in one transaction.
#include <array>
#include <map>

#include "absl/strings/str_cat.h"
#include "coordinator/store/store.h"
#include "coordinator/store/test_rows.h"
#include "coordinator/store/tune_rows.h"
#include "coordinator/store/worker_results.h"
#include "stats/worker_homogeneity.h"
#include "tuner/spsa_tune.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"

namespace judkins {
namespace {

constexpr int kReported = 2;  // batch states: 1 leased, 2 reported, 3 expired

// stats::MisbehavesAlone for the worker against the test's other workers.
absl::StatusOr<bool> MisbehavesAlone(sqlite::Database& db, uint64_t test_id, const v1::WorkerResult& worker) {
  auto conduct = [](const v1::WorkerResult& w) {
    return stats::WorkerConduct{2 * PairCount(w.pentanomial()), w.crashes(), w.time_losses()};
  };
  // The other workers' rows are read only for a worker past the rule: not on
  // every counted report.
  const stats::WorkerConduct own = conduct(worker);
  if (!stats::TooManyCrashesOrTimeLosses(own.games, own.crashes, own.time_losses)) return false;
  absl::StatusOr<std::vector<v1::WorkerResult>> all = LoadWorkerResults(db, test_id);
  if (!all.ok()) return all.status();
  std::vector<stats::WorkerConduct> others;
  for (const v1::WorkerResult& other : *all)
    if (other.worker_id() != worker.worker_id()) others.push_back(conduct(other));
  return stats::MisbehavesAlone(own, others);
}

// The dev engine's half points in one game: it has Black in game 0 of a pair.
int DevHalfPoints(const v1::GameOutcome& game) { return HalfPoints(game.result(), game.game_in_pair() == 0); }

}  // namespace

absl::StatusOr<Store::ReportResult> Store::ApplyReport(const v1::BatchReport& report, absl::Time now) {
  absl::StatusOr<sqlite::Statement> select =
      db_->Cached("SELECT test_id, worker_id, pairs, state FROM batches WHERE id = ?");
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
  const int state = int(select->Int(3));

  // Both games of every pair, each once, with a real result.
  std::map<uint32_t, std::array<const v1::GameOutcome*, 2>> games;
  for (const v1::PairAssignment& pair : batch.pairs()) games[pair.pair_index()] = {nullptr, nullptr};
  for (const v1::GameOutcome& game : report.games()) {
    auto it = games.find(game.pair_index());
    if (it == games.end() || game.game_in_pair() > 1)
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " game ", game.game_in_pair(),
                                                     " is not part of batch ", report.batch_id()));
    if (it->second[game.game_in_pair()])
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " game ", game.game_in_pair(), " twice"));
    if (game.result() < v1::GAME_RESULT_BLACK_WINS || game.result() > v1::GAME_RESULT_DRAW)
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " has no result"));
    it->second[game.game_in_pair()] = &game;
  }
  // A pair without games was handed back (the worker stopped early): it goes
  // out again. A pair with one game of two is an error.
  std::vector<const v1::PairAssignment*> handed_back;
  for (const v1::PairAssignment& pair : batch.pairs()) {
    const auto& pair_games = games[pair.pair_index()];
    if (!pair_games[0] && !pair_games[1]) handed_back.push_back(&pair);
    else if (!pair_games[0] || !pair_games[1])
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", pair.pair_index(), " is incomplete"));
  }
  // A worker taken off the test with its pairs purged counts nothing more:
  // whatever it still reports goes out again to others.
  absl::StatusOr<bool> purged = WorkerPurged(*db_, test_id, report.worker_id());
  if (!purged.ok()) return purged.status();
  if (*purged) {
    handed_back.clear();
    for (const v1::PairAssignment& pair : batch.pairs()) handed_back.push_back(&pair);
  }
  for (const v1::PairAssignment* pair : handed_back) games.erase(pair->pair_index());
  v1::Pentanomial penta;
  v1::WinDrawLoss wdl;
  for (const auto& [pair_index, pair_games] : games) {
    CountPair(DevHalfPoints(*pair_games[0]), DevHalfPoints(*pair_games[1]), penta, wdl);
  }
  if (report.has_pentanomial() && report.pentanomial().SerializeAsString() != penta.SerializeAsString())
    return absl::InvalidArgumentError("pentanomial: does not match the games reported");
  if (report.has_wdl() && report.wdl().SerializeAsString() != wdl.SerializeAsString())
    return absl::InvalidArgumentError("wdl: does not match the games reported");

  ReportResult result;
  absl::StatusOr<TestRow> test = LoadTestRow(*db_, test_id);
  if (!test.ok()) return test.status();
  if (state != kReported) {
    const std::optional<stats::SprtParameters> sprt = SprtOf(test->spec);
    WorkerShare share;  // what this report adds to its worker's share of the test
    for (const auto& [pair_index, pair_games] : games) {
      absl::StatusOr<sqlite::Statement> count = db_->Cached(
          "INSERT OR IGNORE INTO counted_pairs (test_id, pair_index, batch_id) VALUES (?, ?, ?)");
      if (!count.ok()) return count.status();
      count->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair_index)).Bind(3, int64_t(report.batch_id()));
      if (absl::Status s = count->Run(); !s.ok()) return s;
      if (db_->changes() == 0) continue;  // another batch already counted this pair
      absl::StatusOr<sqlite::Statement> unqueue = db_->Cached("DELETE FROM reissue_queue WHERE test_id = ? AND pair_index = ?");
      if (!unqueue.ok()) return unqueue.status();
      if (absl::Status s = unqueue->Bind(1, int64_t(test_id)).Bind(2, int64_t(pair_index)).Run(); !s.ok()) return s;
      result.counted = true;
      CountPair(DevHalfPoints(*pair_games[0]), DevHalfPoints(*pair_games[1]), test->pentanomial, test->wdl);
      CountPair(DevHalfPoints(*pair_games[0]), DevHalfPoints(*pair_games[1]), result.counted_pairs, result.counted_games);
      for (const v1::GameOutcome* game : pair_games) {
        share.crashes += game->termination() == v1::TERMINATION_CRASH;
        share.time_losses += game->termination() == v1::TERMINATION_TIME_FORFEIT;
      }
      if (sprt && !Ended(test->state)) {
        const stats::SprtStatus status =
            stats::UpdateSprt(*sprt, ResultsOf(test->pentanomial, test->wdl), test->overshoot);
        if (status.decision != stats::SprtDecision::kContinue) {
          test->state = v1::TEST_STATE_FINISHED;
          test->finished_because = "sprt " + std::string(stats::SprtDecisionName(status.decision));
        }
      }
    }
    if (test->spec.has_spsa() && result.counted)
      if (absl::Status s = UpdateTheta(test_id, test->spec.spsa(), report.batch_id(), result); !s.ok()) return s;
    if (result.counted) {
      share.pentanomial = result.counted_pairs;
      share.wdl = result.counted_games;
      absl::StatusOr<v1::WorkerResult> worker = AddToWorkerResult(*db_, test_id, report.worker_id(), share);
      if (!worker.ok()) return worker.status();
      // A worker whose engines keep crashing or losing on time there, when
      // the others' do not, plays no more of the test (its games so far
      // still count, as in fishtest).
      const uint64_t played = 2 * PairCount(worker->pentanomial());
      absl::StatusOr<bool> alone = MisbehavesAlone(*db_, test_id, *worker);
      if (!alone.ok()) return alone.status();
      if (worker->excluded_because().empty() && *alone)
        if (absl::Status s = ExcludeWorkerResult(
                *db_, test_id, report.worker_id(),
                absl::StrCat(worker->crashes(), " crashes and ", worker->time_losses(), " time losses in ", played,
                             " games"),
                /*purged=*/false);
            !s.ok())
          return s;
    }
    FinishIfCountReached(*test);
    for (const v1::PairAssignment* pair : handed_back)
      if (absl::Status s = RequeuePair(*db_, test_id, *pair); !s.ok()) return s;
    test->updated = absl::ToUnixSeconds(now);
    if (absl::Status s = SaveCounts(*db_, *test); !s.ok()) return s;
    // The records come with the games they describe: kept when the report
    // counted something (a duplicate's were kept the first time).
    if (result.counted && !report.records().empty()) {
      absl::StatusOr<sqlite::Statement> keep =
          db_->Cached("INSERT OR IGNORE INTO batch_records (batch_id, test_id, records) VALUES (?, ?, ?)");
      if (!keep.ok()) return keep.status();
      keep->Bind(1, int64_t(report.batch_id())).Bind(2, int64_t(test_id)).Bind(3, report.records());
      if (absl::Status s = keep->Run(); !s.ok()) return s;
    }
    absl::StatusOr<sqlite::Statement> mark = db_->Cached("UPDATE batches SET state = 2, reported = ? WHERE id = ?");
    if (!mark.ok()) return mark.status();
    if (absl::Status s = mark->Bind(1, absl::ToUnixSeconds(now)).Bind(2, int64_t(report.batch_id())).Run(); !s.ok())
      return s;
  }
  result.test_ended = Ended(test->state);
  result.test_id = test_id;
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
  SubmitValueWrite<ReportResult>(
      [this, &report, now]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return ApplyReport(report, now); }, std::move(done));
}

absl::StatusOr<Store::ReportResult> Store::RecordReport(const v1::BatchReport& report, absl::Time now) {
  return WriteValueInGroup<ReportResult>(
      [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return ApplyReport(report, now); });
}

}  // namespace judkins
