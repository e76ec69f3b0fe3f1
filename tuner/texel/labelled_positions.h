// Quiet positions from recorded games, each labelled with the game's result:
// the data a texel fit learns from.
#ifndef JUDKINS_TUNER_TEXEL_LABELLED_POSITIONS_H_
#define JUDKINS_TUNER_TEXEL_LABELLED_POSITIONS_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "tuner/texel/texel_options.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace texel {

using Extraction = TexelExtraction;

struct LabelledPosition {
  Position position;   // a fresh root: no history to carry
  double black_score;  // the game's result for Black: 1, 0.5 or 0
};

struct ExtractionCounts {
  int64_t games = 0;
  int64_t positions_seen = 0;
  int64_t not_quiet = 0;   // in check, or a capture or promotion gains material
  int64_t duplicates = 0;  // the same position in an earlier game or ply
  int64_t kept = 0;
};

// Positions from every game with a result in `records` (the worker's record
// text). The first `skip_plies` of each game are left out: they come from
// the opening book, not from the engines. Duplicates of positions already in
// `seen_keys` are skipped, so calls over several files share one set.
absl::Status ExtractPositions(absl::string_view records, const Extraction& extraction, const EvalParams& params,
                              std::vector<LabelledPosition>& positions, absl::flat_hash_set<uint64_t>& seen_keys,
                              ExtractionCounts& counts);

// True when no side is in check and the side to move has no capture or
// promotion that wins material by static exchange: the static evaluation
// then stands for what the search would find.
bool IsQuiet(const Position& pos, const EvalParams& params);

}  // namespace texel
JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_TUNER_TEXEL_LABELLED_POSITIONS_H_
