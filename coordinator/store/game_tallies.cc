#include "coordinator/store/game_tallies.h"

#include <map>
#include <tuple>
#include <vector>

#include "coordinator/domain/game_tally.h"

namespace judkins {

absl::Status AddToGameTallies(sqlite::Database& db, uint64_t test_id, uint64_t worker_id,
                              std::span<const v1::GameOutcome* const> games) {
  // Games alike are added in one statement each: a batch has a few kinds.
  std::map<std::tuple<uint32_t, int, int>, int64_t> alike;
  for (const v1::GameOutcome* game : games) ++alike[{game->game_in_pair(), game->result(), game->termination()}];
  for (const auto& [key, count] : alike) {
    const auto& [game_in_pair, result, termination] = key;
    absl::StatusOr<sqlite::Statement> add = db.Cached(
        "INSERT INTO game_tallies (test_id, worker_id, game_in_pair, result, termination, games) "
        "VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (test_id, worker_id, game_in_pair, result, termination) DO UPDATE SET games = games + "
        "excluded.games");
    if (!add.ok()) return add.status();
    add->Bind(1, int64_t(test_id))
        .Bind(2, int64_t(worker_id))
        .Bind(3, int64_t(game_in_pair))
        .Bind(4, int64_t(result))
        .Bind(5, int64_t(termination))
        .Bind(6, count);
    if (absl::Status s = add->Run(); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::GameTally> LoadGameTally(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select = db.Cached(
      "SELECT t.game_in_pair, t.result, t.termination, SUM(t.games) FROM game_tallies t "
      "LEFT JOIN worker_results w ON w.test_id = t.test_id AND w.worker_id = t.worker_id "
      "WHERE t.test_id = ? AND COALESCE(w.purged, 0) = 0 "
      "GROUP BY t.game_in_pair, t.result, t.termination");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(test_id));
  std::vector<GamesAlike> counts;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    counts.push_back({.game_in_pair = uint32_t(select->Int(0)),
                      .result = v1::GameResult(select->Int(1)),
                      .termination = v1::Termination(select->Int(2)),
                      .games = uint64_t(select->Int(3))});
  }
  return FoldTally(counts);
}

}  // namespace judkins
