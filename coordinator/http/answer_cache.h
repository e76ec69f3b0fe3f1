// Answers of the read API kept while nothing changed: a page open in many
// browsers, or a script polling a test, costs one store read per change
// rather than one per request. An answer is reused while the change feed's
// version is the one it was made at, and for at most kMaxAnswerAge (some
// changes, such as a heartbeat, do not move the feed). While reports stream
// in, the feed moves every few milliseconds; an answer younger than
// kFreshAnswerAge is then reused anyway, so a hot path costs at most one
// store read per kFreshAnswerAge, and a reader is never more than that
// behind (the event streams are not cached: they carry each change). Each
// kept answer has an entity tag, so a poller that sends it back
// (If-None-Match) is told 304 Not Modified without the body.
#ifndef JUDKINS_COORDINATOR_HTTP_ANSWER_CACHE_H_
#define JUDKINS_COORDINATOR_HTTP_ANSWER_CACHE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "coordinator/http/http_answer.h"

namespace judkins {

inline constexpr absl::Duration kMaxAnswerAge = absl::Seconds(1);
inline constexpr absl::Duration kFreshAnswerAge = absl::Milliseconds(100);
inline constexpr size_t kMaxCachedAnswers = 4096;  // then the cache starts over

class AnswerCache {
 public:
  // The answer to `request` (path and query) made at `version`, if still fresh.
  std::shared_ptr<const HttpAnswer> Find(const std::string& request, uint64_t version, absl::Time now) {
    absl::MutexLock lock(&mutex_);
    auto it = answers_.find(request);
    if (it == answers_.end()) return nullptr;
    const absl::Duration age = now - it->second.made;
    if (age > kFreshAnswerAge && (it->second.version != version || age > kMaxAnswerAge)) return nullptr;
    return it->second.answer;
  }
  // Keeps a successful answer, with its entity tag, and gives it back; errors
  // are given back as they are, never kept.
  std::shared_ptr<const HttpAnswer> Put(const std::string& request, uint64_t version, absl::Time now,
                                        HttpAnswer answer) {
    if (answer.status != 200) return std::make_shared<const HttpAnswer>(std::move(answer));
    answer.etag = EntityTag(answer.body);
    auto kept = std::make_shared<const HttpAnswer>(std::move(answer));
    absl::MutexLock lock(&mutex_);
    if (answers_.size() >= kMaxCachedAnswers) answers_.clear();
    answers_[request] = {version, now, kept};
    return kept;
  }

 private:
  struct Entry {
    uint64_t version;
    absl::Time made;
    std::shared_ptr<const HttpAnswer> answer;  // shared with the requests sending it
  };
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, Entry> answers_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_ANSWER_CACHE_H_
