#include "worker/match/match_runner.h"

#include <algorithm>
#include <cassert>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "proto/convert/results.h"
#include "proto/convert/stats_report.h"
#include "records/game_record_format.h"
#include "worker/match/slot_cpus.h"

namespace judkins {
namespace {

v1::GameOutcome OutcomeOf(const GameRecord& game) {
  v1::GameOutcome outcome;
  outcome.set_pair_index(game.pair_index);
  outcome.set_game_in_pair(game.game_in_pair);
  outcome.set_opening_index(game.opening_index);
  outcome.set_black(game.black);
  outcome.set_white(game.white);
  outcome.set_result(game.result);
  outcome.set_termination(game.termination);
  outcome.set_reason(game.reason);
  outcome.set_plies(uint32_t(game.moves.size()));
  uint64_t nodes = 0;
  absl::Duration thinking;
  for (const PlayedMove& move : game.moves) {
    nodes += move.report.nodes;
    thinking += move.elapsed;
  }
  outcome.set_nodes(nodes);
  outcome.set_think_seconds(absl::ToDoubleSeconds(thinking));
  return outcome;
}

void Tally(v1::EngineTally& tally, v1::Termination termination, int half_points) {
  v1::TerminationCount* count = nullptr;
  for (v1::TerminationCount& existing : *tally.mutable_terminations())
    if (existing.termination() == termination) count = &existing;
  if (!count) {
    count = tally.add_terminations();
    count->set_termination(termination);
  }
  if (half_points == 2)
    count->set_wins(count->wins() + 1);
  else if (half_points == 1)
    count->set_draws(count->draws() + 1);
  else
    count->set_losses(count->losses() + 1);
}

// The USI option by which engines take their number of search threads
// (Fairy-Stockfish and YaneuraOu spell it so).
constexpr absl::string_view kThreadsOption = "Threads";

// The CPUs a game slot needs: one per thread of the hungrier engine.
absl::StatusOr<int> CpusPerSlot(const EngineConfig& first, const EngineConfig& second) {
  int most = 1;
  for (const EngineConfig* engine : {&first, &second})
    for (const auto& [name, value] : engine->options) {
      if (!absl::EqualsIgnoreCase(name, kThreadsOption)) continue;
      int threads = 0;
      if (!absl::SimpleAtoi(value, &threads) || threads < 1)
        return absl::InvalidArgumentError(absl::StrCat("engine '", engine->name, "': option ", name,
                                                       " must be a positive number, got '", value, "'"));
      most = std::max(most, threads);
    }
  return most;
}

}  // namespace

void MatchRunner::RequestStop(absl::string_view why) {
  absl::MutexLock lock(&mutex_);
  if (stop_reason_.empty()) stop_reason_ = std::string(why);
  stop_ = true;
}

void MatchRunner::WriteRecord(const GameRecord& record) {
  if (!records_.is_open()) return;
  records_ << FormatGameRecord(record);
  records_.flush();
}

void MatchRunner::FinishGame(int pair_slot, GameRecord game) {
  absl::MutexLock lock(&mutex_);
  auto [waiting, first_of_pair] = half_played_.try_emplace(pair_slot, std::move(game));
  if (first_of_pair) return;
  GameRecord partner = std::move(waiting->second);
  half_played_.erase(waiting);
  const bool partner_first = partner.game_in_pair == 0;
  const GameRecord& first_black = partner_first ? partner : game;
  const GameRecord& first_white = partner_first ? game : partner;
  assert(first_black.game_in_pair == 0 && first_white.game_in_pair == 1);
  // Records are written for counted pairs only, both games together: they
  // are exactly the games that the results contain.
  WriteRecord(first_black);
  WriteRecord(first_white);
  RecordPair(first_black, first_white);
}

void MatchRunner::RecordPair(const GameRecord& first_black, const GameRecord& first_white) {
  const int points[2] = {HalfPoints(first_black.result, true), HalfPoints(first_white.result, false)};
  v1::Pentanomial& penta = *results_.mutable_pentanomial();
  v1::WinDrawLoss& wdl = *results_.mutable_wdl();
  CountPair(points[0], points[1], penta, wdl);
  for (int i = 0; i < 2; ++i) {
    const GameRecord& game = i == 0 ? first_black : first_white;
    if (game.result == v1::GAME_RESULT_BLACK_WINS)
      results_.set_black_wins(results_.black_wins() + 1);
    else if (game.result == v1::GAME_RESULT_WHITE_WINS)
      results_.set_white_wins(results_.white_wins() + 1);
    else
      results_.set_draws(results_.draws() + 1);
    Tally(*results_.mutable_tallies(0), game.termination, points[i]);
    Tally(*results_.mutable_tallies(1), game.termination, 2 - points[i]);
    *results_.add_games_played() = OutcomeOf(game);
  }
  results_.set_games(results_.games() + 2);
  const stats::TestResults counts = ResultsOf(penta, wdl);
  if (settings_.sprt) {
    const stats::SprtStatus status = stats::UpdateSprt(*settings_.sprt, counts, overshoot_);
    if (status.decision != stats::SprtDecision::kContinue) {
      if (stop_reason_.empty()) stop_reason_ = "sprt " + std::string(stats::SprtDecisionName(status.decision));
      stop_ = true;
    }
  }
  *results_.mutable_stats() = MakeStatsReport(counts, settings_.sprt, overshoot_);
  results_.set_seconds(absl::ToDoubleSeconds(absl::Now() - start_));
  if (progress_) progress_(results_);
}

void MatchRunner::PlaySlot(const std::vector<int>& cpus) {
  // Step 1. Pinned slots onto their CPUs before any engine starts (engines
  // inherit them), free ones into the batch policy.
  if (absl::Status scheduled = cpus.empty() ? RunCallingThreadAsBatch() : RunCallingThreadOn(cpus); !scheduled.ok()) {
    {
      absl::MutexLock lock(&mutex_);
      if (slot_failure_.ok()) slot_failure_ = scheduled;
    }
    RequestStop(scheduled.message());
    return;
  }

  // Step 2. Games until none are left.
  UsiEngine first(settings_.first), second(settings_.second);
  while (!stop_) {
    const int game = next_game_++;
    if (game >= 2 * settings_.pairs) break;
    const int pair_slot = game / 2, game_in_pair = game % 2;
    const int opening = opening_order_[pair_slot];
    const int pair = settings_.assignments.empty() ? pair_slot : settings_.assignments[pair_slot].first;
    UsiEngine& black = game_in_pair == 0 ? first : second;
    UsiEngine& white = game_in_pair == 0 ? second : first;
    const TimeControl& first_control = settings_.first_time_control;
    const TimeControl& second_control = settings_.second_time_control;
    const std::array<TimeControl, 2> controls =
        game_in_pair == 0 ? std::array{first_control, second_control} : std::array{second_control, first_control};
    GameRecord record = PlayGame(black, white, controls, settings_.book[opening], settings_.game, stop_);
    // A game cut short is not counted, nor is its pair.
    if (record.termination == v1::TERMINATION_ABORTED) break;
    record.pair_index = pair;
    record.game_in_pair = game_in_pair;
    record.opening_index = opening;
    FinishGame(pair_slot, std::move(record));
  }
  // Step 3. Both engines told first, so that they exit together.
  first.Quit();
  second.Quit();
  first.Shutdown();
  second.Shutdown();
}

absl::StatusOr<v1::MatchResults> MatchRunner::Run(const ProgressSink& progress) {
  if (!settings_.assignments.empty()) {
    settings_.pairs = int(settings_.assignments.size());
    for (const auto& [pair, opening] : settings_.assignments) {
      if (opening < 0 || opening >= settings_.book.size())
        return absl::InvalidArgumentError(
            absl::StrCat("opening ", opening, " is not in the book of ", settings_.book.size()));
      opening_order_.push_back(opening);
    }
  }
  if (settings_.pairs < 1) return absl::InvalidArgumentError("a match needs at least one game pair");
  if (settings_.concurrency < 1) return absl::InvalidArgumentError("concurrency must be at least 1");
  if (settings_.first.command.empty() || settings_.second.command.empty())
    return absl::InvalidArgumentError("a match needs two engines");
  // Planned before anything is written: a match that cannot be pinned leaves no trace.
  const int slot_count = std::min(settings_.concurrency, 2 * settings_.pairs);
  std::vector<std::vector<int>> slot_cpus(slot_count);  // empty: wherever the kernel puts them
  if (settings_.affinity) {
    absl::StatusOr<int> cpus_per_slot = CpusPerSlot(settings_.first, settings_.second);
    if (!cpus_per_slot.ok()) return cpus_per_slot.status();
    absl::StatusOr<std::vector<LogicalCpu>> allowed = AllowedCpus();
    if (!allowed.ok()) return allowed.status();
    absl::StatusOr<std::vector<std::vector<int>>> plan = PlanSlotCpus(*allowed, slot_count, *cpus_per_slot);
    if (!plan.ok()) return absl::InvalidArgumentError(absl::StrCat("affinity: ", plan.status().message()));
    slot_cpus = *std::move(plan);
  }
  if (settings_.assignments.empty())
    opening_order_ = OpeningOrder(settings_.book.size(), settings_.pairs, settings_.shuffle_openings, settings_.seed);
  progress_ = progress;
  start_ = absl::Now();
  {
    absl::MutexLock lock(&mutex_);
    if (!settings_.records_path.empty()) {
      records_.open(settings_.records_path, std::ios::app);
      if (!records_)
        return absl::PermissionDeniedError(absl::StrCat("cannot write records to '", settings_.records_path, "'"));
    }
    results_.add_engines(settings_.first.name);
    results_.add_engines(settings_.second.name);
    const std::string first_control = settings_.first_time_control.Label();
    const std::string second_control = settings_.second_time_control.Label();
    results_.set_time_control(first_control == second_control ? first_control
                                                              : absl::StrCat(first_control, " / ", second_control));
    results_.set_pairs_planned(settings_.pairs);
    results_.add_tallies()->set_name(settings_.first.name);
    results_.add_tallies()->set_name(settings_.second.name);
    *results_.mutable_stats() =
        MakeStatsReport(ResultsOf(results_.pentanomial(), results_.wdl()), settings_.sprt, overshoot_);
  }
  std::vector<std::thread> slots;
  for (const std::vector<int>& cpus : slot_cpus) slots.emplace_back([this, &cpus] { PlaySlot(cpus); });
  for (std::thread& slot : slots) slot.join();

  absl::MutexLock lock(&mutex_);
  if (!slot_failure_.ok()) return slot_failure_;
  results_.set_stopped_because(stop_reason_.empty() ? "all games played" : stop_reason_);
  results_.set_seconds(absl::ToDoubleSeconds(absl::Now() - start_));
  auto& games = *results_.mutable_games_played();
  std::sort(games.begin(), games.end(), [](const v1::GameOutcome& a, const v1::GameOutcome& b) {
    return std::make_pair(a.pair_index(), a.game_in_pair()) < std::make_pair(b.pair_index(), b.game_in_pair());
  });
  if (records_.is_open()) records_.close();
  return results_;
}

}  // namespace judkins
