#include "tuner/texel/labelled_positions.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/rules/edition.h"
#include "engine/search/see.h"
#include "records/game_record_format.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace texel {

bool IsQuiet(const Position& pos, const EvalParams& params) {
  if (pos.in_check()) return false;
  Move moves[kMaxMoves];
  const Move* end = GenerateTactical(pos, moves);
  return std::none_of(static_cast<const Move*>(moves), end, [&](Move m) { return StaticExchange(pos, m, params) > 0; });
}

absl::Status ExtractPositions(absl::string_view records, const Extraction& extraction, const EvalParams& params,
                              std::vector<LabelledPosition>& positions, absl::flat_hash_set<uint64_t>& seen_keys,
                              ExtractionCounts& counts) {
  absl::StatusOr<std::vector<ParsedRecord>> games = ParseGameRecords(records);
  if (!games.ok()) return games.status();
  for (const ParsedRecord& game : *games) {
    if (game.variant != PlayedVariant::kVariant)
      return absl::InvalidArgumentError(absl::StrCat(
          "a ", VariantName(game.variant), " game (", game.tags.count("Round") ? game.tags.at("Round") : "?", ") in a ",
          VariantName(PlayedVariant::kVariant), " fit: give --variant ", VariantName(game.variant)));
    double black_score;
    switch (game.result) {
      case v1::GAME_RESULT_BLACK_WINS:
        black_score = 1;
        break;
      case v1::GAME_RESULT_WHITE_WINS:
        black_score = 0;
        break;
      case v1::GAME_RESULT_DRAW:
        black_score = 0.5;
        break;
      default:
        continue;  // unfinished: no label
    }
    ++counts.games;
    absl::StatusOr<Position> pos = Position::FromSfen(game.start_sfen);
    if (!pos.ok()) return pos.status();  // ParseGameRecords has checked it: cannot happen
    for (size_t ply = 0; ply <= game.moves.size(); ++ply) {
      if (int(ply) >= extraction.skip_plies) {
        ++counts.positions_seen;
        if (!IsQuiet(*pos, params)) {
          ++counts.not_quiet;
        } else if (seen_keys.contains(pos->key())) {
          ++counts.duplicates;
        } else {
          if (extraction.max_positions > 0 && int64_t(positions.size()) >= extraction.max_positions) break;
          seen_keys.insert(pos->key());
          absl::StatusOr<Position> root = Position::FromSfen(pos->ToSfen());
          if (!root.ok()) return root.status();
          positions.push_back({*std::move(root), black_score});
          ++counts.kept;
        }
      }
      if (ply == game.moves.size()) break;
      absl::StatusOr<Move> move = ParseUsiMove(*pos, game.moves[ply]);
      if (!move.ok()) return move.status();
      pos->DoMove(*move);
    }
  }
  return absl::OkStatus();
}

}  // namespace texel
JUDKINS_EDITION_END
}  // namespace judkins
