// Splits USI-style text into its first word and the rest, the one way the
// engine's command loop and the worker's reading of engine output take
// lines apart word by word, without building a vector of the words.
#ifndef JUDKINS_COMMON_FIRST_WORD_H_
#define JUDKINS_COMMON_FIRST_WORD_H_

#include <utility>

#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace judkins {

// The first word of `text` (words are separated by spaces or tabs) and what
// follows it, both without surrounding whitespace; empty ones when there is
// nothing left.
inline std::pair<absl::string_view, absl::string_view> FirstWord(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  const size_t space = text.find_first_of(" \t");
  if (space == absl::string_view::npos) return {text, {}};
  return {text.substr(0, space), absl::StripLeadingAsciiWhitespace(text.substr(space))};
}

// Takes the first word off `text` and returns it.
inline absl::string_view TakeWord(absl::string_view& text) {
  auto [word, rest] = FirstWord(text);
  text = rest;
  return word;
}

}  // namespace judkins

#endif  // JUDKINS_COMMON_FIRST_WORD_H_
