// The match both runner benchmarks on judkins-engine play: the engine against
// itself (the second without its tempo bonus, so games differ) at depth 1,
// from the default book's openings shuffled, `pairs` pairs on `concurrency`
// slots, neither pinned nor writing records until the caller says so.
#ifndef JUDKINS_BENCH_SELF_PLAY_MATCH_H_
#define JUDKINS_BENCH_SELF_PLAY_MATCH_H_

#include <string>

#include "absl/status/statusor.h"
#include "worker/match/match_runner.h"

namespace judkins {

inline absl::StatusOr<MatchSettings> SelfPlayAtDepthOne(const std::string& engine, const std::string& book_path,
                                                        int pairs, int concurrency) {
  MatchSettings settings;
  settings.first = {"first", {engine}};
  settings.second = {"second", {engine}};
  settings.second.options = {{"Tempo", "0"}};
  settings.first_time_control = settings.second_time_control = *TimeControl::Depth("1");
  absl::StatusOr<OpeningBook> book = OpeningBook::Load(book_path, Variant::kJudkins);
  if (!book.ok()) return book.status();
  settings.book = *std::move(book);
  settings.shuffle_openings = true;
  settings.pairs = pairs;
  settings.concurrency = concurrency;
  return settings;
}

}  // namespace judkins

#endif  // JUDKINS_BENCH_SELF_PLAY_MATCH_H_
