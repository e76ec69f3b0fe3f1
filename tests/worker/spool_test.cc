// The worker's spool on a real directory: what it keeps, what it refuses to
// write, and what it sets aside when a file cannot be read.
#include "worker/daemon/spool.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

v1::BatchReport Report(uint64_t batch_id, const std::string& reason) {
  v1::BatchReport report;
  report.set_worker_id(1);
  report.set_batch_id(batch_id);
  report.add_games()->set_reason(reason);
  return report;
}

TEST(SpoolTest, KeepsReportsOldestBatchFirstUntilRemoved) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  absl::StatusOr<Spool> spool = Spool::Open(scratch.path() + "/spool");
  ASSERT_TRUE(spool.ok()) << spool.status();
  for (uint64_t id : {12, 3, 7}) ASSERT_TRUE(spool->Put(Report(id, "checkmate")).ok());
  Spool::Contents pending = spool->Pending();
  ASSERT_EQ(pending.reports.size(), 3u);
  EXPECT_EQ(pending.reports[0].batch_id(), 3u);
  EXPECT_EQ(pending.reports[2].batch_id(), 12u);
  EXPECT_TRUE(pending.set_aside.empty());
  ASSERT_TRUE(spool->Remove(7).ok());
  EXPECT_EQ(spool->size(), 2);
}

TEST(SpoolTest, ListsTheBatchesItHoldsAndNothingElse) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  absl::StatusOr<Spool> spool = Spool::Open(scratch.path() + "/spool");
  ASSERT_TRUE(spool.ok()) << spool.status();
  for (uint64_t id : {12, 3}) ASSERT_TRUE(spool->Put(Report(id, "checkmate")).ok());
  ASSERT_TRUE(spool->SetAside(3, "refused").ok());  // no longer held
  std::ofstream(scratch.path() + "/spool/batch-9.report.tmp") << "a write cut short";
  std::ofstream(scratch.path() + "/spool/notes.txt") << "a person's";
  EXPECT_EQ(spool->BatchIds(), std::vector<uint64_t>{12});
  EXPECT_EQ(spool->size(), 1);
}

TEST(SpoolTest, RefusesToWriteAReportThatWouldNotReadBack) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  absl::StatusOr<Spool> spool = Spool::Open(scratch.path() + "/spool");
  ASSERT_TRUE(spool.ok());
  const absl::Status put = spool->Put(Report(5, "fixture: bestmove \xff\xfe"));
  EXPECT_TRUE(absl::IsInvalidArgument(put)) << put;
  EXPECT_NE(put.message().find("batch 5"), std::string::npos) << put;
  EXPECT_EQ(spool->size(), 0);
}

TEST(SpoolTest, AnUnreadableFileIsSetAsideAndNamedNotSilentlySkipped) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string directory = scratch.path() + "/spool";
  absl::StatusOr<Spool> spool = Spool::Open(directory);
  ASSERT_TRUE(spool.ok());
  ASSERT_TRUE(spool->Put(Report(1, "checkmate")).ok());
  std::ofstream(directory + "/batch-2.report", std::ios::binary) << "\x0a\x05\xff\xff";
  const Spool::Contents pending = spool->Pending();
  ASSERT_EQ(pending.reports.size(), 1u);
  ASSERT_EQ(pending.set_aside.size(), 1u);
  EXPECT_EQ(pending.set_aside[0], directory + "/batch-2.report.unreadable");
  EXPECT_TRUE(std::filesystem::exists(pending.set_aside[0]));
  EXPECT_EQ(spool->size(), 1);
}

TEST(SpoolTest, ARefusedReportIsKeptAsideUnderItsOwnName) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string directory = scratch.path() + "/spool";
  absl::StatusOr<Spool> spool = Spool::Open(directory);
  ASSERT_TRUE(spool.ok());
  ASSERT_TRUE(spool->Put(Report(9, "checkmate")).ok());
  ASSERT_TRUE(spool->SetAside(9, "refused").ok());
  EXPECT_TRUE(std::filesystem::exists(directory + "/batch-9.report.refused"));
  EXPECT_EQ(spool->size(), 0);
}

}  // namespace
}  // namespace judkins
