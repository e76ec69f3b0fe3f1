// Search scores: centipawns, with mate scores counted in plies from the root.
#ifndef JUDKINS_ENGINE_SEARCH_SCORE_H_
#define JUDKINS_ENGINE_SEARCH_SCORE_H_

namespace judkins {

constexpr int kMaxPly = 128;
constexpr int kInfinite = 32000;
constexpr int kMate = 31000;
constexpr int kMateBound = kMate - 2 * kMaxPly;  // beyond this a score is a mate

constexpr int MatedIn(int ply) { return -kMate + ply; }
constexpr int MateIn(int ply) { return kMate - ply; }
constexpr bool IsMateScore(int score) { return score >= kMateBound || score <= -kMateBound; }

}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_SCORE_H_
