// SFEN from outside: parsed strictly or refused; what parses writes back to
// an SFEN that parses to the same position.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/rules/edition.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<judkins::Position> position = judkins::Position::FromSfen(text);
  if (!position.ok()) return 0;
  const std::string written = position->ToSfen();
  absl::StatusOr<judkins::Position> again = judkins::Position::FromSfen(written);
  if (!again.ok() || again->ToSfen() != written || again->key() != position->key()) std::abort();
  return 0;
}
