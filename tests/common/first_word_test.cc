// Taking USI text apart word by word: spaces and tabs separate, and neither
// end of a word or of the rest keeps any.
#include "common/first_word.h"

#include <gtest/gtest.h>

namespace judkins {
namespace {

TEST(FirstWordTest, SplitsOffTheFirstWordAndTrimsTheRest) {
  EXPECT_EQ(FirstWord("  go  depth 3 \n"), std::make_pair(absl::string_view("go"), absl::string_view("depth 3")));
  EXPECT_EQ(FirstWord("position\tstartpos"),
            std::make_pair(absl::string_view("position"), absl::string_view("startpos")));
  EXPECT_EQ(FirstWord("quit"), std::make_pair(absl::string_view("quit"), absl::string_view()));
  EXPECT_EQ(FirstWord(" \t "), std::make_pair(absl::string_view(), absl::string_view()));
}

TEST(FirstWordTest, TakeWordConsumesOneWordAtATimeThenGivesEmptyOnes) {
  absl::string_view rest = "info depth\t7  nodes 10 ";
  for (absl::string_view expected : {"info", "depth", "7", "nodes", "10", "", ""}) EXPECT_EQ(TakeWord(rest), expected);
}

}  // namespace
}  // namespace judkins
