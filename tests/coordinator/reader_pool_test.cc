// The store's read connections on a real SQLite file: readers run side by
// side, each on its own connection and snapshot, and one past the pool's
// size waits for a connection to come back rather than share one.
#include "coordinator/store/reader_pool.h"

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <optional>
#include <string>

#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

// Long enough for a reader that should not wait to be seen not waiting.
constexpr auto kPatience = std::chrono::seconds(10);
// How long a reader that must wait is watched waiting.
constexpr auto kWatched = std::chrono::milliseconds(200);

class ReaderPoolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = scratch_.path() + "/readers.db";
    absl::StatusOr<std::unique_ptr<sqlite::Database>> writer = sqlite::Database::Open(path_);
    ASSERT_TRUE(writer.ok()) << writer.status();
    writer_ = *std::move(writer);
    ASSERT_TRUE(writer_->Execute("CREATE TABLE counts (n INTEGER); INSERT INTO counts VALUES (1)").ok());
  }

  std::unique_ptr<ReaderPool> Open(int connections) {
    absl::StatusOr<std::unique_ptr<ReaderPool>> pool = ReaderPool::Open(path_, connections);
    EXPECT_TRUE(pool.ok()) << pool.status();
    return pool.ok() ? *std::move(pool) : nullptr;
  }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
  std::string path_;
  std::unique_ptr<sqlite::Database> writer_;
};

TEST_F(ReaderPoolTest, AReaderInTheMiddleOfALongReadDoesNotHoldUpAnother) {
  std::unique_ptr<ReaderPool> pool = Open(ReaderPool::kDefaultConnections);
  ASSERT_NE(pool, nullptr);
  std::future<std::string> short_read;  // destroyed last, once the long read has given its connection back
  ReaderPool::Lease long_reader = pool->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*long_reader);
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  ASSERT_EQ(*long_reader->QueryText("SELECT n FROM counts"), "1");
  ASSERT_TRUE(writer_->Execute("UPDATE counts SET n = 2").ok());

  short_read = std::async(std::launch::async, [&] {
    ReaderPool::Lease reader = pool->Acquire();
    return reader->QueryText("SELECT n FROM counts").value_or("error");
  });
  ASSERT_EQ(short_read.wait_for(kPatience), std::future_status::ready) << "the short read waited on the long one";
  EXPECT_EQ(short_read.get(), "2") << "a reader sees the last commit";
  EXPECT_EQ(*long_reader->QueryText("SELECT n FROM counts"), "1") << "the long read keeps its snapshot";
}

TEST_F(ReaderPoolTest, AReaderPastThePoolsSizeWaitsForAConnectionToComeBack) {
  std::unique_ptr<ReaderPool> pool = Open(2);
  ASSERT_NE(pool, nullptr);
  std::future<sqlite::Database*> third;  // destroyed last, once the others have given their connections back
  std::optional<ReaderPool::Lease> first(pool->Acquire());
  ReaderPool::Lease second = pool->Acquire();
  ASSERT_NE(&**first, &*second) << "two readers, two connections";
  sqlite::Database* const returned = &**first;

  third = std::async(std::launch::async, [&] {
    ReaderPool::Lease reader = pool->Acquire();
    return &*reader;
  });
  EXPECT_EQ(third.wait_for(kWatched), std::future_status::timeout) << "a third reader shared a leased connection";
  first.reset();
  ASSERT_EQ(third.wait_for(kPatience), std::future_status::ready);
  EXPECT_EQ(third.get(), returned) << "it gets the connection given back";
}

}  // namespace
}  // namespace judkins
