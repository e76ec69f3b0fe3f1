// Late-move reductions: they grow with the logarithms of the depth and of the
// move's number, by two tunable constants; the table is rebuilt only when a
// constant changes, not at every search.
#ifndef JUDKINS_ENGINE_SEARCH_REDUCTIONS_H_
#define JUDKINS_ENGINE_SEARCH_REDUCTIONS_H_

#include <algorithm>
#include <cmath>

#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

class ReductionTable {
 public:
  static constexpr int kSize = 64;  // depths and move numbers beyond share the last entry

  // base and divisor in hundredths of a ply: reduction = base + ln(d) ln(m) / divisor.
  void Update(int base_hundredths, int divisor_hundredths) {
    if (base_hundredths == base_ && divisor_hundredths == divisor_) return;
    base_ = base_hundredths;
    divisor_ = divisor_hundredths;
    for (int d = 1; d < kSize; ++d)
      for (int m = 1; m < kSize; ++m)
        table_[d][m] = int(base_ / 100.0 + std::log(d) * std::log(m) / (divisor_ / 100.0));
  }
  int operator()(int depth, int move_number) const {
    return table_[std::min(depth, kSize - 1)][std::min(move_number, kSize - 1)];
  }

 private:
  int base_ = 0;
  int divisor_ = 0;  // none yet: the first Update fills the table
  int table_[kSize][kSize] = {};
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_REDUCTIONS_H_
