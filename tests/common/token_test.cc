// Tokens read the one way every program reads them.
#include "common/token.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

TEST(TokenTest, AFileGivesItsFirstLineTrimmedOfWhiteSpace) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string file = scratch.path() + "/token";
  std::ofstream(file) << "  0123456789abcdef0123 \r\nsecond line\n";
  absl::StatusOr<std::string> token = LoadToken(file, "JUDKINS_TEST_TOKEN");
  ASSERT_TRUE(token.ok()) << token.status();
  EXPECT_EQ(*token, "0123456789abcdef0123");
}

TEST(TokenTest, WithoutAFileTheEnvironmentVariableIsRead) {
  setenv("JUDKINS_TEST_TOKEN", "from-the-environment-0001\n", 1);
  EXPECT_EQ(*LoadToken("", "JUDKINS_TEST_TOKEN"), "from-the-environment-0001");
  unsetenv("JUDKINS_TEST_TOKEN");
  EXPECT_EQ(LoadToken("", "JUDKINS_TEST_TOKEN").status().message(),
            "no token: give a token file or set $JUDKINS_TEST_TOKEN");
}

TEST(TokenTest, AShortOrMissingTokenIsRefusedWithItsSourceNamed) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string file = scratch.path() + "/short";
  std::ofstream(file) << "short\n";
  EXPECT_EQ(LoadToken(file, "X").status().message(),
            "the token in '" + file + "' is too short: a token needs at least 16 characters");
  EXPECT_TRUE(absl::IsNotFound(LoadToken(scratch.path() + "/absent", "X").status()));
}

}  // namespace
}  // namespace judkins
