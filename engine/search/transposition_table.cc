#include "engine/search/transposition_table.h"

#include <algorithm>
#include <cassert>

#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

void TranspositionTable::Resize(int megabytes) {
  constexpr size_t kMinClusters = 1024;
  const size_t count = std::max(kMinClusters, size_t(megabytes) * 1024 * 1024 / sizeof(Cluster));
  clusters_.assign(count, Cluster());
  clusters_.shrink_to_fit();
  generation_ = 0;
}

void TranspositionTable::Clear() {
  std::fill(clusters_.begin(), clusters_.end(), Cluster());
  generation_ = 0;
}

const TtEntry* TranspositionTable::Probe(Key key) {
  for (TtEntry& entry : ClusterOf(key).entries) {
    if (!Holds(entry, key)) continue;
    entry.generation = generation_;  // still of use: it should not go first
    return &entry;
  }
  return nullptr;
}

void TranspositionTable::Store(Key key, Move move, int score, int depth, Bound bound) {
  // Step 1. The slot: the position's own entry, else an empty one, else the
  // one worth least (Worth).
  TtEntry* slot = nullptr;
  for (TtEntry& entry : ClusterOf(key).entries) {
    if (entry.bound == Bound::kNone || Holds(entry, key)) {
      slot = &entry;
      break;
    }
    if (!slot || Worth(entry) < Worth(*slot)) slot = &entry;
  }
  assert(slot);

  // Step 2. Keep a deeper result for the same position unless the new one is exact.
  const bool same = Holds(*slot, key);
  if (same && bound != Bound::kExact && depth + 2 < slot->depth) {
    slot->generation = generation_;
    return;
  }
  if (move.is_none() && same) move = slot->move;
  *slot = {Check(key), move, int16_t(score), int8_t(std::clamp(depth, -1, 127)), bound, generation_};
}

int TranspositionTable::Hashfull() const {
  constexpr size_t kSampleClusters = 1000;
  const size_t sample = std::min(kSampleClusters, clusters_.size());
  int used = 0;
  for (size_t i = 0; i < sample; ++i)
    used += int(std::count_if(std::begin(clusters_[i].entries), std::end(clusters_[i].entries),
                              [this](const TtEntry& e) { return e.bound != Bound::kNone && Age(e) == 0; }));
  return int(used * 1000 / (sample * kClusterSize));
}

JUDKINS_EDITION_END
}  // namespace judkins
