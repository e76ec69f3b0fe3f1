// Opening books: one start per line, an SFEN (or "startpos") optionally
// followed by "moves ...". Every line is checked with the rules on load.
#ifndef JUDKINS_WORKER_MATCH_OPENINGS_H_
#define JUDKINS_WORKER_MATCH_OPENINGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/rules/position.h"

namespace judkins {

struct Opening {
  std::string sfen;                // the root
  std::vector<std::string> moves;  // USI moves played from it before the engines take over

  // The position after the opening's moves (history included).
  Position StartPosition() const;
};

class OpeningBook {
 public:
  static absl::StatusOr<OpeningBook> Load(const std::string& path);
  static absl::StatusOr<OpeningBook> Parse(absl::string_view text, absl::string_view name);
  // The start position alone: for matches without a book.
  static OpeningBook StartOnly();
  int size() const { return int(openings_.size()); }
  const Opening& operator[](int index) const { return openings_[index]; }

 private:
  std::vector<Opening> openings_;
};

// The opening index for each pair: sequential from `start`, or shuffled with
// the seed (each opening once before any repeats), wrapping around the book.
std::vector<int> OpeningOrder(int book_size, int pairs, bool shuffle, uint64_t seed, int start = 0);

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_OPENINGS_H_
