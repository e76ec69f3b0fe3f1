// The read API's answer cache alone: when an answer is reused and when the
// store is read again; and the entity tags a client revalidates with.
#include "coordinator/http/answer_cache.h"

#include <gtest/gtest.h>

namespace judkins {
namespace {

const absl::Time kMade = absl::FromUnixSeconds(1'800'000'000);

HttpAnswer Answer(const std::string& body) { return HttpAnswer{.body = body}; }

TEST(AnswerCacheTest, AnAnswerIsReusedWhileNothingChangedForUpToItsMaximumAge) {
  AnswerCache cache;
  cache.Put("/api/v1/tests/1", 7, kMade, Answer("{}"));
  EXPECT_TRUE(cache.Find("/api/v1/tests/1", 7, kMade + kMaxAnswerAge));
  EXPECT_FALSE(cache.Find("/api/v1/tests/1", 7, kMade + kMaxAnswerAge + absl::Milliseconds(1)));
  EXPECT_FALSE(cache.Find("/api/v1/tests/2", 7, kMade)) << "another request";
}

TEST(AnswerCacheTest, AfterAChangeOnlyAFreshAnswerIsReused) {
  AnswerCache cache;
  cache.Put("/api/v1/tests/1", 7, kMade, Answer("{}"));
  EXPECT_TRUE(cache.Find("/api/v1/tests/1", 8, kMade + kFreshAnswerAge));
  EXPECT_FALSE(cache.Find("/api/v1/tests/1", 8, kMade + kFreshAnswerAge + absl::Milliseconds(1)));
}

TEST(AnswerCacheTest, ErrorsAreNeverKept) {
  AnswerCache cache;
  HttpAnswer missing = Answer("{}");
  missing.status = 404;
  cache.Put("/api/v1/tests/9", 7, kMade, missing);
  EXPECT_FALSE(cache.Find("/api/v1/tests/9", 7, kMade));
}

TEST(AnswerCacheTest, AKeptAnswerCarriesTheEntityTagOfItsBody) {
  AnswerCache cache;
  const std::string tag = cache.Put("/api/v1/tests/1", 7, kMade, Answer("{\"games\":2}"))->etag;
  EXPECT_EQ(tag, EntityTag("{\"games\":2}"));
  EXPECT_EQ(cache.Find("/api/v1/tests/1", 7, kMade)->etag, tag);
  EXPECT_NE(EntityTag("{\"games\":4}"), tag);
  EXPECT_EQ(tag.size(), 34u);  // 32 hex digits, quoted
  EXPECT_EQ(tag.front(), '"');
}

TEST(EntityTagTest, IfNoneMatchHitsTheTagStrongOrWeakAloneOrInAListOrAStar) {
  const std::string tag = EntityTag("{}");
  EXPECT_TRUE(IfNoneMatchHits(tag, tag));
  EXPECT_TRUE(IfNoneMatchHits("W/" + tag, tag));
  EXPECT_TRUE(IfNoneMatchHits("\"other\", " + tag, tag));
  EXPECT_TRUE(IfNoneMatchHits("*", tag));
  EXPECT_FALSE(IfNoneMatchHits("", tag));
  EXPECT_FALSE(IfNoneMatchHits("\"other\"", tag));
  EXPECT_FALSE(IfNoneMatchHits(tag.substr(1, 32), tag)) << "unquoted";
}

}  // namespace
}  // namespace judkins
