// Numbers from outside as people write them: in decimal, and nothing else.
// absl::SimpleAtod and SimpleAtoi (and CLI11, which uses strtod) also read
// "0x10" as 16, "inf", "nan" and surrounding spaces; a bound given in hex is
// a typo to report, not a value to take.
#ifndef JUDKINS_COMMON_DECIMAL_H_
#define JUDKINS_COMMON_DECIMAL_H_

#include <cstdint>
#include <type_traits>

#include "absl/strings/numbers.h"
#include "absl/strings/string_view.h"

namespace judkins {

// [+-]digits[.digits][(e|E)[+-]digits], or the same with no digits before the
// point (".5"); finite.
bool IsDecimalNumber(absl::string_view text);
// [+-]digits ('-' not for an unsigned type, "-0" included).
bool IsDecimalInteger(absl::string_view text, bool is_signed);

// The value of a decimal number that fits `value`'s type; false otherwise.
bool ParseDecimal(absl::string_view text, double* value);
template <typename Integer>
requires std::is_integral_v<Integer>
bool ParseDecimal(absl::string_view text, Integer* value) {
  return IsDecimalInteger(text, std::is_signed_v<Integer>) && absl::SimpleAtoi(text, value);
}

}  // namespace judkins

#endif  // JUDKINS_COMMON_DECIMAL_H_
