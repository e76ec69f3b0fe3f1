// Opening books from outside: every line checked with the rules, or refused.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "worker/match/openings.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<judkins::OpeningBook> book =
      judkins::OpeningBook::Parse(text, "fuzz.sfen", judkins::Variant::kJudkins);
  if (!book.ok()) return 0;
  // Every opening that loaded can be played from.
  for (int i = 0; i < book->size(); ++i) (void)(*book)[i].template StartPosition<judkins::variants::Judkins>();
  return 0;
}
