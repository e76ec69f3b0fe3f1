// Tables of entries that expire (sessions, known devices), kept within a
// bound however many are made.
#ifndef JUDKINS_COORDINATOR_HTTP_EXPIRING_TABLE_H_
#define JUDKINS_COORDINATOR_HTTP_EXPIRING_TABLE_H_

#include <algorithm>
#include <cstddef>

#include "absl/container/flat_hash_map.h"
#include "absl/time/time.h"

namespace judkins {

// Makes room for one more entry in `table` (values with an `expires` time),
// bounded to `limit`: expired entries go first; then, at the limit, the one
// that expires soonest.
template <typename Map>
void MakeRoomForOneMore(Map& table, size_t limit, absl::Time now) {
  absl::erase_if(table, [&](const auto& entry) { return entry.second.expires <= now; });
  if (table.size() < limit) return;
  auto soonest = std::min_element(table.begin(), table.end(),
                                  [](const auto& a, const auto& b) { return a.second.expires < b.second.expires; });
  table.erase(soonest);
}

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_EXPIRING_TABLE_H_
