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

TEST(ValidTextTest, QuotesAtMostABoundedPrefixOfAnInput) {
  EXPECT_EQ(Quoted("10+0.1"), "'10+0.1'");
  const std::string megabyte(1 << 20, '9');
  const std::string quoted = Quoted(megabyte);
  EXPECT_LE(quoted.size(), kMaxQuotedBytes + 2);
  EXPECT_EQ(quoted.substr(quoted.size() - 4), "...'");
  EXPECT_EQ(Quoted("a\nb"), "'a\\x0Ab'");
}

TEST(ValidTextTest, NamesArePrintableTextOfBoundedLength) {
  for (const std::string& name : {"dev"s, "Fairy-Stockfish 11.1"s, "歩兵 (new)"s, "q\"]"s})
    EXPECT_TRUE(IsPrintableName(name, 64)) << name;
  for (const std::string& name :
       {""s, "a\0bc"s, "q\"]\n[Result \"0-1\"]"s, "tab\there"s, "esc\x1b[31m"s, "\xff"s, std::string(65, 'a')})
    EXPECT_FALSE(IsPrintableName(name, 64)) << ValidText(name);
}

TEST(ValidTextTest, PlainFileNamesAreNamesNotPaths) {
  for (const std::string& name : {"default"s, "shogi-9x9_v2.1"s}) EXPECT_TRUE(IsPlainFileName(name, 100)) << name;
  for (const std::string& name :
       {"../../../../etc/passwd"s, "a/b"s, ".."s, ".hidden"s, ""s, "a b"s, "a\\b"s, "歩"s, std::string(101, 'a')})
    EXPECT_FALSE(IsPlainFileName(name, 100)) << name;
}

}  // namespace
}  // namespace judkins
