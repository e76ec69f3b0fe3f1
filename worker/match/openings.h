// Opening books: one start per line, an SFEN (or "startpos") optionally
// followed by "moves ...". Every line is checked with the rules of the book's
// variant on load.
#ifndef JUDKINS_WORKER_MATCH_OPENINGS_H_
#define JUDKINS_WORKER_MATCH_OPENINGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/rules/position.h"
#include "engine/rules/variant.h"

namespace judkins {

struct Opening {
  std::string sfen;                // the root
  std::vector<std::string> moves;  // USI moves played from it before the engines take over

  // The position after the opening's moves (history included); V must be
  // the variant of the book the opening came from.
  template <class V>
  BasicPosition<V> StartPosition() const;
};

class OpeningBook {
 public:
  static absl::StatusOr<OpeningBook> Load(const std::string& path, Variant variant);
  static absl::StatusOr<OpeningBook> Parse(absl::string_view text, absl::string_view name, Variant variant);
  // The variant's start position alone: for matches without a book.
  static OpeningBook StartOnly(Variant variant);
  Variant variant() const { return variant_; }
  int size() const { return int(openings_.size()); }
  const Opening& operator[](int index) const { return openings_[index]; }

 private:
  template <class V>
  static absl::StatusOr<OpeningBook> ParseAs(absl::string_view text, absl::string_view name);

  Variant variant_ = Variant::kJudkins;
  std::vector<Opening> openings_;
};

// The opening index for each pair: sequential from `start`, or shuffled with
// the seed (each opening once before any repeats), wrapping around the book.
std::vector<int> OpeningOrder(int book_size, int pairs, bool shuffle, uint64_t seed, int start = 0);

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_OPENINGS_H_
