#include "proto/convert/results.h"

namespace judkins {

int HalfPoints(v1::GameResult result, bool had_black) {
  if (result == v1::GAME_RESULT_DRAW) return 1;
  return (result == v1::GAME_RESULT_BLACK_WINS) == had_black ? 2 : 0;
}

void CountPair(int first_game_half_points, int second_game_half_points, v1::Pentanomial& p, v1::WinDrawLoss& wdl) {
  switch (first_game_half_points + second_game_half_points) {
    case 0:
      p.set_ll(p.ll() + 1);
      break;
    case 1:
      p.set_ld(p.ld() + 1);
      break;
    case 2:
      p.set_dd_wl(p.dd_wl() + 1);
      break;
    case 3:
      p.set_dw(p.dw() + 1);
      break;
    default:
      p.set_ww(p.ww() + 1);
      break;
  }
  for (int points : {first_game_half_points, second_game_half_points}) {
    if (points == 2)
      wdl.set_wins(wdl.wins() + 1);
    else if (points == 1)
      wdl.set_draws(wdl.draws() + 1);
    else
      wdl.set_losses(wdl.losses() + 1);
  }
}

uint64_t PairCount(const v1::Pentanomial& p) { return p.ll() + p.ld() + p.dd_wl() + p.dw() + p.ww(); }

}  // namespace judkins
