// Counting game results into the wire's pentanomial and win/draw/loss.
#ifndef JUDKINS_PROTO_CONVERT_RESULTS_H_
#define JUDKINS_PROTO_CONVERT_RESULTS_H_

#include <cstdint>

#include "judkins/v1/games.pb.h"

namespace judkins {

// The counted engine's half points in a game (2 win, 1 draw, 0 loss), given
// whether it had Black.
int HalfPoints(v1::GameResult result, bool had_black);

// Adds one game pair, given the counted engine's half points in each game.
void CountPair(int first_game_half_points, int second_game_half_points, v1::Pentanomial& pentanomial,
               v1::WinDrawLoss& wdl);

// The game pairs a pentanomial counts.
uint64_t PairCount(const v1::Pentanomial& pentanomial);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_RESULTS_H_
