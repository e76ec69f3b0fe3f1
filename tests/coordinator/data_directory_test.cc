// The coordinator's data directory: a store where one was kept is never
// quietly started afresh, a second coordinator is kept off it, and uploads a
// stopped coordinator left half written are cleared at the next start.
#include "coordinator/server/data_directory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "coordinator/server/coordinator_server.h"
#include "coordinator/store/artifact_files.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

class DataDirectoryTest : public ::testing::Test {
 protected:
  absl::Status Open(bool new_store = false) { return DataDirectory::Open(dir_, new_store).status(); }
  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
  const std::string dir_ = scratch_.path() + "/data";
};

TEST_F(DataDirectoryTest, AFreshDirectoryStartsANewStore) {
  EXPECT_TRUE(Open().ok());
  EXPECT_TRUE(std::filesystem::is_directory(dir_));
}

TEST_F(DataDirectoryTest, AnEmptyDatabaseFileIsRefusedUnlessANewStoreIsAskedFor) {
  std::filesystem::create_directories(dir_);
  std::ofstream(dir_ + "/" + DataDirectory::kDatabaseName);  // zero bytes
  const absl::Status refused = Open();
  EXPECT_TRUE(absl::IsFailedPrecondition(refused)) << refused;
  EXPECT_THAT(std::string(refused.message()), HasSubstr("is empty (0 bytes)"));
  EXPECT_THAT(std::string(refused.message()), HasSubstr("--new-store"));
  EXPECT_TRUE(Open(/*new_store=*/true).ok());
}

TEST_F(DataDirectoryTest, AMissingDatabaseBesideArtifactsIsRefused) {
  std::filesystem::create_directories(dir_ + "/artifacts");
  EXPECT_TRUE(Open().ok()) << "an empty artifacts directory says nothing";
  std::ofstream(dir_ + "/artifacts/" + std::string(64, 'a')) << "an engine";
  const absl::Status refused = Open();
  EXPECT_TRUE(absl::IsFailedPrecondition(refused)) << refused;
  EXPECT_THAT(std::string(refused.message()), HasSubstr("is missing where a store was kept"));
  EXPECT_TRUE(Open(/*new_store=*/true).ok());
}

TEST_F(DataDirectoryTest, ASecondCoordinatorIsKeptOffADirectoryInUse) {
  absl::StatusOr<DataDirectory> first = DataDirectory::Open(dir_, false);
  ASSERT_TRUE(first.ok()) << first.status();
  const absl::Status second = Open();
  EXPECT_TRUE(absl::IsFailedPrecondition(second)) << second;
  EXPECT_THAT(std::string(second.message()), HasSubstr("another coordinator is using"));
  *first = *DataDirectory::Open(scratch_.path() + "/other", false);  // the first lock is let go
  EXPECT_TRUE(Open().ok());
}

TEST_F(DataDirectoryTest, ARestartedCoordinatorKeepsItsStoreAndClearsUnfinishedUploads) {
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.data_dir = dir_;
  options.tokens = {"worker-token-for-tests-0001", "admin-token-for-tests-00001"};
  ASSERT_TRUE(CoordinatorServer::Start(options).ok());  // makes the store, then stops
  const std::string leftover = absl::StrCat(dir_, "/artifacts/", ArtifactFiles::kUploadPrefix, "123-abc");
  std::ofstream(leftover) << std::string(1 << 20, 'x');
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> again = CoordinatorServer::Start(options);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_FALSE(std::filesystem::exists(leftover));
  // Started again over an emptied database: refused, with what to do.
  again->reset();
  std::ofstream(dir_ + "/" + DataDirectory::kDatabaseName, std::ios::trunc);
  std::filesystem::remove(dir_ + "/" + DataDirectory::kDatabaseName + "-wal");
  const absl::Status refused = CoordinatorServer::Start(options).status();
  EXPECT_THAT(std::string(refused.message()), HasSubstr("restore it from a backup, or give --new-store"));
}

}  // namespace
}  // namespace judkins
