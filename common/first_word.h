// Splits USI-style text into its first word and the rest, the one way the
// engine's command loop and the worker's reading of engine output take
// lines apart word by word, without building a vector of the words.
#ifndef JUDKINS_COMMON_FIRST_WORD_H_
#define JUDKINS_COMMON_FIRST_WORD_H_

#include <algorithm>
#include <utility>

#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace judkins {

// The first word of `text` (words are separated by spaces or tabs) and what
// follows it, both without surrounding whitespace; empty ones when there is
// nothing left.
inline std::pair<absl::string_view, absl::string_view> FirstWord(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  // A plain scan: find_first_of builds a table of the characters it seeks on
  // every call, and an engine's info line is taken apart word by word.
  const auto space = std::find_if(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t'; });
  const size_t length = size_t(space - text.begin());
  return {text.substr(0, length), absl::StripLeadingAsciiWhitespace(text.substr(length))};
}

// Takes the first word off `text` and returns it.
inline absl::string_view TakeWord(absl::string_view& text) {
  auto [word, rest] = FirstWord(text);
  text = rest;
  return word;
}

}  // namespace judkins

#endif  // JUDKINS_COMMON_FIRST_WORD_H_
