// The WAL checkpointer on a real SQLite file: commits no longer copy the
// log into the database, the checkpointer's thread does, the log stays
// bounded, and readers that pin it are waited for once it passes its bound.
#include "coordinator/store/wal_checkpointer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "coordinator/store/sqlite.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

// Each commit adds one row this big: ten pages of 4 KiB, so that a few
// hundred commits make a log of thousands of pages.
constexpr int kRowBytes = 40'000;
constexpr int kPageBytes = 4096;
constexpr int kPagesPerCommit = kRowBytes / kPageBytes;
// SQLite's log file: a header, then a header before each page (its WAL format).
constexpr int kLogHeaderBytes = 32;
constexpr int kFrameHeaderBytes = 24;

class WalCheckpointerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = scratch_.path() + "/wal.db";
    absl::StatusOr<std::unique_ptr<sqlite::Database>> writer = sqlite::Database::Open(path_);
    ASSERT_TRUE(writer.ok()) << writer.status();
    writer_ = *std::move(writer);
    ASSERT_TRUE(writer_->Execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, payload BLOB)").ok());
    ASSERT_EQ(*writer_->QueryText("PRAGMA page_size"), std::to_string(kPageBytes));
  }

  std::unique_ptr<WalCheckpointer> Start(WalCheckpointer::Options options) {
    absl::StatusOr<std::unique_ptr<WalCheckpointer>> checkpointer = WalCheckpointer::Start(path_, *writer_, options);
    EXPECT_TRUE(checkpointer.ok()) << checkpointer.status();
    return checkpointer.ok() ? *std::move(checkpointer) : nullptr;
  }
  // `count` transactions, each committing one row.
  void Commit(int count) {
    for (int i = 0; i < count; ++i)
      ASSERT_TRUE(writer_->Execute(absl::StrCat("INSERT INTO rows (payload) VALUES (zeroblob(", kRowBytes, "))")).ok());
  }
  uintmax_t DatabaseBytes() const { return std::filesystem::file_size(path_); }
  uintmax_t LogBytes() const { return std::filesystem::file_size(path_ + "-wal"); }
  // Waits, a bounded while, for `done` to hold.
  template <typename Predicate>
  static bool Eventually(Predicate done) {
    const absl::Time give_up = absl::Now() + absl::Seconds(30);
    while (!done()) {
      if (absl::Now() > give_up) return false;
      absl::SleepFor(absl::Milliseconds(5));
    }
    return true;
  }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
  std::string path_;
  std::unique_ptr<sqlite::Database> writer_;
};

TEST_F(WalCheckpointerTest, CommitsLeaveTheLogToTheCheckpointer) {
  // A checkpointer that never checkpoints: whatever reaches the database
  // file was copied there by the commits themselves.
  std::unique_ptr<WalCheckpointer> checkpointer =
      Start({.checkpoint_after_pages = 1'000'000, .restart_after_pages = 1'000'000});
  ASSERT_NE(checkpointer, nullptr);
  const uintmax_t before = DatabaseBytes();
  Commit(150);  // 1,500 pages: past SQLite's automatic checkpoint at 1,000
  EXPECT_EQ(DatabaseBytes(), before);
  EXPECT_GT(LogBytes(), uintmax_t(150 * kPagesPerCommit * kPageBytes));
  EXPECT_EQ(checkpointer->tally().bulk_copies, 0u);
  EXPECT_EQ(checkpointer->tally().catch_ups, 0u);
  // The tally tells the log's length in pages, as its file does.
  const int64_t log_pages = checkpointer->tally().log_pages;
  EXPECT_GE(log_pages, 150 * kPagesPerCommit);
  EXPECT_EQ(LogBytes(), uintmax_t(kLogHeaderBytes + log_pages * (kFrameHeaderBytes + kPageBytes)));
}

TEST_F(WalCheckpointerTest, CopiesTheLogSoThatItStaysBounded) {
  constexpr WalCheckpointer::Options kOptions{.checkpoint_after_pages = 100, .restart_after_pages = 1000};
  std::unique_ptr<WalCheckpointer> checkpointer = Start(kOptions);
  ASSERT_NE(checkpointer, nullptr);
  constexpr int kCommits = 400;  // 4,000 pages unchecked
  Commit(kCommits);
  EXPECT_TRUE(Eventually([&] { return checkpointer->tally().bulk_copies > 0; }));
  EXPECT_GT(checkpointer->tally().catch_ups, 0u);
  // The writer started the log over, again and again: it never held much
  // more than the bound (RESTART) and the pages written while a checkpoint ran.
  EXPECT_LT(LogBytes(), uintmax_t(2 * kOptions.restart_after_pages * kPageBytes));
  EXPECT_GT(DatabaseBytes(), uintmax_t(kCommits / 2 * kPagesPerCommit * kPageBytes));
  EXPECT_TRUE(checkpointer->tally().last_error.ok()) << checkpointer->tally().last_error;
  EXPECT_EQ(checkpointer->tally().failures, 0u);

  // Nothing was lost on the way from the log to the file.
  checkpointer.reset();
  writer_.reset();
  absl::StatusOr<std::unique_ptr<sqlite::Database>> reopened = sqlite::Database::Open(path_);
  ASSERT_TRUE(reopened.ok()) << reopened.status();
  EXPECT_EQ(*(*reopened)->QueryText("SELECT count(*) FROM rows"), std::to_string(kCommits));
  EXPECT_TRUE((*reopened)->QuickCheck().ok());
}

TEST_F(WalCheckpointerTest, WaitsForReadersOnceTheLogPassesItsBound) {
  std::unique_ptr<WalCheckpointer> checkpointer = Start({.checkpoint_after_pages = 100, .restart_after_pages = 500});
  ASSERT_NE(checkpointer, nullptr);
  Commit(1);
  // A reader on an old snapshot: no checkpoint can copy past it, so the
  // writer cannot start the log over.
  absl::StatusOr<std::unique_ptr<sqlite::Database>> reader = sqlite::Database::Open(path_);
  ASSERT_TRUE(reader.ok()) << reader.status();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(**reader);
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  ASSERT_EQ(*(*reader)->QueryText("SELECT count(*) FROM rows"), "1");
  Commit(60);
  EXPECT_TRUE(Eventually([&] { return !checkpointer->tally().last_error.ok(); }));  // a RESTART gave up on it
  EXPECT_EQ(checkpointer->tally().restarts, 0u);
  EXPECT_GT(LogBytes(), uintmax_t(500 * kPageBytes));

  // Once the reader is done, the next RESTART goes through.
  ASSERT_TRUE(snapshot->Commit().ok());
  Commit(2 * 100 / kPagesPerCommit);
  EXPECT_TRUE(Eventually([&] { return checkpointer->tally().restarts > 0; }));
  const uintmax_t bound = LogBytes();
  Commit(20);  // the writer starts the log over: the file does not grow
  EXPECT_EQ(LogBytes(), bound);
}

}  // namespace
}  // namespace judkins
