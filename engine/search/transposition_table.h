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
  uint32_t check = 0;  // the key's low half, to tell positions sharing a cluster apart
  Move move;
  int16_t score = 0;
  int8_t depth = 0;
  Bound bound = Bound::kNone;
  uint8_t generation = 0;  // the search that stored or last found it; fits the padding
};

class TranspositionTable {
 public:
  // Entries share a cache line, so a probe costs one memory access however
  // many of them it looks at.
  static constexpr int kClusterSize = 5;
  // How many plies of depth one search of age weighs when an entry must go.
  static constexpr int kAgeWeight = 8;

  explicit TranspositionTable(int megabytes = 16) { Resize(megabytes); }
  void Resize(int megabytes);
  void Clear();
  // Starts a new search: entries stored before it age by one.
  void NewSearch() { ++generation_; }
  // The entry for key, if one is stored; found, it counts as this search's.
  const TtEntry* Probe(Key key);
  // Mate scores must already be relative to this node (see search.cc).
  void Store(Key key, Move move, int score, int depth, Bound bound);
  // Per mille of the entries in the first thousand clusters stored by this search.
  int Hashfull() const;

 private:
  static constexpr size_t kCacheLineBytes = 64;
  struct alignas(kCacheLineBytes) Cluster {
    TtEntry entries[kClusterSize];
  };
  static_assert(sizeof(Cluster) == kCacheLineBytes, "a cluster is one cache line");

  // Maps the key onto the table by the high half of a 128-bit product.
  Cluster& ClusterOf(Key key) {
    __extension__ using Wide = unsigned __int128;
    return clusters_[size_t((Wide(key) * clusters_.size()) >> 64)];
  }
  // The cluster comes from the key's high bits, so the check takes the low
  // ones: bits the index already fixed would tell nothing apart.
  static uint32_t Check(Key key) { return uint32_t(key); }
  static bool Holds(const TtEntry& entry, Key key) { return entry.bound != Bound::kNone && entry.check == Check(key); }
  // Searches since the entry was stored or last found (wraps at 256).
  int Age(const TtEntry& entry) const { return uint8_t(generation_ - entry.generation); }
  // What an entry is worth keeping: its depth, less kAgeWeight plies a search of age.
  int Worth(const TtEntry& entry) const { return entry.depth - kAgeWeight * Age(entry); }

  std::vector<Cluster> clusters_;
  uint8_t generation_ = 0;
};

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_SEARCH_TRANSPOSITION_TABLE_H_
