// What a batch handed back unplayed (a worker lacking the book, an engine
// that does not check out) does: the worker waits before it is given the
// test again, longer each time in a row, so a test no worker can play does
// not spin the fleet; and a test handed back too often in a row is flagged
// as one no worker can play, until a batch counts games again.
#ifndef JUDKINS_COORDINATOR_DOMAIN_HAND_BACKS_H_
#define JUDKINS_COORDINATOR_DOMAIN_HAND_BACKS_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "coordinator/domain/test_rules.h"

namespace judkins {

// A worker's first wait, doubled with each hand-back in a row, up to the longest.
inline constexpr absl::Duration kFirstHandBackWait = absl::Seconds(30);
inline constexpr absl::Duration kLongestHandBackWait = absl::Hours(1);
// Hand-backs in a row, by any of its workers, that flag a test.
inline constexpr int64_t kUnplayableAfterHandBacks = 3;

// How long a worker that handed the test back `in_a_row` times (1 or more)
// waits before it is given the test again.
absl::Duration HandBackWait(int64_t in_a_row);

// Counts one hand-back of the test; true when this one flags it.
bool CountHandBack(TestRow& test, absl::string_view reason);
// A batch counted games: the test is playable.
void ClearHandBacks(TestRow& test);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_HAND_BACKS_H_
