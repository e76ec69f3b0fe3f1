#include "records/replayed_game.h"

#include "absl/strings/str_cat.h"
#include "engine/rules/notation.h"
#include "engine/rules/position.h"

namespace judkins {

absl::StatusOr<ReplayedGame> ReplayGame(const GameRecord& record) {
  return WithVariant(record.variant, [&]<class V>(V) -> absl::StatusOr<ReplayedGame> {
    absl::StatusOr<BasicPosition<V>> pos = BasicPosition<V>::FromSfen(record.start_sfen);
    if (!pos.ok()) return pos.status();
    ReplayedGame game;
    game.files = V::kFiles;
    game.ranks = V::kRanks;
    game.board.assign(V::kRanks, std::vector<Piece>(V::kFiles, kNoPiece));
    for (Square s = 0; s < V::kSquares; ++s) game.board[V::rank_of(s)][V::file_of(s) - 1] = pos->piece_on(s);
    for (Color c : {kBlack, kWhite})
      for (PieceType pt : V::kHandTypes) game.hands[c][pt] = pos->hand_count(c, pt);
    game.side_to_move = pos->side_to_move();
    // The move number is not part of the position: compare without it.
    const std::string sfen = pos->ToSfen(), start(V::kStartSfen);
    game.standard_start = sfen.substr(0, sfen.rfind(' ')) == start.substr(0, start.rfind(' '));
    for (const PlayedMove& played : record.moves) {
      absl::StatusOr<Move> move = ParseUsiMove(*pos, played.usi);
      if (!move.ok()) return move.status();
      ReplayedMove replayed{.mover = pos->side_to_move(), .elapsed = played.elapsed};
      replayed.drop = move->is_drop();
      replayed.promotion = move->is_promotion();
      replayed.piece = move->is_drop() ? move->dropped() : type_of(pos->piece_on(move->from()));
      if (!move->is_drop()) {
        replayed.from_file = V::file_of(move->from());
        replayed.from_rank = V::rank_of(move->from()) + 1;
      }
      replayed.to_file = V::file_of(move->to());
      replayed.to_rank = V::rank_of(move->to()) + 1;
      game.moves.push_back(replayed);
      pos->DoMove(*move);
    }
    return game;
  });
}

absl::StatusOr<std::vector<std::string>> ReplaySfens(Variant variant, const std::string& start_sfen,
                                                     const std::vector<std::string>& usi_moves) {
  return WithVariant(variant, [&]<class V>(V) -> absl::StatusOr<std::vector<std::string>> {
    absl::StatusOr<BasicPosition<V>> pos = BasicPosition<V>::FromSfen(start_sfen);
    if (!pos.ok()) return pos.status();
    std::vector<std::string> sfens{pos->ToSfen()};
    for (size_t ply = 0; ply < usi_moves.size(); ++ply) {
      absl::StatusOr<Move> move = ParseUsiMove(*pos, usi_moves[ply]);
      if (!move.ok())
        return absl::InvalidArgumentError(
            absl::StrCat("move ", ply + 1, " '", usi_moves[ply], "': ", move.status().message()));
      pos->DoMove(*move);
      sfens.push_back(pos->ToSfen());
    }
    return sfens;
  });
}

}  // namespace judkins
