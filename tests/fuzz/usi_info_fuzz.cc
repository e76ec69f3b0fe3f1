// An engine's "info" lines, as the referee reads them: any text, no crash.
#include <cstdint>
#include <string>

#include "worker/usi_client/usi_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string line(reinterpret_cast<const char*>(data), size);
  judkins::SearchReport report;
  judkins::ParseInfo(line, report);
  judkins::ParseInfo("info " + line, report);
  return 0;
}
