// Random playouts of each variant compared move for move with the installed
// Fairy-Stockfish: at every position our legal moves must equal its
// "go perft 1" list, minus the mating pawn drops it lists but our rules forbid
// (docs/shogi-rules.md).
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/rules/edition.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

constexpr char kFairyStockfish[] = "/usr/games/fairy-stockfish";

class FairyStockfish {
 public:
  absl::Status Start(Variant variant) {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = {kFairyStockfish}});
    if (!process.ok()) return process.status();
    process_ = *std::move(process);
    if (absl::Status s = process_->WriteLine("usi"); !s.ok()) return s;
    if (absl::Status s = WaitFor("usiok"); !s.ok()) return s;
    if (absl::Status s = process_->WriteLine(absl::StrCat("setoption name UCI_Variant value ", VariantName(variant)));
        !s.ok())
      return s;
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

template <class V>
bool IsMatingPawnDrop(const BasicPosition<V>& pos, const std::string& text) {
  if (!absl::StartsWith(text, "P*")) return false;
  absl::StatusOr<Square> to = ParseSquare<V>(text.substr(2));
  if (!to.ok() || pos.piece_on(*to)) return false;
  BasicPosition<V> after = pos;
  after.DoMove(Move::Drop(kPawn, *to));
  return after.in_check() && !HasLegalMove(after);
}

// Plays seeded random playouts from the starts until `wanted` positions have
// been compared.
template <class V>
void ExpectRandomPlayoutsAgree(std::vector<absl::string_view> starts, uint64_t seed, int wanted) {
  FairyStockfish reference;
  ASSERT_TRUE(reference.Start(V::kVariant).ok()) << "Fairy-Stockfish must be installed (scripts/bootstrap)";
  std::mt19937_64 random(seed);
  const GameRules rules = GameRules::For(V::kVariant);
  int positions = 0, mating_drops = 0;
  for (int playout = 0; positions < wanted; ++playout) {
    BasicPosition<V> pos = *BasicPosition<V>::FromSfen(starts[playout % starts.size()]);
    for (int ply = 0; ply < 120 && !EvaluateGameStatus(pos, rules).over(); ++ply) {
      const std::string sfen = pos.ToSfen();
      absl::StatusOr<std::set<std::string>> theirs = reference.LegalMoves(sfen);
      ASSERT_TRUE(theirs.ok()) << theirs.status();
      std::set<std::string> ours;
      const BasicMoveList<V> moves(pos);
      for (Move m : moves) ours.insert(MoveToUsi<V>(m));
      for (const std::string& move : *theirs)
        if (!ours.count(move)) {
          EXPECT_TRUE(IsMatingPawnDrop(pos, move)) << sfen << ": Fairy-Stockfish has " << move;
          ++mating_drops;
        }
      for (const std::string& move : ours) EXPECT_TRUE(theirs->count(move)) << sfen << ": we have " << move;
      ++positions;
      pos.DoMove(*(moves.begin() + random() % moves.size()));
    }
  }
  ::testing::Test::RecordProperty("positions", positions);
  ::testing::Test::RecordProperty("mating_pawn_drops", mating_drops);
  std::cout << VariantName(V::kVariant) << ": " << positions << " positions, " << mating_drops
            << " mating pawn drops set aside\n";
}

constexpr int kPositionsPerVariant = 5000;

TEST(FairyStockfishDifferentialTest, JudkinsRandomPlayoutsAgreeMoveForMove) {
  ExpectRandomPlayoutsAgree<variants::Judkins>(
      {kStartSfen, HandicapSfen(Handicap::kBishop), HandicapSfen(Handicap::kRook), HandicapSfen(Handicap::kTwoPiece)},
      20261129, kPositionsPerVariant);
}

TEST(FairyStockfishDifferentialTest, ShogiRandomPlayoutsAgreeMoveForMove) {
  ExpectRandomPlayoutsAgree<variants::Shogi>({variants::Shogi::kStartSfen}, 20261203, kPositionsPerVariant);
}

TEST(FairyStockfishDifferentialTest, MinishogiRandomPlayoutsAgreeMoveForMove) {
  ExpectRandomPlayoutsAgree<variants::Minishogi>({variants::Minishogi::kStartSfen}, 20261204, kPositionsPerVariant);
}

}  // namespace
}  // namespace judkins
