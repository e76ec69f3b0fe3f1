// Where an engine was built, read from a real git checkout made here
// (cli/checkout_provenance.h).
#include "cli/checkout_provenance.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

TEST(CheckoutProvenanceTest, TheBenchIsTheLastBenchLineOfTheCommitMessage) {
  EXPECT_EQ(BenchFromCommitMessage("Tune LMR\n\nBench: 123456\n"), 123456u);
  EXPECT_EQ(BenchFromCommitMessage("Bench: 1\nfixup\nBench: 2"), 2u);
  EXPECT_EQ(BenchFromCommitMessage("no bench here"), 0u);
  EXPECT_EQ(BenchFromCommitMessage("Bench: many"), 0u);
}

TEST(CheckoutProvenanceTest, ACheckoutGivesItsOriginBranchCommitChangesAndBench) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string repo = scratch.path() + "/engine";
  const std::string git = "git -c user.name=t -c user.email=t@example.org -C " + repo + " ";
  ASSERT_EQ(std::system(("git init -q -b main " + repo).c_str()), 0);
  std::ofstream(repo + "/search.cc") << "int x;\n";
  ASSERT_EQ(std::system((git + "add search.cc && " + git + "commit -q -m 'Tune LMR' -m 'Bench: 4242'").c_str()), 0);
  ASSERT_EQ(std::system((git + "remote add origin https://example.org/engine.git").c_str()), 0);
  absl::StatusOr<v1::Provenance> clean = ReadCheckoutProvenance(repo);
  ASSERT_TRUE(clean.ok()) << clean.status();
  EXPECT_EQ(clean->repository(), "https://example.org/engine.git");
  EXPECT_EQ(clean->branch(), "main");
  EXPECT_EQ(clean->commit().size(), 40u);
  EXPECT_FALSE(clean->dirty());
  EXPECT_EQ(clean->bench_signature(), 4242u);
  std::ofstream(repo + "/search.cc") << "int y;\n";
  EXPECT_TRUE(ReadCheckoutProvenance(repo)->dirty());
  // Not a checkout: the error says so.
  absl::StatusOr<v1::Provenance> none = ReadCheckoutProvenance(scratch.path());
  EXPECT_FALSE(none.ok());
  EXPECT_THAT(std::string(none.status().message()), ::testing::HasSubstr("a git checkout?"));
}

}  // namespace
}  // namespace judkins
