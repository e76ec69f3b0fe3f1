// Command lines of the two commands with the richest options, `judkins-worker
// match` and `judkins test create` (CLI11, then the key=value groups): words
// split at NUL bytes, parsed into a plan or a spec, or refused with an error.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "cli/test_spec_options.h"
#include "worker/cli/match_command.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> words = absl::StrSplit(text, '\0');
  (void)judkins::ParseMatchCommand(words);
  (void)judkins::ParseTestSpec(words);
  return 0;
}
