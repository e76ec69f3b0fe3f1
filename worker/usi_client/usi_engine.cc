#include "worker/usi_client/usi_engine.h"

#include <algorithm>
#include <map>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "common/first_word.h"
#include "common/valid_text.h"

namespace judkins {

void ParseInfo(absl::string_view line, SearchReport& report) {
  absl::string_view rest = line;
  TakeWord(rest);  // "info"
  for (absl::string_view word = TakeWord(rest); !word.empty(); word = TakeWord(rest)) {
    // SimpleAtoi zeroes its output when it fails: a garbled value must not.
    if (word == "depth") {
      if (int depth = 0; absl::SimpleAtoi(TakeWord(rest), &depth)) report.depth = depth;
    } else if (word == "nodes") {
      if (uint64_t nodes = 0; absl::SimpleAtoi(TakeWord(rest), &nodes)) report.nodes = nodes;
    } else if (word == "score") {
      const absl::string_view kind = TakeWord(rest);
      int value = 0;
      if (!absl::SimpleAtoi(TakeWord(rest), &value)) continue;
      if (kind == "cp") {
        report.score_cp = value;
        report.mate_plies.reset();
      } else if (kind == "mate") {
        report.mate_plies = value;
        report.score_cp.reset();
      }
    } else if (word == "pv" || word == "string") {
      break;  // the rest is moves or free text
    }
  }
}

absl::StatusOr<absl::string_view> UsiEngine::NextLine(absl::Time deadline) {
  absl::StatusOr<absl::string_view> line = process_->NextLine(deadline);
  // Nothing the engine prints travels further as it came: one byte that is
  // not UTF-8 in a reason would make the whole report unreadable.
  if (!line.ok() || IsValidText(*line)) return line;
  cleaned_line_ = ValidText(*line);
  return absl::string_view(cleaned_line_);
}

absl::Status UsiEngine::Fail(absl::Status status) {
  process_.reset();  // the destructor kills and reaps it
  return status;
}

absl::Status UsiEngine::WaitFor(absl::string_view token, absl::Time deadline) {
  while (true) {
    absl::StatusOr<absl::string_view> line = NextLine(deadline);
    if (!line.ok()) return line.status();
    // Blank lines, "info string loading ..." and the like come while an
    // engine loads; some pad their answers with spaces.
    if (absl::StripAsciiWhitespace(*line) == token) return absl::OkStatus();
  }
}

namespace {

// The options an engine listed before usiok: each lower-case name, and the
// line that listed it.
using ListedOptions = std::map<std::string, std::string>;

// The word after `key` ("type", "min", "max") in an "option name ..." line.
std::optional<absl::string_view> OptionWord(absl::string_view line, absl::string_view key) {
  std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
  for (size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] == key) return words[i + 1];
  return std::nullopt;
}

// The options shogi GUIs send every engine before isready, unless the
// configuration sets them itself: USI_Ponder false (the referee never
// ponders) and the hash size, under the name the engine lists (an engine
// listing "Hash" but not "USI_Hash" reads the hash size there).
std::vector<std::pair<std::string, std::string>> GuiOptions(const EngineConfig& config, const ListedOptions& listed) {
  auto set_by_config = [&](absl::string_view name) {
    return std::any_of(config.options.begin(), config.options.end(),
                       [&](const auto& option) { return absl::EqualsIgnoreCase(option.first, name); });
  };
  auto listing = [&](absl::string_view name) -> const std::string* {
    const auto found = listed.find(absl::AsciiStrToLower(name));
    return found == listed.end() ? nullptr : &found->second;
  };
  std::vector<std::pair<std::string, std::string>> options;
  if (!set_by_config("USI_Ponder")) options.emplace_back("USI_Ponder", "false");
  if (!set_by_config("USI_Hash") && !set_by_config("Hash") && config.hash_mb > 0) {
    const char* name = listing("Hash") && !listing("USI_Hash") ? "Hash" : "USI_Hash";
    int64_t megabytes = config.hash_mb;
    // An engine whose table tops out lower gets its most, as a GUI's dialog allows.
    if (const std::string* line = listing(name))
      if (int64_t most = 0; absl::SimpleAtoi(OptionWord(*line, "max").value_or(""), &most) && most < megabytes)
        megabytes = most;
    options.emplace_back(name, absl::StrCat(megabytes));
  }
  return options;
}

// What a value given to a listed option must be, from its "option name ..."
// line: within a spin's min and max, true or false for a check, one of a
// combo's vars. An engine answers a value it refuses with at most an "info
// string", and plays on without it: a test would measure something else.
absl::Status CheckOptionValue(absl::string_view line, absl::string_view name, absl::string_view value) {
  auto after = [&](absl::string_view key) { return OptionWord(line, key); };
  const absl::string_view type = after("type").value_or("");
  if (type == "spin") {
    int64_t low = 0, high = 0, given = 0;
    const std::optional<absl::string_view> min = after("min"), max = after("max");
    if (!min || !max || !absl::SimpleAtoi(*min, &low) || !absl::SimpleAtoi(*max, &high)) return absl::OkStatus();
    if (!absl::SimpleAtoi(value, &given) || given < low || given > high)
      return absl::InvalidArgumentError(
          absl::StrCat("its option ", name, " takes ", low, " to ", high, ", not ", Quoted(value)));
  } else if (type == "check") {
    if (value != "true" && value != "false")
      return absl::InvalidArgumentError(absl::StrCat("its option ", name, " takes true or false, not ", Quoted(value)));
  } else if (type == "combo") {
    std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
    std::vector<absl::string_view> vars;
    for (size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i] == "var") vars.push_back(words[i + 1]);
    if (!vars.empty() && std::none_of(vars.begin(), vars.end(),
                                      [&](absl::string_view var) { return absl::EqualsIgnoreCase(var, value); }))
      return absl::InvalidArgumentError(
          absl::StrCat("its option ", name, " takes one of ", absl::StrJoin(vars, ", "), ", not ", Quoted(value)));
  }
  return absl::OkStatus();
}

}  // namespace

// A "does not play" error names at most this many of the engine's variants.
constexpr size_t kVariantsShown = 12;

absl::Status UsiEngine::EnsureStarted(absl::Duration timeout) {
  if (process_) return absl::OkStatus();
  ProcessSpec spec{
      .argv = config_.command, .working_directory = config_.working_directory, .stderr_path = config_.stderr_path};
  absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start(spec);
  if (!process.ok()) return process.status();
  process_ = *std::move(process);
  told_to_quit_ = false;
  const absl::Time deadline = absl::Now() + timeout;
  if (absl::Status s = process_->WriteLine("usi"); !s.ok()) return Fail(s);
  // The options it lists before usiok: a setoption it does not know would
  // be ignored, and a test or tune would run without it.
  ListedOptions listed;
  std::string variant_option;               // UCI_Variant or USI_Variant, as the engine spells it
  std::vector<std::string> variants_known;  // its combo's values
  while (true) {
    absl::StatusOr<absl::string_view> line = NextLine(deadline);
    if (!line.ok())
      return Fail(
          absl::Status(line.status().code(), absl::StrCat(config_.name, ": no usiok: ", line.status().message())));
    if (*line == "usiok") break;
    if (absl::StartsWith(*line, "option name ")) {
      const size_t end = line->find(" type ");
      const absl::string_view name = line->substr(12, end == std::string::npos ? std::string::npos : end - 12);
      listed.emplace(absl::AsciiStrToLower(name), std::string(*line));
      if (absl::EqualsIgnoreCase(name, "UCI_Variant") || absl::EqualsIgnoreCase(name, "USI_Variant")) {
        variant_option = std::string(name);
        std::vector<absl::string_view> words = absl::StrSplit(*line, ' ', absl::SkipEmpty());
        for (size_t i = 0; i + 1 < words.size(); ++i) {
          const std::string value = absl::AsciiStrToLower(words[i + 1]);
          if ((words[i] == "var" || words[i] == "default") &&
              std::find(variants_known.begin(), variants_known.end(), value) == variants_known.end())
            variants_known.push_back(value);
        }
      }
    }
  }
  if (!config_.variant.empty() && !variant_option.empty()) {
    if (!variants_known.empty() && std::find(variants_known.begin(), variants_known.end(),
                                             absl::AsciiStrToLower(config_.variant)) == variants_known.end())
      return Fail(absl::InvalidArgumentError(
          absl::StrCat(config_.name, " does not play ", config_.variant, " (its ", variant_option, " lists ",
                       absl::StrJoin(variants_known.begin(),
                                     variants_known.begin() + std::min(variants_known.size(), kVariantsShown), ", "),
                       variants_known.size() > kVariantsShown ? ", ..." : "", ")")));
    if (absl::Status s =
            process_->WriteLine(absl::StrCat("setoption name ", variant_option, " value ", config_.variant));
        !s.ok())
      return Fail(s);
  }
  for (const auto& [name, value] : GuiOptions(config_, listed))
    if (absl::Status s = process_->WriteLine(absl::StrCat("setoption name ", name, " value ", value)); !s.ok())
      return Fail(s);
  for (const auto& [name, value] : config_.options) {
    // USI_ and UCI_ options are the protocol's own; engines need not list them.
    const std::string lower = absl::AsciiStrToLower(name);
    const auto found = listed.find(lower);
    if (!absl::StartsWith(lower, "usi_") && !absl::StartsWith(lower, "uci_") && found == listed.end())
      return Fail(absl::InvalidArgumentError(absl::StrCat(config_.name, " has no option '", name, "'")));
    if (found != listed.end())
      if (absl::Status s = CheckOptionValue(found->second, name, value); !s.ok())
        return Fail(absl::InvalidArgumentError(absl::StrCat(config_.name, ": ", s.message())));
    if (absl::Status s = process_->WriteLine(absl::StrCat("setoption name ", name, " value ", value)); !s.ok())
      return Fail(s);
  }
  if (absl::Status s = process_->WriteLine("isready"); !s.ok()) return Fail(s);
  if (absl::Status s = WaitFor("readyok", absl::Now() + config_.ready_timeout); !s.ok())
    return Fail(absl::Status(
        s.code(), absl::StrCat(config_.name, ": no readyok within ", absl::FormatDuration(config_.ready_timeout),
                               " (its ready timeout): ", s.message())));
  return absl::OkStatus();
}

absl::Status UsiEngine::NewGame(absl::Duration timeout) {
  if (absl::Status s = EnsureStarted(timeout); !s.ok()) return s;
  if (absl::Status s = process_->WriteLines({"usinewgame", "isready"}); !s.ok()) return Fail(s);
  if (absl::Status s = WaitFor("readyok", absl::Now() + timeout); !s.ok())
    return Fail(absl::Status(s.code(), absl::StrCat(config_.name, ": no readyok after usinewgame: ", s.message())));
  return absl::OkStatus();
}

absl::StatusOr<EngineMove> UsiEngine::Think(const std::string& position_command, const std::string& go_command,
                                            absl::Time deadline) {
  if (!process_) return absl::FailedPreconditionError("engine not started");
  const absl::Time start = absl::Now();
  // One write for both lines: half the system calls of the hottest path.
  if (absl::Status s = process_->WriteLines({position_command, go_command}); !s.ok()) return Fail(s);
  EngineMove move;
  while (true) {
    absl::StatusOr<absl::string_view> line = NextLine(deadline);
    if (!line.ok()) return Fail(line.status());
    if (absl::StartsWith(*line, "info string error")) {
      move.complaint = ValidText(line->substr(5), kMaxComplaintBytes);
    } else if (absl::StartsWith(*line, "info ")) {
      ParseInfo(*line, move.report);
    } else if (absl::StartsWith(*line, "bestmove")) {
      move.elapsed = absl::Now() - start;
      absl::string_view rest = *line;
      TakeWord(rest);  // "bestmove"
      const absl::string_view played = TakeWord(rest);
      if (played.empty()) return Fail(absl::DataLossError(absl::StrCat("bestmove without a move: ", Quoted(*line))));
      move.text = std::string(played);
      return move;
    }
  }
}

void UsiEngine::GameOver(absl::string_view result) {
  if (process_ && !process_->WriteLine(absl::StrCat("gameover ", result)).ok()) process_.reset();
}

void UsiEngine::Quit() {
  if (!process_ || told_to_quit_) return;
  (void)process_->WriteLine("quit");  // an engine gone already needs no telling
  told_to_quit_ = true;
}

void UsiEngine::Shutdown() {
  if (!process_) return;
  Quit();
  process_->Stop(absl::Milliseconds(500));
  process_.reset();
}

}  // namespace judkins
