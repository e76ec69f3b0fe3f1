// SFEN from outside, of any variant: parsed strictly or refused; what parses
// writes back to an SFEN that parses to the same position.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/rules/position.h"
#include "engine/rules/variant.h"

namespace {

// Parsed as V's SFEN or refused; what parses writes back to an SFEN that
// parses to the same position.
template <class V>
void CheckRoundTrip(const std::string& text) {
  absl::StatusOr<judkins::BasicPosition<V>> position = judkins::BasicPosition<V>::FromSfen(text);
  if (!position.ok()) return;
  const std::string written = position->ToSfen();
  absl::StatusOr<judkins::BasicPosition<V>> again = judkins::BasicPosition<V>::FromSfen(written);
  if (!again.ok() || again->ToSfen() != written || again->key() != position->key()) std::abort();
}

}  // namespace

// Every input is tried as an SFEN of each variant.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (judkins::Variant variant : judkins::kAllVariants)
    judkins::WithVariant(variant, [&]<class V>(V) { CheckRoundTrip<V>(text); });
  return 0;
}
