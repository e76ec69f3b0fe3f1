#include "coordinator/store/game_tallies.h"

#include <map>
#include <tuple>
#include <vector>

#include "coordinator/domain/game_tally.h"

namespace judkins {
namespace {

using AlikeKey = std::tuple<uint32_t, int, int>;  // game in pair, result, termination

// Adds `games` (negative: takes them off) to the test's sum of games alike.
absl::Status AddToTestSum(sqlite::Database& db, uint64_t test_id, const AlikeKey& key, int64_t games) {
  const auto& [game_in_pair, result, termination] = key;
  absl::StatusOr<sqlite::Statement> add = db.Cached(
      "INSERT INTO game_tallies (test_id, game_in_pair, result, termination, games) VALUES (?, ?, ?, ?, ?) "
      "ON CONFLICT (test_id, game_in_pair, result, termination) DO UPDATE SET games = games + excluded.games");
  if (!add.ok()) return add.status();
  return add->Bind(1, int64_t(test_id))
      .Bind(2, int64_t(game_in_pair))
      .Bind(3, int64_t(result))
      .Bind(4, int64_t(termination))
      .Bind(5, games)
      .Run();
}

}  // namespace

absl::Status AddToGameTallies(sqlite::Database& db, uint64_t test_id, uint64_t worker_id,
                              std::span<const v1::GameOutcome* const> games) {
  // Games alike are added in one statement each: a batch has a few kinds.
  std::map<AlikeKey, int64_t> alike;
  for (const v1::GameOutcome* game : games) ++alike[{game->game_in_pair(), game->result(), game->termination()}];
  for (const auto& [key, count] : alike) {
    if (absl::Status s = AddToTestSum(db, test_id, key, count); !s.ok()) return s;
    const auto& [game_in_pair, result, termination] = key;
    absl::StatusOr<sqlite::Statement> add = db.Cached(
        "INSERT INTO worker_game_tallies (test_id, worker_id, game_in_pair, result, termination, games) "
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

absl::Status RemoveFromGameTallies(sqlite::Database& db, uint64_t test_id, uint64_t worker_id) {
  absl::StatusOr<sqlite::Statement> share = db.Prepare(
      "SELECT game_in_pair, result, termination, games FROM worker_game_tallies WHERE test_id = ? AND worker_id = ?");
  if (!share.ok()) return share.status();
  share->Bind(1, int64_t(test_id)).Bind(2, int64_t(worker_id));
  std::vector<std::pair<AlikeKey, int64_t>> rows;
  while (true) {
    absl::StatusOr<bool> row = share->Step();
    if (!row.ok()) return row.status();
    if (!*row) break;
    rows.push_back({{uint32_t(share->Int(0)), int(share->Int(1)), int(share->Int(2))}, share->Int(3)});
  }
  for (const auto& [key, games] : rows)
    if (absl::Status s = AddToTestSum(db, test_id, key, -games); !s.ok()) return s;
  return absl::OkStatus();
}

absl::StatusOr<v1::GameTally> LoadGameTally(sqlite::Database& db, uint64_t test_id) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached("SELECT game_in_pair, result, termination, games FROM game_tallies WHERE test_id = ? AND games > 0");
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
