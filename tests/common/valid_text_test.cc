// Engine output made valid text: what stays, what is escaped, where it is cut.
#include "common/valid_text.h"

#include <gtest/gtest.h>

#include <string>

namespace judkins {
namespace {

using namespace std::string_literals;

TEST(ValidTextTest, KeepsPrintableAsciiTabsAndWellFormedUtf8) {
  for (const std::string& text : {"bestmove 6e6d"s, "info string\tok"s, "歩 and ☗ and 𝄞"s, ""s}) {
    EXPECT_TRUE(IsValidText(text)) << text;
    EXPECT_EQ(ValidText(text), text);
  }
}

TEST(ValidTextTest, EscapesBytesThatAreNotUtf8AndControlBytes) {
  EXPECT_EQ(ValidText("bestmove \xff\xfe"), "bestmove \\xFF\\xFE");
  EXPECT_EQ(ValidText("a\0b"s), "a\\x00b");
  EXPECT_EQ(ValidText("line\r\n"), "line\\x0D\\x0A");
  EXPECT_EQ(ValidText("\x7f"), "\\x7F");
  // Overlong forms, surrogates, code points above U+10FFFF and cut-off
  // sequences are not UTF-8 either.
  for (const std::string& bad : {"\xc0\xaf"s, "\xe0\x80\xaf"s, "\xed\xa0\x80"s, "\xf4\x90\x80\x80"s, "\xe6\xad"s}) {
    EXPECT_FALSE(IsValidText(bad));
    EXPECT_TRUE(IsValidText(ValidText(bad))) << ValidText(bad);
  }
}

TEST(ValidTextTest, CutsAtTheLimitOnACharacterBoundary) {
  EXPECT_EQ(ValidText("abcdefgh", 6), "abc...");
  EXPECT_EQ(ValidText("abcdef", 6), "abcdef");
  const std::string cut = ValidText("ab歩歩歩", 8);  // each 歩 is three bytes
  EXPECT_LE(cut.size(), 8u);
  EXPECT_TRUE(IsValidText(cut)) << cut;
  EXPECT_EQ(cut, "ab歩...");
}

}  // namespace
}  // namespace judkins
