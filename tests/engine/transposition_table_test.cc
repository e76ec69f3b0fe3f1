#include "engine/search/transposition_table.h"

#include <gtest/gtest.h>

#include "engine/rules/edition.h"

namespace judkins {
namespace {

constexpr Key kKey = 0x9e3779b97f4a7c15ULL;

TEST(TranspositionTableTest, AStoredPositionIsFoundWithWhatWasStored) {
  TranspositionTable table(1);
  table.Store(kKey, Move(), 123, 7, Bound::kLower);
  const TtEntry* entry = table.Probe(kKey);
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->score, 123);
  EXPECT_EQ(entry->depth, 7);
  EXPECT_EQ(entry->bound, Bound::kLower);
}

// The slot is chosen by the key's high bits, so the check must come from bits
// the slot does not already share: keys alike above and apart below share a
// slot and must still be told apart.
TEST(TranspositionTableTest, KeysSharingTheSlotAndTheHighHalfAreToldApart) {
  TranspositionTable table(1);
  table.Store(kKey, Move(), 123, 7, Bound::kExact);
  for (const Key low_bit : {Key{1}, Key{1} << 16, Key{1} << 31})
    EXPECT_EQ(table.Probe(kKey ^ low_bit), nullptr) << "the key differing in bit mask " << low_bit;
}

TEST(TranspositionTableTest, AShallowerBoundDoesNotReplaceADeeperResultForTheSamePosition) {
  TranspositionTable table(1);
  table.Store(kKey, Move(), 50, 12, Bound::kExact);
  table.Store(kKey, Move(), -40, 3, Bound::kUpper);
  ASSERT_NE(table.Probe(kKey), nullptr);
  EXPECT_EQ(table.Probe(kKey)->depth, 12);
}

}  // namespace
}  // namespace judkins
