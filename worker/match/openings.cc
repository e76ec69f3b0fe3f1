#include "worker/match/openings.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/read_file.h"
#include "engine/rules/game_status.h"
#include "engine/rules/notation.h"

namespace judkins {

template <class V>
BasicPosition<V> Opening::StartPosition() const {
  BasicPosition<V> pos = *BasicPosition<V>::FromSfen(sfen);  // checked on load
  for (const std::string& move : moves) pos.DoMove(*ParseUsiMove(pos, move));
  return pos;
}
template BasicPosition<variants::Judkins> Opening::StartPosition<variants::Judkins>() const;
template BasicPosition<variants::Shogi> Opening::StartPosition<variants::Shogi>() const;
template BasicPosition<variants::Minishogi> Opening::StartPosition<variants::Minishogi>() const;

absl::StatusOr<OpeningBook> OpeningBook::Load(const std::string& path, Variant variant) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return absl::NotFoundError(absl::StrCat("cannot read opening book '", path, "'"));
  return Parse(*text, path, variant);
}

absl::StatusOr<OpeningBook> OpeningBook::Parse(absl::string_view text, absl::string_view name, Variant variant) {
  return WithVariant(variant, [&]<class V>(V) { return ParseAs<V>(text, name); });
}

template <class V>
absl::StatusOr<OpeningBook> OpeningBook::ParseAs(absl::string_view text, absl::string_view name) {
  OpeningBook book;
  book.variant_ = V::kVariant;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat(name, ":", line_number, ": ", why));
    };
    Opening opening;
    const size_t at = line.find("moves");
    absl::string_view root = absl::StripAsciiWhitespace(line.substr(0, at));
    opening.sfen = root == "startpos" ? std::string(V::kStartSfen) : std::string(root);
    absl::StatusOr<BasicPosition<V>> pos = BasicPosition<V>::FromSfen(opening.sfen);
    if (!pos.ok()) return error(pos.status().message());
    if (at != absl::string_view::npos)
      for (absl::string_view text_move : absl::StrSplit(line.substr(at + 5), ' ', absl::SkipWhitespace())) {
        absl::StatusOr<Move> move = ParseUsiMove(*pos, text_move);
        if (!move.ok()) return error(move.status().message());
        pos->DoMove(*move);
        opening.moves.emplace_back(text_move);
      }
    if (EvaluateGameStatus(*pos, GameRules::For(V::kVariant)).over()) return error("the game is already over");
    book.openings_.push_back(std::move(opening));
  }
  if (book.openings_.empty()) return absl::InvalidArgumentError(absl::StrCat(name, ": no openings"));
  return book;
}

OpeningBook OpeningBook::StartOnly(Variant variant) {
  OpeningBook book;
  book.variant_ = variant;
  book.openings_.push_back({std::string(WithVariant(variant, []<class V>(V) { return V::kStartSfen; })), {}});
  return book;
}

std::vector<int> OpeningOrder(int book_size, int pairs, bool shuffle, uint64_t seed, int start) {
  std::vector<int> cycle(book_size);
  std::iota(cycle.begin(), cycle.end(), 0);
  if (shuffle) std::shuffle(cycle.begin(), cycle.end(), std::mt19937_64(seed));
  std::vector<int> order;
  for (int i = 0; i < pairs; ++i) order.push_back(cycle[(start + i) % book_size]);
  return order;
}

}  // namespace judkins
