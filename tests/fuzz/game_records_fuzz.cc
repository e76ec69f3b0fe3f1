// Game records from outside (a worker's upload, a file given to texel):
// parsed or refused with an error, never a crash.
#include <cstdint>
#include <string>

#include "records/game_record_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)judkins::ParseGameRecords(text);
  return 0;
}
