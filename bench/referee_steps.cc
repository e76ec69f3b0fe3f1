// Where the referee's own CPU goes in a ply, step by step, as worker/match's
// PlayGame takes them: the game's status, the go command, reading the answer,
// the move check, the Hodges notation, the record, the position command, the
// move, and (once a game, spread over its plies) the record written out.
//
// The games are real: judkins-engine plays them against itself at depth 1 and
// the runner writes their records; here they are replayed without engines.
// Each step is timed three times: warm (the plies back to back, as a profiler
// would see them), with 2 MB written between plies (twice the L2 cache: an
// engine's search at a small limit), and with 64 MB written (more than the
// L3 cache: an engine's whole hash). In a match the referee runs between
// engine moves, so its cost lies between the last two columns; the gap to
// the first is what the caches cost it. The peer measured in the same run is
// the machine's floor for one move: a line to cat and back
// (bench/round_trip_floor.h).
//
//   build/bench/referee_steps [pairs] [path/to/judkins-engine]
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "bench/round_trip_floor.h"
#include "bench/self_play_match.h"
#include "common/first_word.h"
#include "common/read_file.h"
#include "common/valid_text.h"
#include "engine/rules/edition.h"
#include "records/game_record_format.h"
#include "worker/match/game_clock.h"
#include "worker/match/match_runner.h"

namespace judkins {
namespace {

constexpr int kConcurrency = 2;
// What an engine writes between two of the referee's turns, in the three
// runs: nothing, twice this machine's L2 cache, twice its L3 cache.
constexpr std::array<size_t, 3> kEvictionBytes = {0, size_t{2} << 20, size_t{64} << 20};
constexpr std::array<const char*, 3> kEvictionNames = {"warm", "2 MB", "64 MB"};
constexpr size_t kCacheLine = 64;

enum Step {
  kGameStatus,
  kGoCommand,
  kAnswer,
  kMoveCheck,
  kHodges,
  kRecordMove,
  kPositionCommand,
  kDoMove,
  kRecordOut,
  kStepCount
};
constexpr std::array<const char*, kStepCount> kStepNames = {"game status (legal move, repetition)",
                                                            "clock and go command",
                                                            "answer lines read (info, bestmove)",
                                                            "move check (ParseUsiMove)",
                                                            "Hodges notation",
                                                            "move kept in the record",
                                                            "position command grown",
                                                            "move made",
                                                            "record written (once a game)"};

using Clock = std::chrono::steady_clock;

double Nanoseconds(Clock::time_point from, Clock::time_point to) {
  return double(std::chrono::duration_cast<std::chrono::nanoseconds>(to - from).count());
}

// Writes every cache line of `memory`, leaving the caches full of it.
void Evict(std::vector<uint8_t>& memory) {
  for (size_t i = 0; i < memory.size(); i += kCacheLine) ++memory[i];
}

// What judkins-engine prints for a move at depth 1, as it arrives: one info
// line and bestmove.
std::string AnswerFor(absl::string_view move) {
  return absl::StrCat("info depth 1 seldepth 4 score cp 20 nodes 41 nps 41000 time 0 hashfull 0 pv ", move,
                      "\nbestmove ", move, "\n");
}

struct StepTimes {
  std::array<double, kStepCount> nanoseconds{};
  uint64_t plies = 0;
};

// The referee's steps over every ply of `games`, each timed, with `eviction`
// bytes written before each ply. Returns an error if a recorded move does not
// replay.
absl::StatusOr<StepTimes> Replay(const std::vector<ParsedRecord>& games, size_t eviction,
                                 const std::string& records_path) {
  std::vector<uint8_t> memory(eviction);
  std::ofstream records(records_path);
  const std::array<TimeControl, 2> controls = {*TimeControl::Depth("1"), *TimeControl::Depth("1")};
  const GameRules rules;
  StepTimes times;
  for (const ParsedRecord& game : games) {
    absl::StatusOr<Position> start = Position::FromSfen(game.start_sfen);
    if (!start.ok()) return start.status();
    Position pos = *start;
    GameClock clock(controls, absl::Milliseconds(100));
    GameRecord record;
    record.start_sfen = game.start_sfen;
    std::string position_command = absl::StrCat("position sfen ", game.start_sfen, " moves");
    for (const std::string& played : game.moves) {
      const std::string answer = AnswerFor(played);  // the engine's work, not timed
      Evict(memory);
      const Color side = pos.side_to_move();
      std::array<Clock::time_point, kStepCount> at;
      const Clock::time_point begin = Clock::now();
      const GameStatus status = EvaluateGameStatus(pos, rules);
      at[kGameStatus] = Clock::now();
      const std::string go = clock.GoCommand(side);
      at[kGoCommand] = Clock::now();
      EngineMove move;
      for (absl::string_view rest = answer; !rest.empty();) {
        const size_t newline = rest.find('\n');
        const absl::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline + 1);
        if (!IsValidText(line)) return absl::DataLossError("the canned answer is not text");
        if (absl::StartsWith(line, "info ")) {
          ParseInfo(line, move.report);
        } else if (absl::StartsWith(line, "bestmove")) {
          absl::string_view words = line;
          TakeWord(words);
          move.text = std::string(TakeWord(words));
        }
      }
      (void)clock.Charge(side, absl::Milliseconds(1));
      at[kAnswer] = Clock::now();
      absl::StatusOr<Move> checked = ParseUsiMove(pos, move.text);
      at[kMoveCheck] = Clock::now();
      if (!checked.ok()) return checked.status();
      std::string hodges = MoveToHodges(pos, *checked);
      at[kHodges] = Clock::now();
      record.moves.push_back({move.text, std::move(hodges), move.report, absl::Milliseconds(1)});
      at[kRecordMove] = Clock::now();
      absl::StrAppend(&position_command, " ", move.text);
      at[kPositionCommand] = Clock::now();
      pos.DoMove(*checked);
      at[kDoMove] = Clock::now();
      if (status.over()) return absl::DataLossError("a recorded game goes on after its end");
      Clock::time_point from = begin;
      for (int step = 0; step < kRecordOut; ++step) {
        times.nanoseconds[step] += Nanoseconds(from, at[step]);
        from = at[step];
      }
      ++times.plies;
      if (go.empty() || position_command.empty()) return absl::InternalError("nothing was built");
    }
    record.result = game.result;
    Evict(memory);
    const Clock::time_point begin = Clock::now();
    records << FormatGameRecord(record);
    records.flush();
    times.nanoseconds[kRecordOut] += Nanoseconds(begin, Clock::now());
  }
  // What a clock reading costs is in every step; it is taken out once.
  const Clock::time_point first = Clock::now();
  constexpr int kReadings = 100000;
  for (int i = 0; i < kReadings; ++i) (void)Clock::now();
  const double reading = Nanoseconds(first, Clock::now()) / kReadings;
  for (int step = 0; step < kStepCount; ++step) {
    const double readings = double(step == kRecordOut ? games.size() : times.plies);
    times.nanoseconds[step] = std::max(0.0, times.nanoseconds[step] - reading * readings);
  }
  return times;
}

int Main(int pairs, const std::string& engine) {
  auto fail = [](const absl::Status& status) {
    std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return 1;
  };
  // Step 1. Real games, with records, as match_overhead plays them pinned.
  absl::StatusOr<MatchSettings> match = SelfPlayAtDepthOne(engine, JUDKINS_BOOK_PATH, pairs, kConcurrency);
  if (!match.ok()) return fail(match.status());
  MatchSettings settings = *std::move(match);
  settings.affinity = true;
  char folder[] = "/tmp/referee_steps.XXXXXX";
  if (!mkdtemp(folder)) return fail(absl::InternalError("cannot make a temporary folder"));
  const std::string played_path = absl::StrCat(folder, "/played.pgn"), replayed_path = absl::StrCat(folder, "/out.pgn");
  settings.records_path = played_path;
  if (absl::StatusOr<v1::MatchResults> results = MatchRunner(settings).Run(nullptr); !results.ok())
    return fail(results.status());
  absl::StatusOr<std::string> text = ReadFile(played_path);
  if (!text.ok()) return fail(text.status());
  absl::StatusOr<std::vector<ParsedRecord>> games = ParseGameRecords(*text);
  if (!games.ok()) return fail(games.status());

  // Step 2. The same plies warm, then after 2 MB and 64 MB, then the floor of a move.
  std::array<StepTimes, kEvictionBytes.size()> runs;
  for (size_t run = 0; run < runs.size(); ++run) {
    absl::StatusOr<StepTimes> times = Replay(*games, kEvictionBytes[run], replayed_path);
    if (!times.ok()) return fail(times.status());
    runs[run] = *times;
  }
  absl::StatusOr<double> floor = RoundTripFloor();
  if (!floor.ok()) return fail(floor.status());
  std::remove(played_path.c_str());
  std::remove(replayed_path.c_str());
  rmdir(folder);

  // Step 3. The table: nanoseconds a ply, and each step's share of the coldest ply.
  std::array<double, kEvictionBytes.size()> totals{};
  auto per_ply = [&](size_t run, int step) { return runs[run].nanoseconds[step] / double(runs[run].plies); };
  for (size_t run = 0; run < runs.size(); ++run)
    for (int step = 0; step < kStepCount; ++step) totals[run] += per_ply(run, step);
  const size_t coldest = runs.size() - 1;
  std::printf(
      "the referee's steps over %llu plies of %zu games (judkins-engine at depth 1), ns a ply,\n"
      "with what was written between plies\n",
      static_cast<unsigned long long>(runs[0].plies), games->size());
  std::printf("%-38s %8s %8s %8s %10s\n", "step", kEvictionNames[0], kEvictionNames[1], kEvictionNames[2],
              "of coldest");
  for (int step = 0; step < kStepCount; ++step)
    std::printf("%-38s %8.0f %8.0f %8.0f %9.1f%%\n", kStepNames[step], per_ply(0, step), per_ply(1, step),
                per_ply(2, step), 100 * per_ply(coldest, step) / totals[coldest]);
  std::printf("%-38s %8.0f %8.0f %8.0f\n", "a ply in all", totals[0], totals[1], totals[2]);
  std::printf(
      "the floor of a move (a line to cat and back, the writer's CPU): %.0f ns; a ply's refereeing is\n"
      "%.2fx it warm, %.2fx after 2 MB, %.2fx after 64 MB\n",
      1e9 * *floor, totals[0] / (1e9 * *floor), totals[1] / (1e9 * *floor), totals[2] / (1e9 * *floor));
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  return judkins::Main(argc > 1 ? std::atoi(argv[1]) : 100, argc > 2 ? argv[2] : JUDKINS_ENGINE_PATH);
}
