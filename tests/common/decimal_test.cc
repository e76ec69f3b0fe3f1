// Numbers from outside are read in decimal only: absl and CLI11 also read
// "0x10" as 16, "inf" and "nan", and "-1" as 2^64 - 1 for an unsigned field.
#include "common/decimal.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace judkins {
namespace {

TEST(DecimalTest, DecimalNumbersAreRead) {
  double value = 0;
  for (const auto& [text, expected] : {std::pair{"16", 16.0},
                                       {"-1.5", -1.5},
                                       {"+2", 2.0},
                                       {".5", 0.5},
                                       {"5.", 5.0},
                                       {"1e3", 1000.0},
                                       {"2.5E-1", 0.25}}) {
    ASSERT_TRUE(ParseDecimal(text, &value)) << text;
    EXPECT_EQ(value, expected) << text;
  }
}

TEST(DecimalTest, HexInfinityNanSpacesAndEmptyAreRefused) {
  double value = 0;
  for (const char* text :
       {"0x10", "0X1p3", "inf", "-infinity", "nan", " 5", "5 ", "", "-", ".", "1e", "1e+", "1.2.3", "1e999", "5abc"})
    EXPECT_FALSE(ParseDecimal(text, &value)) << text;
}

TEST(DecimalTest, IntegersAreDecimalAndAnUnsignedOneIsNeverNegative) {
  uint64_t count = 0;
  int signed_value = 0;
  EXPECT_TRUE(ParseDecimal("16", &count));
  EXPECT_EQ(count, 16u);
  EXPECT_TRUE(ParseDecimal("-16", &signed_value));
  EXPECT_EQ(signed_value, -16);
  for (const char* text : {"-1", "0x10", "1.0", "1e3", "", "+", "18446744073709551616"})
    EXPECT_FALSE(ParseDecimal(text, &count)) << text;
  EXPECT_FALSE(ParseDecimal("2147483648", &signed_value));
}

}  // namespace
}  // namespace judkins
