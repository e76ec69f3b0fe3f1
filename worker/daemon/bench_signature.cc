#include "worker/daemon/bench_signature.h"

#include <fstream>
#include <optional>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace judkins {

absl::StatusOr<uint64_t> ParseBenchSignature(absl::string_view output) {
  std::optional<uint64_t> signature;
  for (absl::string_view line : absl::StrSplit(output, '\n')) {
    line = absl::StripLeadingAsciiWhitespace(line);
    if (!absl::ConsumePrefix(&line, "Nodes searched")) continue;
    line = absl::StripLeadingAsciiWhitespace(line);
    if (!absl::ConsumePrefix(&line, ":")) continue;
    uint64_t nodes = 0;
    if (absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &nodes)) signature = nodes;
  }
  if (!signature) return absl::NotFoundError("its bench printed no \"Nodes searched: N\" line");
  return *signature;
}

absl::StatusOr<std::string> RunBench(const ProcessSpec& spec, absl::Duration timeout) {
  if (!spec.stderr_path.empty()) std::remove(spec.stderr_path.c_str());
  absl::StatusOr<std::unique_ptr<EngineProcess>> bench = EngineProcess::Start(spec);
  if (!bench.ok()) return bench.status();
  std::string output;
  const absl::Time deadline = absl::Now() + timeout;
  for (absl::StatusOr<std::string> line = (*bench)->ReadLine(deadline); line.ok(); line = (*bench)->ReadLine(deadline))
    absl::StrAppend(&output, *line, "\n");
  if (absl::Now() >= deadline)
    return absl::DeadlineExceededError(absl::StrCat("its bench did not end within ", absl::FormatDuration(timeout)));
  (*bench)->Stop(absl::Seconds(1));
  if (!spec.stderr_path.empty()) {
    std::stringstream errors;
    errors << std::ifstream(spec.stderr_path).rdbuf();
    output += errors.str();
  }
  return output;
}

absl::StatusOr<uint64_t> RunBenchSignature(const std::string& engine, const std::string& working_directory,
                                           const std::string& stderr_path) {
  absl::StatusOr<std::string> output = RunBench(
      {.argv = {engine, "bench"}, .working_directory = working_directory, .stderr_path = stderr_path}, kBenchTimeout);
  if (!output.ok()) return output.status();
  return ParseBenchSignature(*output);
}

}  // namespace judkins
