// The transposition table: results of earlier searches by position key.
#ifndef JUDKINS_ENGINE_SEARCH_TRANSPOSITION_TABLE_H_
#define JUDKINS_ENGINE_SEARCH_TRANSPOSITION_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/rules/edition.h"
#include "engine/rules/types.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

enum class Bound : uint8_t { kNone, kUpper, kLower, kExact };

struct TtEntry {
  uint32_t check = 0;  // the key's low half, to tell positions sharing a slot apart
  Move move;
  int16_t score = 0;
  int8_t depth = 0;
  Bound bound = Bound::kNone;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(int megabytes = 16) { Resize(megabytes); }
  void Resize(int megabytes);
  void Clear();
  // The entry for key, if one is stored.
  const TtEntry* Probe(Key key) const;
  // Mate scores must already be relative to this node (see search.cc).
  void Store(Key key, Move move, int score, int depth, Bound bound);
  int Hashfull() const;  // per mille of the first thousand slots in use

 private:
  // Maps the key onto the table by the high half of a 128-bit product.
  size_t Index(Key key) const {
    __extension__ using Wide = unsigned __int128;
    return size_t((Wide(key) * entries_.size()) >> 64);
  }
  // The slot's index comes from the key's high bits, so the check takes the
  // low ones: bits the index already fixed would tell nothing apart.
  static uint32_t Check(Key key) { return uint32_t(key); }
  TtEntry& Slot(Key key) { return entries_[Index(key)]; }
  const TtEntry& Slot(Key key) const { return entries_[Index(key)]; }
  std::vector<TtEntry> entries_;
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_TRANSPOSITION_TABLE_H_
