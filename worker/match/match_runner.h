// A match between two USI engines: game pairs (each opening twice, colours
// swapped) whose games are played N at a time (a pair's two games may run at
// once), counted as pentanomial results once both are done, stopped when the
// SPRT decides, the games are done, or the user interrupts.
#ifndef JUDKINS_WORKER_MATCH_MATCH_RUNNER_H_
#define JUDKINS_WORKER_MATCH_MATCH_RUNNER_H_

#include <atomic>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "judkins/v1/match.pb.h"
#include "stats/sprt.h"
#include "worker/match/game.h"
#include "worker/match/openings.h"
#include "worker/usi_client/usi_engine.h"

namespace judkins {

// How the command lines that set MatchSettings::affinity describe it.
inline constexpr char kAffinityHelp[] =
    "pin each concurrent game (its engines and its runner thread) to CPUs of its own, as many as the engines' "
    "Threads option";

struct MatchSettings {
  EngineConfig first, second;  // results are counted from the first engine's view
  TimeControl first_time_control, second_time_control;
  GameSettings game;
  OpeningBook book = OpeningBook::StartOnly(Variant::kJudkins);  // of game.variant
  bool shuffle_openings = false;
  uint64_t seed = 1;
  int pairs = 1;
  // Set by the daemon: exactly these pairs (index, opening), instead of
  // `pairs` pairs in the book's order.
  std::vector<std::pair<int, int>> assignments;
  int concurrency = 1;
  // Each game slot, its runner thread and its engines, on CPUs of its own
  // (slot_cpus.h): as many as the engines' largest "Threads" option.
  bool affinity = false;
  std::optional<stats::SprtParameters> sprt;
  std::string records_path;  // empty: no records
};

class MatchRunner {
 public:
  explicit MatchRunner(MatchSettings settings) : settings_(std::move(settings)) {}
  // Called after every finished pair with the results so far.
  using ProgressSink = std::function<void(const v1::MatchResults&)>;
  absl::StatusOr<v1::MatchResults> Run(const ProgressSink& progress);
  // Thread-safe: ends the match; games in flight are aborted and not counted.
  void RequestStop(absl::string_view why);

 private:
  // Plays games until none are left or the match stops; on cpus, if any.
  void PlaySlot(const std::vector<int>& cpus);
  // Keeps a finished game until the other of its pair is done, then counts both.
  void FinishGame(int pair_slot, GameRecord game);
  void RecordPair(const GameRecord& first_black, const GameRecord& first_white) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  void WriteRecord(const GameRecord& record) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  MatchSettings settings_;
  std::vector<int> opening_order_;
  // Games are handed out one by one, not in pairs: the two games of a pair
  // may be played at once on two slots, so that the match's last games keep
  // every slot busy and its end waits for one game, not for a pair.
  std::atomic<int> next_game_{0};
  std::atomic<bool> stop_{false};
  absl::Mutex mutex_;
  v1::MatchResults results_ ABSL_GUARDED_BY(mutex_);
  stats::OvershootRecord overshoot_ ABSL_GUARDED_BY(mutex_);
  std::string stop_reason_ ABSL_GUARDED_BY(mutex_);
  absl::Status slot_failure_ ABSL_GUARDED_BY(mutex_);  // a slot that could not play at all
  std::ofstream records_ ABSL_GUARDED_BY(mutex_);
  // By pair slot (the pair's place in the match): the game of a pair that
  // finished first, waiting for the other.
  absl::flat_hash_map<int, GameRecord> half_played_ ABSL_GUARDED_BY(mutex_);
  ProgressSink progress_;
  absl::Time start_;
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_MATCH_RUNNER_H_
