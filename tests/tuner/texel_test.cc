// The texel fitter on positions from games the framework recorded
// (tests/data/texel-games.pgn: the first 120 games a worker of
// scripts/run-main-job wrote, judkins-engine vs weak-material at 1+0.02):
// extraction and labels, the scale K, and the recovery of known weights from
// labels they generated.
#include "tuner/texel/texel_fit.h"

#include <gtest/gtest.h>

#include <cmath>

#include "absl/strings/str_replace.h"
#include "common/read_file.h"
#include "tests/support/test_data.h"

namespace judkins::texel {
namespace {

std::string RecordsText() {
  absl::StatusOr<std::string> text = ReadFile(testing::TestDataPath("texel-games.pgn"));
  EXPECT_TRUE(text.ok()) << text.status();
  return text.ok() ? *text : "";
}

std::vector<LabelledPosition> RecordedPositions(ExtractionCounts& counts) {
  std::vector<LabelledPosition> positions;
  absl::flat_hash_set<uint64_t> seen;
  const absl::Status status = ExtractPositions(RecordsText(), Extraction(), EvalParams(), positions, seen, counts);
  EXPECT_TRUE(status.ok()) << status;
  return positions;
}

// Labels that the weights `truth` at scale K would predict exactly.
void RelabelFrom(std::vector<LabelledPosition>& positions, const EvalParams& truth, double scale) {
  for (LabelledPosition& p : positions)
    p.black_score = 1 / (1 + std::pow(10.0, -scale * BlackEvaluation(p.position, truth) / 400));
}

// The named weight at factor times its default in start, and among those the fit moves.
void Detune(const char* name, double factor, EvalParams& start, FitOptions& options) {
  const int slot = FindParam(name);
  ASSERT_GE(slot, 0) << name;
  ASSERT_TRUE(start.Set(name, int(EvalParams()[slot] * factor)).ok());
  options.slots.push_back(slot);
}

TEST(TexelTest, QuietPositionsAreTakenFromRecordsWithTheirGamesResults) {
  ExtractionCounts counts;
  const std::vector<LabelledPosition> positions = RecordedPositions(counts);
  EXPECT_EQ(counts.games, 120);
  EXPECT_GT(counts.kept, 1000);
  EXPECT_EQ(counts.kept, int64_t(positions.size()));
  EXPECT_EQ(counts.positions_seen, counts.not_quiet + counts.duplicates + counts.kept);
  for (const LabelledPosition& p : positions) {
    ASSERT_FALSE(p.position.in_check());
    ASSERT_TRUE(IsQuiet(p.position, EvalParams()));
    ASSERT_TRUE(p.black_score == 0 || p.black_score == 0.5 || p.black_score == 1);
  }
  // The first game: White (weak-material) won: every position of it is labelled 0 for Black.
  EXPECT_EQ(positions.front().black_score, 0);
}

TEST(TexelTest, RepeatedPositionsAndUnfinishedGamesAreLeftOut) {
  ExtractionCounts counts;
  const std::string text = RecordsText();
  std::vector<LabelledPosition> positions;
  absl::flat_hash_set<uint64_t> seen;
  ASSERT_TRUE(ExtractPositions(text, Extraction(), EvalParams(), positions, seen, counts).ok());
  const size_t first = positions.size();
  ASSERT_TRUE(ExtractPositions(text, Extraction(), EvalParams(), positions, seen, counts).ok());
  EXPECT_EQ(positions.size(), first);  // the same games again: all seen
  const std::string unfinished = absl::StrReplaceAll(text.substr(0, text.find("\n[Event", 10) + 1), {{"0-1", "*"}});
  ExtractionCounts none;
  std::vector<LabelledPosition> nothing;
  absl::flat_hash_set<uint64_t> fresh;
  ASSERT_TRUE(ExtractPositions(unfinished, Extraction(), EvalParams(), nothing, fresh, none).ok());
  EXPECT_EQ(none.games, 0);
  EXPECT_TRUE(nothing.empty());
  EXPECT_FALSE(ExtractPositions("[Event \"x\"]\n[SFEN \"not a position\"]\n\n1. 2f2e *\n", Extraction(), EvalParams(),
                                nothing, fresh, none)
                   .ok());
}

TEST(TexelTest, TheScaleIsFoundFromTheLabels) {
  ExtractionCounts counts;
  std::vector<LabelledPosition> positions = RecordedPositions(counts);
  RelabelFrom(positions, EvalParams(), 0.8);
  EXPECT_NEAR(FitScale(positions, EvalParams(), 2), 0.8, 0.01);
}

// Material detuned by 30-45% is fitted back to the weights that made the
// labels, within 5%.
TEST(TexelTest, DetunedMaterialIsFittedBackToTheWeightsThatMadeTheLabels) {
  ExtractionCounts counts;
  std::vector<LabelledPosition> positions = RecordedPositions(counts);
  const EvalParams truth;
  RelabelFrom(positions, truth, 1.0);
  const char* names[] = {"PawnValue", "SilverValue", "GoldValue", "RookValue", "BishopValue"};
  const double detune[] = {0.6, 1.4, 0.65, 1.45, 0.7};
  EvalParams start;
  FitOptions options;
  options.threads = 2;
  for (int i = 0; i < 5; ++i) Detune(names[i], detune[i], start, options);
  const FitReport report = Fit(positions, start, options);
  EXPECT_LT(report.loss_after, report.loss_before);
  EXPECT_NEAR(report.scale, 1.0, 0.05);
  for (int i = 0; i < 5; ++i) {
    const int slot = FindParam(names[i]);
    EXPECT_NEAR(report.params[slot], truth[slot], 0.05 * truth[slot]) << names[i] << " started at " << start[slot];
  }
  EXPECT_GT(report.evaluations, int64_t(positions.size()) * 5);
}

// Labels made by weights far from the start: unregularised, the fit goes most
// of the way; a strong regularisation holds every weight within a few steps of
// where it started, and the penalty it reports is what it says it is.
TEST(TexelTest, RegularisationHoldsWeightsNearWhereTheyStarted) {
  ExtractionCounts counts;
  std::vector<LabelledPosition> positions = RecordedPositions(counts);
  const EvalParams truth;
  RelabelFrom(positions, truth, 1.0);
  const char* names[] = {"SilverValue", "GoldValue"};
  EvalParams start;
  FitOptions options;
  options.threads = 2;
  for (const char* name : names) Detune(name, 0.6, start, options);
  const FitReport free = Fit(positions, start, options);
  constexpr double kLambda = 0.001;  // a step away costs about what the labels' pull gains over a few steps
  options.regularisation = kLambda;
  const FitReport held = Fit(positions, start, options);
  for (int slot : options.slots) {
    const double step = ParamRegistry()[slot].step;
    const double gap = truth[slot] - start[slot];
    EXPECT_GT(free.params[slot] - start[slot], gap / 2) << ParamRegistry()[slot].name;
    EXPECT_GT(held.params[slot], start[slot]) << ParamRegistry()[slot].name << " still moves towards the labels";
    EXPECT_LT(held.params[slot] - start[slot], 4 * step) << ParamRegistry()[slot].name;
  }
  EXPECT_DOUBLE_EQ(held.penalty_after, RegularisationPenalty(held.params, start, options.slots, kLambda));
  EXPECT_GT(held.penalty_after, 0);
  EXPECT_EQ(free.penalty_after, 0);
}

// The material weights shrunk by the same factor: K fitted to them is no
// longer the labels'. Held at the labels' K through every round, the fit
// starts from that K, reports it, and moves the weights back up.
TEST(TexelTest, AHeldScaleStaysThroughEveryRound) {
  ExtractionCounts counts;
  std::vector<LabelledPosition> positions = RecordedPositions(counts);
  const EvalParams truth;
  constexpr double kLabelsScale = 1.0;
  RelabelFrom(positions, truth, kLabelsScale);
  const char* names[] = {"PawnValue", "SilverValue", "GoldValue", "RookValue", "BishopValue"};
  EvalParams start;
  FitOptions options;
  options.threads = 2;
  options.rounds = 2;
  for (const char* name : names) Detune(name, 0.6, start, options);
  ASSERT_GT(std::abs(FitScale(positions, start, 2) - kLabelsScale), 0.2) << "K fitted to the shrunk weights moves";
  options.scale = kLabelsScale;
  const FitReport held = Fit(positions, start, options);
  EXPECT_EQ(held.scale, kLabelsScale);
  EXPECT_DOUBLE_EQ(held.loss_before, MeanLoss(positions, start, kLabelsScale, 2));
  for (int slot : options.slots)
    EXPECT_GT(held.params[slot], start[slot] + (truth[slot] - start[slot]) / 2) << ParamRegistry()[slot].name;
}

}  // namespace
}  // namespace judkins::texel
