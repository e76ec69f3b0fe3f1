// Random playouts compared move for move with the installed Fairy-Stockfish:
// at every position our legal moves must equal its "go perft 1" list, minus
// the mating pawn drops it lists but our rules forbid (oracle/rules-fsf.md).
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "engine/rules/game_status.h"
#include "engine/rules/movegen.h"
#include "engine/rules/notation.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

constexpr char kFairyStockfish[] = "/usr/games/fairy-stockfish";

class FairyStockfish {
 public:
  absl::Status Start() {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = {kFairyStockfish}});
    if (!process.ok()) return process.status();
    process_ = *std::move(process);
    if (absl::Status s = process_->WriteLine("usi"); !s.ok()) return s;
    if (absl::Status s = WaitFor("usiok"); !s.ok()) return s;
    if (absl::Status s = process_->WriteLine("setoption name UCI_Variant value judkins"); !s.ok()) return s;
    if (absl::Status s = process_->WriteLine("isready"); !s.ok()) return s;
    return WaitFor("readyok");
  }

  // Its "go perft 1" runs asynchronously; the list ends with "Nodes searched".
  absl::StatusOr<std::set<std::string>> LegalMoves(const std::string& sfen) {
    if (absl::Status s = process_->WriteLine("position sfen " + sfen); !s.ok()) return s;
    if (absl::Status s = process_->WriteLine("go perft 1"); !s.ok()) return s;
    std::set<std::string> moves;
    while (true) {
      absl::StatusOr<std::string> line = process_->ReadLine(absl::Now() + absl::Seconds(10));
      if (!line.ok()) return line.status();
      if (absl::StartsWith(*line, "Nodes searched")) return moves;
      if (const size_t colon = line->find(": "); colon != std::string::npos) moves.insert(line->substr(0, colon));
    }
  }

 private:
  absl::Status WaitFor(absl::string_view expected) {
    while (true) {
      absl::StatusOr<std::string> line = process_->ReadLine(absl::Now() + absl::Seconds(10));
      if (!line.ok()) return line.status();
      if (*line == expected) return absl::OkStatus();
    }
  }
  std::unique_ptr<EngineProcess> process_;
};

bool IsMatingPawnDrop(const Position& pos, const std::string& text) {
  if (!absl::StartsWith(text, "P*")) return false;
  absl::StatusOr<Square> to = ParseSquare(text.substr(2));
  if (!to.ok() || pos.piece_on(*to)) return false;
  Position after = pos;
  after.DoMove(Move::Drop(kPawn, *to));
  return after.in_check() && !HasLegalMove(after);
}

TEST(FairyStockfishDifferentialTest, RandomPlayoutsAgreeMoveForMove) {
  FairyStockfish reference;
  ASSERT_TRUE(reference.Start().ok()) << "Fairy-Stockfish must be installed (scripts/bootstrap)";
  std::mt19937_64 random(20261129);
  const absl::string_view starts[] = {kStartSfen, HandicapSfen(Handicap::kBishop), HandicapSfen(Handicap::kRook),
                                      HandicapSfen(Handicap::kTwoPiece)};
  int positions = 0, mating_drops = 0;
  for (int playout = 0; positions < 5000; ++playout) {
    Position pos = *Position::FromSfen(starts[playout % 4]);
    for (int ply = 0; ply < 120 && !EvaluateGameStatus(pos, GameRules()).over(); ++ply) {
      const std::string sfen = pos.ToSfen();
      absl::StatusOr<std::set<std::string>> theirs = reference.LegalMoves(sfen);
      ASSERT_TRUE(theirs.ok()) << theirs.status();
      std::set<std::string> ours;
      for (Move m : MoveList(pos)) ours.insert(MoveToUsi(m));
      for (const std::string& move : *theirs)
        if (!ours.count(move)) {
          EXPECT_TRUE(IsMatingPawnDrop(pos, move)) << sfen << ": Fairy-Stockfish has " << move;
          ++mating_drops;
        }
      for (const std::string& move : ours) EXPECT_TRUE(theirs->count(move)) << sfen << ": we have " << move;
      ++positions;
      const MoveList moves(pos);
      pos.DoMove(*(moves.begin() + random() % moves.size()));
    }
  }
  RecordProperty("positions", positions);
  RecordProperty("mating_pawn_drops", mating_drops);
  std::cout << positions << " positions, " << mating_drops << " mating pawn drops set aside\n";
}

}  // namespace
}  // namespace judkins
