// Tunes in the store, on a real SQLite file: batches carry theta+ and theta-,
// a counted report moves theta once, a duplicate or a late re-issued pair does
// not move it again, and theta survives reopening bit for bit.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/coordinator/store_fixture.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

using testing::kNow;

class TuneStoreTest : public testing::StoreTest {
 protected:
  static v1::TestSpec TuneSpec(uint64_t pairs = 100) {
    v1::TestSpec spec = Spec();
    v1::SpsaSpec& spsa = *spec.mutable_spsa();
    for (const char* name : {"PawnValue", "SilverValue"}) {
      v1::SpsaParameter& p = *spsa.add_parameters();
      p.set_name(name);
      p.set_start(name[0] == 'P' ? 100 : 400);
      p.set_min(0);
      p.set_max(1000);
      p.set_c_end(20);  // large enough that theta+ and theta- never round to the same value
      p.set_r_end(0.002);
    }
    spsa.set_pairs(pairs);
    *spec.mutable_spsa() = tuner::WithDefaults(spsa);
    return spec;
  }
  // The value an engine of the batch plays for a parameter.
  static int64_t ValueOf(const v1::EngineSpec& engine, const std::string& name) {
    for (const v1::EngineOption& option : engine.options())
      if (option.name() == name) return std::stoll(option.value());
    ADD_FAILURE() << "no option " << name;
    return 0;
  }
  // The flips of a batch, which its theta+ and theta- values must agree with.
  static std::vector<int> FlipsOf(const v1::Batch& batch) {
    const std::vector<int> flips = *tuner::ParseFlips(batch.spsa_flips(), batch.spec().spsa().parameters_size());
    for (int i = 0; i < batch.spec().spsa().parameters_size(); ++i) {
      const std::string& name = batch.spec().spsa().parameters(i).name();
      EXPECT_EQ(flips[i] > 0, ValueOf(batch.spec().dev(), name) > ValueOf(batch.spec().base(), name)) << name;
    }
    return flips;
  }
  std::vector<double> Theta(uint64_t test) {
    absl::StatusOr<v1::Tune> tune = store_->GetTune(test, 0);
    EXPECT_TRUE(tune.ok()) << tune.status();
    std::vector<double> theta;
    if (tune.ok())
      for (const v1::TunedParameter& p : tune->parameters()) theta.push_back(p.value());
    return theta;
  }
};

TEST_F(TuneStoreTest, BatchesCarryThetaPlusAndMinusAndReportsMoveTheta) {
  const v1::TestSpec spec = TuneSpec();
  const uint64_t test = store_->CreateTest(spec, kNow)->id();
  EXPECT_EQ(Theta(test), (std::vector<double>{100, 400}));
  const v1::Batch batch = Lease(test, 2);
  EXPECT_EQ(batch.spsa_iteration(), 1u);
  const double c_1 = 20 * std::pow(100.0, 0.101);  // c_end N^gamma / 1^gamma
  for (const v1::SpsaParameter& p : spec.spsa().parameters()) {
    const int64_t plus = ValueOf(batch.spec().dev(), p.name()), minus = ValueOf(batch.spec().base(), p.name());
    EXPECT_NEAR(std::abs(double(plus - minus)), 2 * c_1, 1.0) << p.name();
    EXPECT_NEAR(double(plus + minus) / 2, p.start(), 1.0) << p.name();
  }
  // dev (theta+) wins all 4 games: W - L = 4 at k = 1.
  ASSERT_TRUE(store_->RecordReport(Report(batch, worker_), kNow)->counted);
  std::vector<double> expected = tuner::StartTheta(spec.spsa());
  tuner::ApplyBatch(spec.spsa(), expected, 1, FlipsOf(batch), 4);
  EXPECT_EQ(Theta(test), expected);
  EXPECT_NE(expected, tuner::StartTheta(spec.spsa()));
  // The next batch is drawn at k = 3 (two pairs done) around the new theta.
  const v1::Batch next = Lease(test, 2);
  EXPECT_EQ(next.spsa_iteration(), 3u);
  EXPECT_EQ(store_->GetTune(test, 0)->iterations(), 2u);

  // A duplicate moves nothing and adds no history.
  const size_t history = store_->GetTune(test, 0)->history_size();
  EXPECT_FALSE(store_->RecordReport(Report(batch, worker_), kNow)->counted);
  EXPECT_EQ(Theta(test), expected);
  EXPECT_EQ(size_t(store_->GetTune(test, 0)->history_size()), history);
}

TEST_F(TuneStoreTest, ALateReportMovesThetaOnceAndTheReissuedPairsDoNot) {
  const v1::TestSpec spec = TuneSpec();
  const uint64_t test = store_->CreateTest(spec, kNow)->id();
  const v1::Batch lost = Lease(test, 2, worker_, kNow + absl::Seconds(10));
  EXPECT_EQ(*store_->ExpireLeases(kNow + absl::Seconds(11)), 1);
  const v1::Batch again = Lease(test, 2, worker2_);
  ASSERT_EQ(again.pairs(0).pair_index(), lost.pairs(0).pair_index());
  ASSERT_TRUE(store_->RecordReport(Report(lost, worker_), kNow)->counted);
  std::vector<double> expected = tuner::StartTheta(spec.spsa());
  tuner::ApplyBatch(spec.spsa(), expected, lost.spsa_iteration(), FlipsOf(lost), 4);
  EXPECT_EQ(Theta(test), expected);
  EXPECT_FALSE(store_->RecordReport(Report(again, worker2_), kNow)->counted);
  EXPECT_EQ(Theta(test), expected);
}

TEST_F(TuneStoreTest, ThetaSurvivesReopeningExactlyAndTheTuneFinishesOnItsPairs) {
  const v1::TestSpec spec = TuneSpec(/*pairs=*/12);
  const uint64_t test = store_->CreateTest(spec, kNow)->id();
  for (int i = 0; i < 3; ++i) {
    const v1::Batch batch = Lease(test, 2);
    ASSERT_TRUE(store_->RecordReport(Report(batch, worker_, /*dev_wins=*/i != 1), kNow)->counted);
  }
  const std::vector<double> before = Theta(test);
  Reopen();
  EXPECT_EQ(Theta(test), before);  // doubles compared exactly
  EXPECT_EQ(store_->GetTune(test, 0)->iterations(), 6u);
  while (true) {
    absl::StatusOr<std::optional<v1::Batch>> batch =
        store_->LeaseBatch(test, worker_, 4, kNow, kNow + absl::Minutes(1));
    ASSERT_TRUE(batch.ok());
    if (!batch->has_value()) break;
    ASSERT_TRUE(store_->RecordReport(Report(**batch, worker_), kNow).ok());
  }
  const v1::Tune tune = *store_->GetTune(test, 0);
  EXPECT_EQ(tune.test().state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(tune.test().finished_because(), "tune completed");
  EXPECT_EQ(tune.iterations(), 12u);
  EXPECT_EQ(tune.history(0).iterations(), 0u);  // the start, then one snapshot per counted batch
  EXPECT_EQ(tune.history(tune.history_size() - 1).iterations(), 12u);
  EXPECT_EQ(store_->GetTune(test, 3)->history_size(), 3);  // thinned on request
}

TEST_F(TuneStoreTest, OnlyTunesHaveATune) {
  const uint64_t test = store_->CreateTest(Spec(), kNow)->id();
  EXPECT_EQ(store_->GetTune(test, 0).status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(store_->GetTune(999, 0).status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace judkins
