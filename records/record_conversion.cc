#include "records/record_conversion.h"

#include <array>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "records/csa_format.h"
#include "records/kif_format.h"

namespace judkins {
namespace {

std::string TagOr(const ParsedRecord& parsed, const std::string& name, absl::string_view otherwise = "") {
  auto it = parsed.tags.find(name);
  return it == parsed.tags.end() ? std::string(otherwise) : it->second;
}

// The Termination tag's word back to the termination (TerminationToken's inverse).
v1::Termination TerminationOf(absl::string_view word) {
  for (int t = v1::Termination_MIN; t <= v1::Termination_MAX; ++t)
    if (v1::Termination_IsValid(t) && TerminationToken(v1::Termination(t)) == word) return v1::Termination(t);
  return v1::TERMINATION_UNSPECIFIED;
}

// A move's comment as FormatGameRecord writes it: "6e6d +0.35/12 1.235s",
// "6e6d M5 0.100s" or "6e6d/3 0.100s" (no score). Words it cannot read are
// left out of the move rather than failing the record: a comment is not a rule.
void ReadComment(absl::string_view comment, PlayedMove& move) {
  std::vector<absl::string_view> words = absl::StrSplit(comment, ' ', absl::SkipEmpty());
  if (words.empty()) return;
  if (absl::Duration elapsed; absl::EndsWith(words.back(), "s") && absl::ParseDuration(words.back(), &elapsed)) {
    move.elapsed = elapsed;
    words.pop_back();
  }
  for (size_t i = 0; i < words.size(); ++i) {
    std::pair<absl::string_view, absl::string_view> value_depth = absl::StrSplit(words[i], absl::MaxSplits('/', 1));
    if (int depth = 0; absl::SimpleAtoi(value_depth.second, &depth)) move.report.depth = depth;
    absl::string_view value = value_depth.first;
    if (i == 0) {
      move.hodges = std::string(value);
    } else if (int plies = 0; absl::ConsumePrefix(&value, "M") && absl::SimpleAtoi(value, &plies)) {
      move.report.mate_plies = plies;
    } else if (double pawns = 0; absl::SimpleAtod(value, &pawns)) {
      move.report.score_cp = int(pawns * 100 + (pawns < 0 ? -0.5 : 0.5));
    }
  }
}

// What each format is called and how it is served, in RecordFormat's order.
struct FormatFacts {
  absl::string_view name, suffix, media_type;
  bool many_games;  // whether one file holds many (KIF's does not)
};
constexpr std::array<FormatFacts, 3> kFormats = {{
    {"pgn", ".pgn", "application/x-shogi-records", true},
    {"kif", ".kifu", "text/plain; charset=utf-8", false},
    {"csa", ".csa", "text/plain; charset=utf-8", true},
}};
const FormatFacts& FactsOf(RecordFormat format) { return kFormats[static_cast<size_t>(format)]; }

}  // namespace

absl::StatusOr<RecordFormat> ParseRecordFormat(absl::string_view name) {
  for (RecordFormat format : {RecordFormat::kPgn, RecordFormat::kKif, RecordFormat::kCsa})
    if (name == RecordFormatName(format)) return format;
  return absl::InvalidArgumentError(absl::StrCat("format must be pgn, kif or csa, not '", name, "'"));
}

absl::string_view RecordFormatName(RecordFormat format) { return FactsOf(format).name; }
absl::string_view RecordFileSuffix(RecordFormat format) { return FactsOf(format).suffix; }
absl::string_view RecordMediaType(RecordFormat format) { return FactsOf(format).media_type; }
bool HoldsManyGames(RecordFormat format) { return FactsOf(format).many_games; }

absl::StatusOr<GameRecord> GameOf(const ParsedRecord& parsed) {
  GameRecord game;
  game.variant = parsed.variant;
  game.black = TagOr(parsed, "Black");
  game.white = TagOr(parsed, "White");
  game.start_sfen = parsed.start_sfen;
  game.time_control = TagOr(parsed, "TimeControl");
  game.result = parsed.result;
  game.termination = TerminationOf(TagOr(parsed, "Termination"));
  game.reason = TagOr(parsed, "Reason");
  // Records written before the Time tag started at midnight, as far as they say.
  const std::string when = absl::StrCat(TagOr(parsed, "Date", "1970.01.01"), " ", TagOr(parsed, "Time", "00:00:00"));
  if (std::string error; !absl::ParseTime("%Y.%m.%d %H:%M:%S", when, absl::UTCTimeZone(), &game.started, &error))
    return absl::InvalidArgumentError(absl::StrCat("record's Date and Time tags: '", when, "': ", error));
  std::pair<std::string, std::string> round = absl::StrSplit(TagOr(parsed, "Round", "1.1"), absl::MaxSplits('.', 1));
  if (int pair = 0, in_pair = 0; absl::SimpleAtoi(round.first, &pair) && absl::SimpleAtoi(round.second, &in_pair)) {
    game.pair_index = pair - 1;
    game.game_in_pair = in_pair - 1;
  }
  (void)absl::SimpleAtoi(TagOr(parsed, "Opening", "0"), &game.opening_index);
  game.moves.reserve(parsed.moves.size());
  for (size_t i = 0; i < parsed.moves.size(); ++i) {
    PlayedMove& move = game.moves.emplace_back();
    move.usi = parsed.moves[i];
    if (i < parsed.comments.size()) ReadComment(parsed.comments[i], move);
  }
  return game;
}

// A "/" line separates two games in one CSA file (CSA standard format, V2.2 on).
absl::string_view GameSeparator(RecordFormat format) { return format == RecordFormat::kCsa ? "/\n" : ""; }

namespace {

// One game read back, in the format; errors name its number in the text.
absl::StatusOr<std::string> Convert(const ParsedRecord& record, RecordFormat format, size_t number) {
  absl::StatusOr<GameRecord> game = GameOf(record);
  absl::StatusOr<std::string> text = !game.ok()                     ? game.status()
                                     : format == RecordFormat::kKif ? FormatKif(*game)
                                     : format == RecordFormat::kCsa ? FormatCsa(*game)
                                                                    : FormatGameRecord(*game);
  if (!text.ok())
    return absl::Status(text.status().code(), absl::StrCat("game record ", number, ": ", text.status().message()));
  return text;
}

}  // namespace

absl::StatusOr<std::vector<std::string>> ConvertRecords(absl::string_view stored, RecordFormat format) {
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(stored);
  if (!parsed.ok()) return parsed.status();
  std::vector<std::string> games;
  games.reserve(parsed->size());
  for (const ParsedRecord& record : *parsed) {
    absl::StatusOr<std::string> text = Convert(record, format, games.size() + 1);
    if (!text.ok()) return text.status();
    games.push_back(*std::move(text));
  }
  return games;
}

absl::StatusOr<std::string> ConvertRecord(absl::string_view stored, RecordFormat format, int index) {
  absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(stored);
  if (!parsed.ok()) return parsed.status();
  if (index < 0 || size_t(index) >= parsed->size())
    return absl::DataLossError(
        absl::StrCat("game record ", index + 1, " asked of a text that holds ", parsed->size(), " readable games"));
  return Convert((*parsed)[index], format, size_t(index) + 1);
}

}  // namespace judkins
