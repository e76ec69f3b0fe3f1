#include "coordinator/domain/hand_backs.h"

#include <algorithm>
#include <cassert>

#include "absl/strings/str_cat.h"

namespace judkins {

absl::Duration HandBackWait(int64_t in_a_row) {
  assert(in_a_row >= 1);
  // 2^7 * 30 s is past the longest wait already: no need to shift further.
  constexpr int64_t kMaxDoublings = 7;
  const int64_t doublings = std::clamp<int64_t>(in_a_row - 1, 0, kMaxDoublings);
  return std::min(kFirstHandBackWait * (int64_t{1} << doublings), kLongestHandBackWait);
}

bool CountHandBack(TestRow& test, absl::string_view reason) {
  ++test.hand_backs;
  if (test.hand_backs < kUnplayableAfterHandBacks || !test.unplayable_because.empty()) return false;
  test.unplayable_because =
      absl::StrCat(test.hand_backs, " batches in a row handed back unplayed; the last because: ", reason);
  return true;
}

void ClearHandBacks(TestRow& test) {
  test.hand_backs = 0;
  test.unplayable_because.clear();
}

}  // namespace judkins
