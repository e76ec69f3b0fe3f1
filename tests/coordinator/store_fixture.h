// A store on a fresh SQLite file with two registered workers, and the
// lease and report helpers the store tests share.
#ifndef JUDKINS_TESTS_COORDINATOR_STORE_FIXTURE_H_
#define JUDKINS_TESTS_COORDINATOR_STORE_FIXTURE_H_

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "coordinator/store/store.h"
#include "tests/support/batch_reports.h"
#include "tests/support/scratch_directory.h"

namespace judkins::testing {

inline const absl::Time kNow = absl::FromUnixSeconds(1'800'000'000);
// The store keeps a worker's secret as a hash and never checks it (the service does).
inline constexpr char kSecretSha256[] = "0000000000000000000000000000000000000000000000000000000000000000";

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = scratch_.path() + "/store.db";
    Reopen();
    v1::WorkerCapabilities capabilities;
    capabilities.set_name("w1");
    capabilities.set_concurrency(2);
    worker_ = *store_->RegisterWorker(capabilities, kSecretSha256, kNow);
    worker2_ = *store_->RegisterWorker(capabilities, kSecretSha256, kNow);
  }
  void Reopen() {
    store_.reset();
    absl::StatusOr<std::unique_ptr<Store>> store = Store::Open(path_);
    ASSERT_TRUE(store.ok()) << store.status();
    store_ = *std::move(store);
  }
  static v1::TestSpec Spec() {
    v1::TestSpec spec;
    spec.mutable_base()->set_name("base");
    spec.mutable_dev()->set_name("dev");
    spec.mutable_time_control()->set_nodes(1000);
    spec.set_book("default");
    spec.set_book_size(500);
    spec.mutable_sprt()->set_elo0(0);
    spec.mutable_sprt()->set_elo1(5);
    return spec;
  }
  v1::Batch Lease(uint64_t test, int pairs, uint64_t worker = 0, absl::Time deadline = kNow + absl::Minutes(5)) {
    absl::StatusOr<std::optional<v1::Batch>> batch =
        store_->LeaseBatch(test, worker ? worker : worker_, pairs, kNow, deadline);
    EXPECT_TRUE(batch.ok()) << batch.status();
    EXPECT_TRUE(batch.ok() && batch->has_value());
    return batch.ok() && batch->has_value() ? **batch : v1::Batch();
  }
  // dev wins both games of every pair (or draws them).
  static v1::BatchReport Report(const v1::Batch& batch, uint64_t worker, bool dev_wins = true) {
    return dev_wins ? DevWinsAll(batch, worker) : ReportOf(batch, worker, v1::GAME_RESULT_DRAW, v1::GAME_RESULT_DRAW);
  }
  ScratchDirectory scratch_{CurrentTestName()};  // first: removed after the store closes
  std::string path_;
  std::unique_ptr<Store> store_;
  uint64_t worker_ = 0, worker2_ = 0;
};

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_COORDINATOR_STORE_FIXTURE_H_
