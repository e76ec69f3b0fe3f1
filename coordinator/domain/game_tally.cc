#include "coordinator/domain/game_tally.h"

#include <cassert>
#include <map>

#include "proto/convert/results.h"

namespace judkins {
namespace {

using EndingsByKind = std::map<v1::Termination, v1::GameEndings>;

// Adds `games` with `half_points` each (0 loss, 1 draw, 2 win) to the kind's row.
void AddEndings(v1::Termination termination, int half_points, uint64_t games, EndingsByKind& endings) {
  v1::GameEndings& row = endings[termination];
  row.set_termination(termination);
  if (half_points == 2) row.set_wins(row.wins() + games);
  if (half_points == 1) row.set_draws(row.draws() + games);
  if (half_points == 0) row.set_losses(row.losses() + games);
}

}  // namespace

v1::GameTally FoldTally(std::span<const GamesAlike> counts) {
  v1::GameTally tally;
  EndingsByKind dev, base;
  for (const GamesAlike& alike : counts) {
    assert(alike.game_in_pair <= 1);
    if (alike.result == v1::GAME_RESULT_BLACK_WINS) tally.set_black_wins(tally.black_wins() + alike.games);
    if (alike.result == v1::GAME_RESULT_WHITE_WINS) tally.set_white_wins(tally.white_wins() + alike.games);
    if (alike.result == v1::GAME_RESULT_DRAW) tally.set_draws(tally.draws() + alike.games);
    // The dev engine has Black in the first game of a pair; base the other colour.
    const int dev_half_points = HalfPoints(alike.result, alike.game_in_pair == 0);
    AddEndings(alike.termination, dev_half_points, alike.games, dev);
    AddEndings(alike.termination, 2 - dev_half_points, alike.games, base);
  }
  for (auto& [kind, row] : dev) *tally.add_dev_endings() = std::move(row);
  for (auto& [kind, row] : base) *tally.add_base_endings() = std::move(row);
  return tally;
}

}  // namespace judkins
