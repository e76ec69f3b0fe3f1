#include "coordinator/domain/report_games.h"

#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<ReportGames> CheckReportGames(const v1::Batch& batch, const v1::BatchReport& report) {
  std::map<uint32_t, PairGames> games;
  for (const v1::PairAssignment& pair : batch.pairs()) games[pair.pair_index()] = {nullptr, nullptr};
  for (const v1::GameOutcome& game : report.games()) {
    auto it = games.find(game.pair_index());
    if (it == games.end() || game.game_in_pair() > 1)
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " game ", game.game_in_pair(),
                                                     " is not part of batch ", report.batch_id()));
    if (it->second[game.game_in_pair()])
      return absl::InvalidArgumentError(
          absl::StrCat("games: pair ", game.pair_index(), " game ", game.game_in_pair(), " twice"));
    if (game.result() < v1::GAME_RESULT_BLACK_WINS || game.result() > v1::GAME_RESULT_DRAW)
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", game.pair_index(), " has no result"));
    it->second[game.game_in_pair()] = &game;
  }
  ReportGames checked;
  for (const v1::PairAssignment& pair : batch.pairs()) {
    const PairGames& pair_games = games[pair.pair_index()];
    if (!pair_games[0] && !pair_games[1])
      checked.handed_back.push_back(&pair);
    else if (!pair_games[0] || !pair_games[1])
      return absl::InvalidArgumentError(absl::StrCat("games: pair ", pair.pair_index(), " is incomplete"));
    else
      checked.complete[pair.pair_index()] = pair_games;
  }
  v1::Pentanomial pentanomial;
  v1::WinDrawLoss wdl;
  for (const auto& [pair_index, pair_games] : checked.complete) CountPair(pair_games, pentanomial, wdl);
  if (report.has_pentanomial() && report.pentanomial().SerializeAsString() != pentanomial.SerializeAsString())
    return absl::InvalidArgumentError("pentanomial: does not match the games reported");
  if (report.has_wdl() && report.wdl().SerializeAsString() != wdl.SerializeAsString())
    return absl::InvalidArgumentError("wdl: does not match the games reported");
  return checked;
}

}  // namespace judkins
