#include "engine/usi/usi_loop.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/first_word.h"
#include "common/valid_text.h"
#include "engine/rules/edition.h"
#include "engine/usi/bench.h"
#include "engine/usi/board_diagram.h"
#include "engine/usi/info_line.h"

namespace judkins {
JUDKINS_EDITION_BEGIN
namespace {

constexpr int kDefaultHashMb = 16;
constexpr int kMaxHashMb = 65536;

absl::StatusOr<int64_t> NonNegative(absl::string_view name, absl::string_view text) {
  int64_t value = 0;
  if (!absl::SimpleAtoi(text, &value) || value < 0)
    return absl::InvalidArgumentError(absl::StrCat("'", name, "' needs a non-negative integer, got '", text, "'"));
  return value;
}

}  // namespace

UsiLoop::UsiLoop(std::istream& in, std::ostream& out, EvalParams params)
    : in_(in),
      out_(out),
      params_(std::move(params)),
      table_(kDefaultHashMb),
      searcher_(table_, params_),
      position_(Position::Start()) {
  // A tied input stream flushes the output before every read, from the reading
  // thread and outside output_mutex_: that races the search thread's writes
  // and can print a line twice. Write() flushes every line itself.
  in_.tie(nullptr);
}

UsiLoop::~UsiLoop() { FinishSearch(); }

void UsiLoop::Run() {
  std::string line;
  while (std::getline(in_, line))
    if (!Handle(line)) break;
  FinishSearch();
}

void UsiLoop::Write(absl::string_view text) {
  absl::MutexLock lock(&output_mutex_);
  out_ << text << std::endl;
}

bool UsiLoop::Handle(absl::string_view line) {
  const auto [command, args] = FirstWord(line);
  absl::Status status;
  if (command.empty()) return true;
  if (command == "quit") return false;
  if (command == "usi") {
    ListOptions();
  } else if (command == "isready") {
    Write("readyok");
  } else if (command == "setoption") {
    FinishSearch();
    status = SetOption(args);
  } else if (command == "usinewgame") {
    FinishSearch();
    table_.Clear();
    searcher_.NewGame();
  } else if (command == "position") {
    FinishSearch();
    status = SetPosition(args);
  } else if (command == "go") {
    FinishSearch();
    status = absl::StartsWith(args, "perft") ? Perft(args) : Go(args);
  } else if (command == "stop") {
    control_.stop = true;
    Release();
  } else if (command == "ponderhit") {
    control_.PonderHit();
    Release();
  } else if (command == "gameover") {
    FinishSearch();
  } else if (command == "d") {
    Write(absl::StripSuffix(BoardDiagram(position_), "\n"));
  } else if (command == "bench") {
    FinishSearch();
    int depth = kBenchDepth;
    if (!args.empty() && (!absl::SimpleAtoi(args, &depth) || depth < 1 || depth > 30))
      status = absl::InvalidArgumentError("bench takes a depth from 1 to 30");
    else {
      absl::MutexLock lock(&output_mutex_);
      RunBench(params_, depth, out_);
    }
  } else if (command == "params") {
    Write(absl::StripSuffix(ParamsCsv(params_), "\n"));
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("unknown command '", command, "'"));
  }
  if (!status.ok()) Write(absl::StrCat("info string error: ", status.message()));
  return true;
}

void UsiLoop::ListOptions() {
  const absl::string_view variant = VariantName(PlayedVariant::kVariant);
  std::string text = absl::StrCat("id name ", EngineProgram(), "\nid author the Judkins developers\n");
  absl::StrAppend(&text, "option name Hash type spin default ", kDefaultHashMb, " min 1 max ", kMaxHashMb, "\n");
  absl::StrAppend(&text, "option name USI_Ponder type check default false\n");
  absl::StrAppend(&text, "option name MoveOverhead type spin default 30 min 0 max 5000\n");
  absl::StrAppend(&text, "option name UCI_Variant type combo default ", variant, " var ", variant, "\n");
  absl::StrAppend(&text, "option name ParamsFile type string default <empty>\n");
  const auto registry = ParamRegistry();
  for (int slot = 0; slot < int(registry.size()); ++slot)
    if (IsTunable(slot))
      absl::StrAppend(&text, "option name ", registry[slot].name, " type spin default ", params_[slot], " min ",
                      registry[slot].min, " max ", registry[slot].max, "\n");
  text += "usiok";
  Write(text);
}

absl::Status UsiLoop::SetOption(absl::string_view args) {
  auto [keyword, rest] = FirstWord(args);
  if (keyword != "name") return absl::InvalidArgumentError("setoption needs 'name <id> [value <x>]'");
  absl::string_view name = rest, value;
  if (const size_t at = rest.find(" value "); at != absl::string_view::npos) {
    name = absl::StripAsciiWhitespace(rest.substr(0, at));
    value = absl::StripAsciiWhitespace(rest.substr(at + 7));
  }
  if (name.empty()) return absl::InvalidArgumentError("setoption needs an option name");
  if (absl::EqualsIgnoreCase(name, "UCI_Variant") || absl::EqualsIgnoreCase(name, "USI_Variant")) {
    const absl::string_view variant = VariantName(PlayedVariant::kVariant);
    if (!absl::EqualsIgnoreCase(value, variant))
      return absl::InvalidArgumentError(absl::StrCat("this edition plays only the variant '", variant, "', not ",
                                                     Quoted(value), " (judkins-engine-VARIANT plays the others)"));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "USI_Ponder")) return absl::OkStatus();  // pondering needs no setup
  if (absl::EqualsIgnoreCase(name, "ParamsFile")) return params_.LoadFile(std::string(value));
  absl::StatusOr<int64_t> number = NonNegative(name, value);
  // USI_Hash: shogi GUIs' name for it, sent whether or not it is listed.
  if (absl::EqualsIgnoreCase(name, "Hash") || absl::EqualsIgnoreCase(name, "USI_Hash")) {
    if (!number.ok() || *number < 1 || *number > kMaxHashMb)
      return absl::InvalidArgumentError(absl::StrCat("Hash must be 1 to ", kMaxHashMb, " MB, got '", value, "'"));
    table_.Resize(int(*number));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "MoveOverhead")) {
    if (!number.ok() || *number > 5000) return absl::InvalidArgumentError("MoveOverhead must be 0 to 5000 ms");
    move_overhead_ = absl::Milliseconds(*number);
    return absl::OkStatus();
  }
  int param_value = 0;
  if (FindParam(name) < 0) return absl::InvalidArgumentError(absl::StrCat("unknown option '", name, "'"));
  if (!absl::SimpleAtoi(value, &param_value))
    return absl::InvalidArgumentError(absl::StrCat("option ", name, " needs an integer, got '", value, "'"));
  return params_.Set(name, param_value);
}

absl::Status UsiLoop::SetPosition(absl::string_view args) {
  auto [kind, rest] = FirstWord(args);
  absl::string_view sfen, moves;
  if (kind == "startpos") {
    sfen = kStartSfen;
    moves = rest;
  } else if (kind == "sfen") {
    const size_t at = rest.find("moves");
    sfen = rest.substr(0, at);
    moves = at == absl::string_view::npos ? absl::string_view() : rest.substr(at);
  } else {
    return absl::InvalidArgumentError("position needs 'startpos' or 'sfen <sfen>'");
  }
  absl::StatusOr<Position> pos = Position::FromSfen(sfen);
  if (!pos.ok()) return pos.status();
  auto [keyword, move_list] = FirstWord(moves);
  if (!keyword.empty() && keyword != "moves")
    return absl::InvalidArgumentError(absl::StrCat("expected 'moves', got '", keyword, "'"));
  for (absl::string_view text : absl::StrSplit(move_list, ' ', absl::SkipWhitespace())) {
    absl::StatusOr<Move> move = ParseUsiMove(*pos, text);
    if (!move.ok()) return move.status();  // the previous position stays in force
    pos->DoMove(*move);
  }
  position_ = *std::move(pos);
  return absl::OkStatus();
}

absl::Status UsiLoop::Perft(absl::string_view args) {
  int depth = 0;
  if (!absl::SimpleAtoi(FirstWord(args).second, &depth) || depth < 1 || depth > 20)
    return absl::InvalidArgumentError("'go perft N' needs N from 1 to 20");
  std::string text;
  uint64_t total = 0;
  for (const auto& [move, nodes] : PerftDivide(position_, depth)) {
    absl::StrAppend(&text, MoveToUsi(move), ": ", nodes, "\n");
    total += nodes;
  }
  absl::StrAppend(&text, "\nNodes searched: ", total);
  Write(text);
  return absl::OkStatus();
}

absl::Status UsiLoop::Go(absl::string_view args) {
  SearchLimits limits;
  std::vector<absl::string_view> words = absl::StrSplit(args, ' ', absl::SkipWhitespace());
  for (size_t i = 0; i < words.size(); ++i) {
    const absl::string_view word = words[i];
    if (word == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (word == "ponder") {
      limits.ponder = true;
      continue;
    }
    if (i + 1 >= words.size()) return absl::InvalidArgumentError(absl::StrCat("'", word, "' needs a value"));
    absl::StatusOr<int64_t> value = NonNegative(word, words[++i]);
    if (!value.ok()) return value.status();
    const absl::Duration ms = absl::Milliseconds(*value);
    if (word == "btime")
      limits.time[kBlack] = ms;
    else if (word == "wtime")
      limits.time[kWhite] = ms;
    else if (word == "binc")
      limits.increment[kBlack] = ms;
    else if (word == "winc")
      limits.increment[kWhite] = ms;
    else if (word == "byoyomi")
      limits.byoyomi = ms;
    else if (word == "movetime")
      limits.movetime = ms;
    else if (word == "depth")
      limits.depth = int(std::min<int64_t>(*value, kMaxPly));
    else if (word == "nodes")
      limits.nodes = uint64_t(*value);
    else
      return absl::InvalidArgumentError(absl::StrCat("unknown go parameter '", word, "'"));
  }
  // A won impasse or declaration is claimed rather than played on.
  const DeclarationVerdict claim = JudgeDeclaration(position_, GameRules::For(PlayedVariant::kVariant));
  const bool claim_wins = (claim.outcome == Outcome::kBlackWins && position_.side_to_move() == kBlack) ||
                          (claim.outcome == Outcome::kWhiteWins && position_.side_to_move() == kWhite);
  if (claim_wins && !limits.ponder) {
    Write("bestmove win");
    return absl::OkStatus();
  }
  {
    absl::MutexLock lock(&release_mutex_);
    released_ = !(limits.infinite || limits.ponder);
  }
  control_.Start(limits.ponder);
  search_thread_.Start([this, pos = position_, limits]() mutable { SearchAndReport(std::move(pos), limits); });
  return absl::OkStatus();
}

void UsiLoop::SearchAndReport(Position pos, SearchLimits limits) {
  const SearchResult result = searcher_.Run(
      pos, limits, move_overhead_, [this](const SearchInfo& info) { Write(InfoLine(info)); }, control_);
  {
    // USI: after "go infinite" or "go ponder" the bestmove waits for stop/ponderhit.
    absl::MutexLock lock(&release_mutex_);
    release_mutex_.Await(absl::Condition(&released_));
  }
  if (result.best.is_none()) {
    Write("bestmove resign");
    return;
  }
  Write(absl::StrCat("bestmove ", MoveToUsi(result.best),
                     result.ponder.is_none() ? "" : absl::StrCat(" ponder ", MoveToUsi(result.ponder))));
}

void UsiLoop::Release() {
  absl::MutexLock lock(&release_mutex_);
  released_ = true;
}

void UsiLoop::FinishSearch() {
  control_.stop = true;  // harmless when idle: the next Go starts the control afresh
  Release();
  search_thread_.Wait();
}

JUDKINS_EDITION_END
}  // namespace judkins
