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

// The cluster is chosen by the key's high bits, so the check must come from
// bits the cluster does not already share: keys alike above and apart below
// share a cluster and must still be told apart.
TEST(TranspositionTableTest, KeysSharingTheClusterAndTheHighHalfAreToldApart) {
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

// Keys alike in their high bits share a cluster (see KeysSharingTheCluster...).
Key SameCluster(int i) { return kKey ^ Key(i + 1); }

TEST(TranspositionTableTest, AFullClusterGivesUpItsShallowestEntry) {
  TranspositionTable table(1);
  const int depths[TranspositionTable::kClusterSize] = {10, 9, 3, 8, 7};
  for (int i = 0; i < TranspositionTable::kClusterSize; ++i)
    table.Store(SameCluster(i), Move(), 0, depths[i], Bound::kExact);
  table.Store(SameCluster(TranspositionTable::kClusterSize), Move(), 0, 4, Bound::kExact);
  for (int i = 0; i < TranspositionTable::kClusterSize; ++i)
    EXPECT_EQ(table.Probe(SameCluster(i)) != nullptr, depths[i] != 3) << "the entry of depth " << depths[i];
  EXPECT_NE(table.Probe(SameCluster(TranspositionTable::kClusterSize)), nullptr);
}

// An old search's result is about positions the game has mostly left behind.
TEST(TranspositionTableTest, AnOldSearchsDeepEntryGoesBeforeThisSearchsShallowerOnes) {
  TranspositionTable table(1);
  table.Store(SameCluster(0), Move(), 0, 10, Bound::kExact);
  table.NewSearch();
  for (int i = 1; i <= TranspositionTable::kClusterSize; ++i) table.Store(SameCluster(i), Move(), 0, 5, Bound::kExact);
  EXPECT_EQ(table.Probe(SameCluster(0)), nullptr);
  for (int i = 1; i <= TranspositionTable::kClusterSize; ++i) EXPECT_NE(table.Probe(SameCluster(i)), nullptr) << i;
}

TEST(TranspositionTableTest, AnEntryFoundByThisSearchDoesNotAge) {
  TranspositionTable table(1);
  table.Store(SameCluster(0), Move(), 0, 10, Bound::kExact);
  table.NewSearch();
  ASSERT_NE(table.Probe(SameCluster(0)), nullptr);
  for (int i = 1; i <= TranspositionTable::kClusterSize; ++i) table.Store(SameCluster(i), Move(), 0, 5, Bound::kExact);
  EXPECT_NE(table.Probe(SameCluster(0)), nullptr);
}

TEST(TranspositionTableTest, HashfullCountsOnlyThisSearchsEntries) {
  TranspositionTable table(1);
  EXPECT_EQ(table.Hashfull(), 0);
  Key key = kKey;
  for (int i = 0; i < 1 << 20; ++i) {
    key = key * 6364136223846793005ULL + 1442695040888963407ULL;  // a full-period sequence of keys
    table.Store(key, Move(), 0, 1, Bound::kExact);
  }
  EXPECT_GE(table.Hashfull(), 990);
  table.NewSearch();
  EXPECT_EQ(table.Hashfull(), 0);
}

}  // namespace
}  // namespace judkins
