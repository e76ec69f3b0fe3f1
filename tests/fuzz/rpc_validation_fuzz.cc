// What a client sends over the wire, as bytes: a TestSpec (CreateTest) and a
// BatchReport (ReportBatch) parsed as gRPC would, then validated; an error
// must name a field.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "coordinator/service/validation.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  judkins::v1::TestSpec spec;
  if (spec.ParseFromString(bytes)) {
    const absl::Status status = judkins::ValidateTestSpec(spec, [](const std::string&) { return true; });
    if (!status.ok() && status.message().find(':') == absl::string_view::npos) std::abort();
  }
  judkins::v1::BatchReport report;
  if (report.ParseFromString(bytes)) {
    const absl::Status status = judkins::ValidateReport(report);
    if (!status.ok() && status.message().find(':') == absl::string_view::npos) std::abort();
  }
  return 0;
}
