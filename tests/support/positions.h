// A position from SFEN for tests: a parse failure fails the test.
#ifndef JUDKINS_TESTS_SUPPORT_POSITIONS_H_
#define JUDKINS_TESTS_SUPPORT_POSITIONS_H_

#include <gtest/gtest.h>

#include "engine/rules/edition.h"

namespace judkins::testing {

inline Position At(absl::string_view sfen) {
  absl::StatusOr<Position> pos = Position::FromSfen(sfen);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *std::move(pos) : Position::Start();
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_POSITIONS_H_
