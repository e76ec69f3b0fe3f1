// Command lines in the grouped style (--engine key=value ...): words split
// at NUL bytes, parsed into groups and their key=value pairs, or refused.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "common/grouped_options.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> words = absl::StrSplit(text, '\0');
  absl::StatusOr<std::vector<judkins::OptionGroup>> groups = judkins::ParseGroupedOptions(words);
  if (!groups.ok()) return 0;
  for (const judkins::OptionGroup& group : *groups) {
    (void)judkins::KeyValues(group);
    (void)judkins::SingleValue(group);
  }
  return 0;
}
