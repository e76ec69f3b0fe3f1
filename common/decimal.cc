#include "common/decimal.h"

#include <cmath>

#include "absl/strings/ascii.h"

namespace judkins {
namespace {

// Skips a run of digits; returns how many there were.
size_t SkipDigits(absl::string_view& text) {
  size_t count = 0;
  while (count < text.size() && absl::ascii_isdigit(static_cast<unsigned char>(text[count]))) ++count;
  text.remove_prefix(count);
  return count;
}

void SkipSign(absl::string_view& text) {
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) text.remove_prefix(1);
}

}  // namespace

bool IsDecimalNumber(absl::string_view text) {
  SkipSign(text);
  size_t digits = SkipDigits(text);
  if (!text.empty() && text.front() == '.') {
    text.remove_prefix(1);
    digits += SkipDigits(text);
  }
  if (digits == 0) return false;
  if (!text.empty() && (text.front() == 'e' || text.front() == 'E')) {
    text.remove_prefix(1);
    SkipSign(text);
    if (SkipDigits(text) == 0) return false;
  }
  return text.empty();
}

bool IsDecimalInteger(absl::string_view text, bool is_signed) {
  if (!text.empty() && text.front() == '-' && !is_signed) return false;
  SkipSign(text);
  return SkipDigits(text) > 0 && text.empty();
}

bool ParseDecimal(absl::string_view text, double* value) {
  return IsDecimalNumber(text) && absl::SimpleAtod(text, value) && std::isfinite(*value);
}

}  // namespace judkins
