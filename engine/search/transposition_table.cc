#include "engine/search/transposition_table.h"

#include <algorithm>
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

void TranspositionTable::Resize(int megabytes) {
  const size_t count = std::max<size_t>(1024, size_t(megabytes) * 1024 * 1024 / sizeof(TtEntry));
  entries_.assign(count, TtEntry());
  entries_.shrink_to_fit();
}

void TranspositionTable::Clear() { std::fill(entries_.begin(), entries_.end(), TtEntry()); }

const TtEntry* TranspositionTable::Probe(Key key) const {
  const TtEntry& entry = Slot(key);
  return entry.bound != Bound::kNone && entry.check == Check(key) ? &entry : nullptr;
}

void TranspositionTable::Store(Key key, Move move, int score, int depth, Bound bound) {
  TtEntry& entry = Slot(key);
  const bool same = entry.check == Check(key);
  // Keep a deeper result for the same position unless the new one is exact.
  if (same && bound != Bound::kExact && depth + 2 < entry.depth) return;
  if (move.is_none() && same) move = entry.move;
  entry = {Check(key), move, int16_t(score), int8_t(std::clamp(depth, -1, 127)), bound};
}

int TranspositionTable::Hashfull() const {
  const size_t sample = std::min<size_t>(1000, entries_.size());
  return int(std::count_if(entries_.begin(), entries_.begin() + sample,
                           [](const TtEntry& e) { return e.bound != Bound::kNone; }) *
             1000 / sample);
}

JUDKINS_EDITION_END
}  // namespace judkins
