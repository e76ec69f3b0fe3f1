#include "records/game_record_format.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/rules/notation.h"
#include "engine/rules/position.h"
#include "engine/rules/variant.h"

namespace judkins {
namespace {

constexpr int64_t kCentipawnsPerPawn = 100;
constexpr int64_t kNanosecondsPerMillisecond = 1'000'000;
constexpr int64_t kMillisecondsPerSecond = 1'000;

// "+0.35" for 35 centipawns: printf's "%+.2f" of pawns, without going
// through floating point (a record is written for every game).
void AppendPawns(std::string& out, int centipawns) {
  const int64_t magnitude = std::abs(int64_t{centipawns});
  absl::StrAppend(&out, centipawns < 0 ? "-" : "+", magnitude / kCentipawnsPerPawn, ".",
                  absl::Dec(magnitude % kCentipawnsPerPawn, absl::kZeroPad2));
}

// "1.235s": printf's "%.3fs" of the seconds, to the nearest millisecond; a
// negative time (the wall clock stepped back mid-move) as none.
void AppendSeconds(std::string& out, absl::Duration elapsed) {
  const int64_t nanoseconds = std::max<int64_t>(0, absl::ToInt64Nanoseconds(elapsed));
  const int64_t milliseconds = (nanoseconds + kNanosecondsPerMillisecond / 2) / kNanosecondsPerMillisecond;
  absl::StrAppend(&out, milliseconds / kMillisecondsPerSecond, ".",
                  absl::Dec(milliseconds % kMillisecondsPerSecond, absl::kZeroPad3), "s");
}

// The comment after a move: its Hodges notation, the mover's score (pawns,
// or M and plies to mate), the depth and the time it took.
void AppendComment(std::string& out, const PlayedMove& move) {
  absl::StrAppend(&out, "{", move.hodges);
  if (move.report.mate_plies) {
    absl::StrAppend(&out, " M", *move.report.mate_plies);
  } else if (move.report.score_cp) {
    out += ' ';
    AppendPawns(out, *move.report.score_cp);
  }
  if (move.report.depth) absl::StrAppend(&out, "/", move.report.depth);
  out += ' ';
  AppendSeconds(out, move.elapsed);
  out += '}';
}

}  // namespace

absl::string_view ResultToken(v1::GameResult result) {
  switch (result) {
    case v1::GAME_RESULT_BLACK_WINS:
      return "1-0";
    case v1::GAME_RESULT_WHITE_WINS:
      return "0-1";
    case v1::GAME_RESULT_DRAW:
      return "1/2-1/2";
    default:
      return "*";
  }
}

absl::string_view TerminationToken(v1::Termination termination) {
  switch (termination) {
    case v1::TERMINATION_CHECKMATE:
      return "checkmate";
    case v1::TERMINATION_RESIGNATION:
      return "resignation";
    case v1::TERMINATION_NO_LEGAL_MOVES:
      return "no legal moves";
    case v1::TERMINATION_REPETITION:
      return "repetition";
    case v1::TERMINATION_PERPETUAL_CHECK:
      return "perpetual check";
    case v1::TERMINATION_IMPASSE:
      return "impasse";
    case v1::TERMINATION_IMPASSE_CLAIM:
      return "impasse claim";
    case v1::TERMINATION_ILLEGAL_MOVE:
      return "illegal move";
    case v1::TERMINATION_TIME_FORFEIT:
      return "time forfeit";
    case v1::TERMINATION_CRASH:
      return "crash";
    case v1::TERMINATION_UNRESPONSIVE:
      return "unresponsive";
    case v1::TERMINATION_ADJUDICATED_RESIGN:
      return "adjudication";
    case v1::TERMINATION_ADJUDICATED_DRAW:
      return "draw adjudication";
    case v1::TERMINATION_MAX_LENGTH:
      return "maximum length";
    case v1::TERMINATION_ABORTED:
      return "aborted";
    default:
      return "unknown";
  }
}

// The first tag of every record (FormatGameRecord).
constexpr absl::string_view kFirstTag = "[Event \"";

int CountGameRecords(absl::string_view text) {
  const std::string opening = absl::StrCat("\n", kFirstTag);  // a record after another
  int count = absl::StartsWith(text, kFirstTag) ? 1 : 0;
  for (size_t at = text.find(opening); at != absl::string_view::npos; at = text.find(opening, at + 1)) ++count;
  return count;
}

std::string FormatGameRecord(const GameRecord& record) {
  std::string text;
  auto tag = [&](absl::string_view name, absl::string_view value) {
    std::string escaped = absl::StrReplaceAll(value, {{"\\", "\\\\"}, {"\"", "\\\""}});
    absl::StrAppend(&text, "[", name, " \"", escaped, "\"]\n");
  };
  absl::StrAppend(&text, kFirstTag, "judkins-worker match\"]\n");
  tag("Date", absl::FormatTime("%Y.%m.%d", record.started, absl::UTCTimeZone()));
  tag("Time", absl::FormatTime("%H:%M:%S", record.started, absl::UTCTimeZone()));
  tag("Round", absl::StrCat(record.pair_index + 1, ".", record.game_in_pair + 1));
  tag("Black", record.black);
  tag("White", record.white);
  tag("Result", ResultToken(record.result));
  tag("Variant", VariantName(record.variant));
  tag("SFEN", record.start_sfen);
  tag("Termination", TerminationToken(record.termination));
  tag("Reason", record.reason);
  tag("TimeControl", record.time_control);
  tag("Opening", absl::StrCat(record.opening_index));
  tag("PlyCount", absl::StrCat(record.moves.size()));
  text += "\n";
  const Color first = WithVariant(
      record.variant, [&]<class V>(V) { return BasicPosition<V>::FromSfen(record.start_sfen)->side_to_move(); });
  std::string line;
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const bool black_moves = (i % 2 == 0) == (first == kBlack);
    const size_t number = (i + (first == kBlack ? 0 : 1)) / 2 + 1;
    if (black_moves)
      absl::StrAppend(&line, number, ". ");
    else if (i == 0)
      absl::StrAppend(&line, number, "... ");
    absl::StrAppend(&line, record.moves[i].usi, " ");
    AppendComment(line, record.moves[i]);
    line += ' ';
    if (line.size() > 80) {
      absl::StrAppend(&text, absl::StripTrailingAsciiWhitespace(line), "\n");
      line.clear();
    }
  }
  absl::StrAppend(&text, line, ResultToken(record.result), "\n\n");
  return text;
}

absl::StatusOr<std::vector<ParsedRecord>> ParseGameRecords(absl::string_view text) {
  std::vector<ParsedRecord> records;
  ParsedRecord current;
  bool in_moves = false;
  auto error = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("game record ", records.size() + 1, ": ", why));
  };
  auto finish = [&]() -> absl::Status {
    // Records written before the tag existed are Judkins games.
    auto variant_tag = current.tags.find("Variant");
    current.variant = Variant::kJudkins;
    if (variant_tag != current.tags.end()) {
      absl::StatusOr<Variant> variant = ParseVariant(variant_tag->second);
      if (!variant.ok()) return error(variant.status().message());
      current.variant = *variant;
    }
    auto it = current.tags.find("SFEN");
    const absl::Status replayed = WithVariant(current.variant, [&]<class V>(V) -> absl::Status {
      current.start_sfen = it == current.tags.end() ? std::string(V::kStartSfen) : it->second;
      absl::StatusOr<BasicPosition<V>> pos = BasicPosition<V>::FromSfen(current.start_sfen);
      if (!pos.ok()) return pos.status();
      for (const std::string& text_move : current.moves) {
        absl::StatusOr<Move> move = ParseUsiMove(*pos, text_move);
        if (!move.ok()) return move.status();
        pos->DoMove(*move);
      }
      return absl::OkStatus();
    });
    if (!replayed.ok()) return error(replayed.message());
    records.push_back(std::move(current));
    current = ParsedRecord();
    in_moves = false;
    return absl::OkStatus();
  };
  std::string body(text);
  size_t i = 0;
  while (i < body.size()) {
    const char c = body[i];
    if (absl::ascii_isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '[' && !in_moves) {
      const size_t end = body.find("\"]", i);
      const size_t quote = body.find('"', i);
      if (end == std::string::npos || quote > end) return error("malformed tag line");
      const std::string name(absl::StripAsciiWhitespace(body.substr(i + 1, quote - i - 1)));
      std::string value = body.substr(quote + 1, end - quote - 1);
      value = absl::StrReplaceAll(value, {{"\\\"", "\""}, {"\\\\", "\\"}});
      current.tags[name] = value;
      i = end + 2;
    } else if (c == '{') {
      const size_t end = body.find('}', i);
      if (end == std::string::npos) return error("unterminated comment");
      if (!current.moves.empty()) current.comments.back() = body.substr(i + 1, end - i - 1);
      i = end + 1;
    } else {
      in_moves = true;
      size_t end = i;
      while (end < body.size() && !absl::ascii_isspace(static_cast<unsigned char>(body[end])) && body[end] != '{')
        ++end;
      const std::string token = body.substr(i, end - i);
      i = end;
      if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
        current.result = token == "1-0"       ? v1::GAME_RESULT_BLACK_WINS
                         : token == "0-1"     ? v1::GAME_RESULT_WHITE_WINS
                         : token == "1/2-1/2" ? v1::GAME_RESULT_DRAW
                                              : v1::GAME_RESULT_UNSPECIFIED;
        if (absl::Status s = finish(); !s.ok()) return s;
      } else if (!token.empty() && absl::ascii_isdigit(static_cast<unsigned char>(token[0])) && token.back() == '.') {
        continue;  // a move number: "12." or "12..."
      } else {
        current.moves.push_back(token);
        current.comments.emplace_back();
      }
    }
  }
  if (in_moves || !current.tags.empty()) return error("missing result at the end");
  return records;
}

}  // namespace judkins
