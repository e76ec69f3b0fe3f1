// A USI engine as the referee sees it: started from its configuration,
// handshaken, told positions, asked for moves under a deadline. Any failure
// (exit, silence past a deadline, a broken protocol) is reported as a status
// and leaves the engine marked for restart: DeadlineExceeded for silence,
// Unavailable for an exit, DataLoss for output that breaks the protocol.
#ifndef JUDKINS_WORKER_USI_CLIENT_USI_ENGINE_H_
#define JUDKINS_WORKER_USI_CLIENT_USI_ENGINE_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "proto/contract.h"
#include "records/game_record.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {

// The hash table size every engine is given, as shogi GUIs give it (USI_Hash)
// unless its options set one: two engines of a test get the same, whatever
// their own defaults (some default to a gigabyte).
inline constexpr int kDefaultEngineHashMb = 64;

struct EngineConfig {
  std::string name = {};                  // shown in reports and records
  std::vector<std::string> command = {};  // program and arguments
  std::string working_directory = {};
  std::vector<std::pair<std::string, std::string>> options = {};  // setoption name/value, in order
  std::string stderr_path = {};  // where the engine's stderr is appended; empty: discarded
  // The engine reads btime/wtime (and binc/winc) the other way round, as
  // Fairy-Stockfish 11.1 does in USI mode: the referee swaps them for it.
  bool swap_clocks = false;
  // The variant to ask for ("shogi"): sent as UCI_Variant or USI_Variant,
  // whichever the engine lists, before `options`; an engine listing neither
  // plays its one game and is told nothing. Empty: nothing is sent.
  std::string variant = {};
  // How long the first isready may take: real engines read their evaluation
  // files then, and print nothing or blank lines meanwhile.
  absl::Duration ready_timeout = absl::Seconds(contract::kDefaultReadyTimeoutSeconds);
  int hash_mb = kDefaultEngineHashMb;  // sent unless `options` name USI_Hash or Hash
};

// An engine's complaint is kept for the game's reason, cut to this length.
inline constexpr size_t kMaxComplaintBytes = 500;

struct EngineMove {
  std::string text;  // "2f4d", "resign", "win"
  SearchReport report;
  std::string complaint;   // the engine's last "info string error ..." while thinking, if any
  absl::Duration elapsed;  // as measured by us, from "go" to "bestmove"
};

// Parses one "info ..." line into report (fields it lacks are left alone).
void ParseInfo(absl::string_view line, SearchReport& report);

class UsiEngine {
 public:
  static constexpr absl::Duration kHandshakeTimeout = absl::Seconds(10);

  explicit UsiEngine(EngineConfig config) : config_(std::move(config)) {}
  const EngineConfig& config() const { return config_; }

  // Starts the process if needed: usi/usiok within `timeout`, the options
  // (what shogi GUIs send first: USI_Ponder false and the hash size), then
  // isready/readyok within the configuration's ready_timeout.
  absl::Status EnsureStarted(absl::Duration timeout = kHandshakeTimeout);
  // usinewgame, then isready/readyok within `timeout`.
  absl::Status NewGame(absl::Duration timeout = kHandshakeTimeout);
  // Sends the position and go command, waits for bestmove until deadline.
  // DeadlineExceeded: no answer in time; Unavailable: the engine died.
  absl::StatusOr<EngineMove> Think(const std::string& position_command, const std::string& go_command,
                                   absl::Time deadline);
  void GameOver(absl::string_view result);  // "win", "lose" or "draw"
  // Tells the engine to quit without waiting for it: engines told first
  // and shut down after exit together.
  void Quit();
  // Ends the process (quit, then kill); the next EnsureStarted restarts it.
  void Shutdown();
  bool running() const { return process_ != nullptr; }

 private:
  // The next line from the engine, made valid text (common/valid_text.h),
  // valid until the next read.
  absl::StatusOr<absl::string_view> NextLine(absl::Time deadline);
  absl::Status WaitFor(absl::string_view token, absl::Time deadline);
  absl::Status Fail(absl::Status status);  // kills the process and passes the status on

  EngineConfig config_;
  std::unique_ptr<EngineProcess> process_;
  bool told_to_quit_ = false;  // the running process was sent "quit"
  std::string cleaned_line_;   // the last line read, when it had to be made valid text
};

}  // namespace judkins

#endif  // JUDKINS_WORKER_USI_CLIENT_USI_ENGINE_H_
