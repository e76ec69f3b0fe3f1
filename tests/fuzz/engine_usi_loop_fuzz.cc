// judkins-engine's USI loop fed any lines: every command answered or refused,
// no crash, no hang. Searches are kept short (a fuzzer must not wait on
// "go infinite" or a deep perft), everything else goes in as it came.
#include <cstdint>
#include <sstream>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "engine/usi/usi_loop.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string script;
  for (absl::string_view line : absl::StrSplit(absl::string_view(reinterpret_cast<const char*>(data), size), '\n')) {
    if (absl::StrContains(line, "perft") || absl::StrContains(line, "Hash") || absl::StrContains(line, "ParamsFile"))
      continue;  // slow or touching the file system: covered elsewhere
    script.append(line.data(), line.size());
    if (absl::StartsWith(absl::StripLeadingAsciiWhitespace(line), "go")) script += " depth 2 nodes 2000";
    script += "\n";
  }
  script += "stop\nquit\n";
  std::istringstream in(script);
  std::ostringstream out;
  judkins::UsiLoop loop(in, out, judkins::EvalParams());
  loop.Run();
  return 0;
}
