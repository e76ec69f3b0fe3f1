// The USI protocol loop of judkins-engine: reads commands on one thread and
// searches on another, so that "stop", "ponderhit" and "isready" are answered
// while the engine thinks.
#ifndef JUDKINS_ENGINE_USI_USI_LOOP_H_
#define JUDKINS_ENGINE_USI_USI_LOOP_H_

#include <istream>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "engine/search/search.h"
#include "engine/search/transposition_table.h"
#include "engine/usi/search_thread.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

class UsiLoop {
 public:
  UsiLoop(std::istream& in, std::ostream& out, EvalParams params);
  ~UsiLoop();
  // Runs until "quit" or end of input.
  void Run();

 private:
  // Handles one line; returns false on "quit".
  bool Handle(absl::string_view line);
  void ListOptions();
  absl::Status SetOption(absl::string_view args);
  absl::Status SetPosition(absl::string_view args);
  absl::Status Go(absl::string_view args);
  absl::Status Perft(absl::string_view args);
  void SearchAndReport(Position pos, SearchLimits limits);
  // Stops a running search and waits for its bestmove.
  void FinishSearch();
  void Release();  // lets an infinite or ponder search print its bestmove
  void Write(absl::string_view text);

  std::istream& in_;
  std::ostream& out_;
  absl::Mutex output_mutex_;
  EvalParams params_;
  TranspositionTable table_;
  Searcher searcher_;
  SearchControl control_;
  Position position_;
  absl::Duration move_overhead_ = absl::Milliseconds(30);
  absl::Mutex release_mutex_;
  bool released_ ABSL_GUARDED_BY(release_mutex_) = true;
  SearchThread search_thread_;  // last: its destructor waits for a search that uses the fields above
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_USI_LOOP_H_
