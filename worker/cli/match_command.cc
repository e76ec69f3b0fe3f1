#include "worker/cli/match_command.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include <google/protobuf/util/json_util.h>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/grouped_options.h"
#include "common/stop_signals.h"
#include "worker/match/report.h"

namespace judkins {
namespace {

absl::Status Invalid(absl::string_view option, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("--", option, ": ", why));
}

template <typename T>
absl::Status Number(absl::string_view option, absl::string_view text, T& value) {
  if constexpr (std::is_floating_point_v<T>) {
    if (!absl::SimpleAtod(text, &value)) return Invalid(option, absl::StrCat("'", text, "' is not a number"));
  } else {
    if (!absl::SimpleAtoi(text, &value)) return Invalid(option, absl::StrCat("'", text, "' is not an integer"));
  }
  return absl::OkStatus();
}

absl::StatusOr<TimeControl> ParseTimeControl(absl::string_view kind, absl::string_view value) {
  if (kind == "tc") return TimeControl::Fischer(value);
  if (kind == "byoyomi") return TimeControl::Byoyomi(value);
  if (kind == "movetime") return TimeControl::Movetime(value);
  if (kind == "nodes") return TimeControl::Nodes(value);
  return TimeControl::Depth(value);
}

bool IsTimeControlKind(absl::string_view name) {
  return name == "tc" || name == "byoyomi" || name == "movetime" || name == "nodes" || name == "depth";
}

// One --engine group: the engine and, optionally, its own time control.
struct EngineEntry {
  EngineConfig config;
  std::optional<TimeControl> time_control;
};

// Applies one engine's (or --each's) key=value words to its configuration.
absl::Status ApplyEngineKeys(const OptionGroup& group, EngineEntry& entry) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(group);
  if (!pairs.ok()) return pairs.status();
  EngineConfig& engine = entry.config;
  for (const auto& [key, value] : *pairs) {
    if (IsTimeControlKind(key)) {
      absl::StatusOr<TimeControl> control = ParseTimeControl(key, value);
      if (!control.ok()) return Invalid(group.name, control.status().message());
      if (entry.time_control) return Invalid(group.name, "only one time control per engine");
      entry.time_control = *control;
    } else if (key == "cmd") engine.command.insert(engine.command.begin(), value);
    else if (key == "arg") engine.command.push_back(value);
    else if (key == "name") engine.name = value;
    else if (key == "dir") engine.working_directory = value;
    else if (key == "stderr") engine.stderr_path = value;
    else if (key == "swap-clocks" && (value == "true" || value == "false")) engine.swap_clocks = value == "true";
    else if (absl::StartsWith(key, "option.") && key.size() > 7) engine.options.emplace_back(key.substr(7), value);
    else return Invalid(group.name, absl::StrCat("unknown key '", key,
                                                 "' (cmd, arg, name, dir, stderr, swap-clocks, option.NAME, tc, byoyomi, movetime, nodes, depth)"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<MatchCommand> ParseMatchCommand(const std::vector<std::string>& words) {
  absl::StatusOr<std::vector<OptionGroup>> groups = ParseGroupedOptions(words);
  if (!groups.ok()) return groups.status();
  MatchCommand command;
  MatchSettings& settings = command.settings;
  std::vector<EngineEntry> engines;
  std::optional<OptionGroup> each;
  std::optional<TimeControl> time_control;
  std::string openings_path;
  bool shuffle = false;
  int games = 0, pairs = 0;
  for (const OptionGroup& group : *groups) {
    const std::string& name = group.name;
    auto single = [&]() { return SingleValue(group); };
    absl::StatusOr<std::string> value;
    auto set_time_control = [&](absl::StatusOr<TimeControl> parsed) -> absl::Status {
      if (!parsed.ok()) return Invalid(name, parsed.status().message());
      if (time_control) return Invalid(name, "only one of --tc, --byoyomi, --movetime, --nodes, --depth");
      time_control = *parsed;
      return absl::OkStatus();
    };
    absl::Status status;
    if (name == "engine") {
      engines.emplace_back();
      status = ApplyEngineKeys(group, engines.back());
    } else if (name == "each") {
      each = group;
    } else if (IsTimeControlKind(name)) {
      if (!(value = single()).ok()) return value.status();
      status = set_time_control(ParseTimeControl(name, *value));
    } else if (name == "openings") {
      absl::StatusOr<std::multimap<std::string, std::string>> pairs_of = KeyValues(group);
      if (!pairs_of.ok()) return pairs_of.status();
      for (const auto& [key, v] : *pairs_of) {
        if (key == "file") openings_path = v;
        else if (key == "order" && (v == "random" || v == "sequential")) shuffle = v == "random";
        else return Invalid(name, absl::StrCat("expected file=PATH order=random|sequential, got '", key, "=", v, "'"));
      }
    } else if (name == "games" || name == "pairs" || name == "concurrency" || name == "max-plies" ||
               name == "impasse-plies") {
      if (!(value = single()).ok()) return value.status();
      int n = 0;
      if (absl::Status s = Number(name, *value, n); !s.ok()) return s;
      if (n < (name == "max-plies" ? 0 : 1) || n > 10000000) return Invalid(name, absl::StrCat(n, " is out of range"));
      if (name == "games") games = n;
      else if (name == "pairs") pairs = n;
      else if (name == "concurrency") settings.concurrency = n;
      else if (name == "max-plies") settings.game.rules.max_plies = n;
      else settings.game.rules.impasse_plies = n;
    } else if (name == "seed") {
      if (!(value = single()).ok()) return value.status();
      status = Number(name, *value, settings.seed);
    } else if (name == "margin" || name == "hang-timeout") {
      if (!(value = single()).ok()) return value.status();
      double number = 0;
      if (absl::Status s = Number(name, *value, number); !s.ok()) return s;
      if (number < 0) return Invalid(name, "must not be negative");
      if (name == "margin") settings.game.time_margin = absl::Milliseconds(number);
      else settings.game.hang_timeout = absl::Seconds(number);
    } else if (name == "sprt") {
      absl::StatusOr<std::multimap<std::string, std::string>> pairs_of = KeyValues(group);
      if (!pairs_of.ok()) return pairs_of.status();
      stats::SprtParameters sprt;
      for (const auto& [key, v] : *pairs_of) {
        if (key == "model") {
          std::optional<stats::EloModel> model = stats::ParseEloModel(v);
          if (!model) return Invalid(name, "model must be normalized, logistic or bayeselo");
          sprt.model = *model;
          continue;
        }
        double* target = key == "elo0" ? &sprt.elo0 : key == "elo1" ? &sprt.elo1 : key == "alpha" ? &sprt.alpha
                         : key == "beta" ? &sprt.beta : nullptr;
        if (!target) return Invalid(name, absl::StrCat("unknown key '", key, "' (elo0, elo1, alpha, beta, model)"));
        if (absl::Status s = Number(name, v, *target); !s.ok()) return s;
      }
      if (!(sprt.elo0 < sprt.elo1)) return Invalid(name, "elo0 must be below elo1");
      if (!(sprt.alpha > 0 && sprt.alpha < 0.5 && sprt.beta > 0 && sprt.beta < 0.5))
        return Invalid(name, "alpha and beta must be between 0 and 0.5");
      settings.sprt = sprt;
    } else if (name == "resign" || name == "draw") {
      absl::StatusOr<std::multimap<std::string, std::string>> pairs_of = KeyValues(group);
      if (!pairs_of.ok()) return pairs_of.status();
      Adjudication& a = settings.game.adjudication;
      for (const auto& [key, v] : *pairs_of) {
        int* target = name == "resign" ? (key == "score" ? &a.resign_score : key == "moves" ? &a.resign_moves : nullptr)
                                       : (key == "score" ? &a.draw_score : key == "moves" ? &a.draw_moves
                                          : key == "from" ? &a.draw_from_move : nullptr);
        if (!target) return Invalid(name, absl::StrCat("unknown key '", key, "'"));
        if (absl::Status s = Number(name, v, *target); !s.ok()) return s;
        if (*target < 0) return Invalid(name, "values must not be negative");
      }
    } else if (name == "records" || name == "results-json") {
      if (!(value = single()).ok()) return value.status();
      (name == "records" ? settings.records_path : command.results_json_path) = *value;
    } else if (name == "quiet") {
      command.quiet = true;
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown option --", name));
    }
    if (!status.ok()) return status;
  }
  if (engines.size() != 2) return absl::InvalidArgumentError(absl::StrCat("a match needs two --engine groups, got ", engines.size()));
  for (EngineEntry& entry : engines) {
    EngineConfig& engine = entry.config;
    if (each) {
      EngineEntry shared;
      if (absl::Status s = ApplyEngineKeys(*each, shared); !s.ok()) return s;
      engine.options.insert(engine.options.begin(), shared.config.options.begin(), shared.config.options.end());
      if (engine.working_directory.empty()) engine.working_directory = shared.config.working_directory;
      if (!entry.time_control) entry.time_control = shared.time_control;
    }
    if (engine.command.empty()) return absl::InvalidArgumentError("--engine needs cmd=PATH");
    if (engine.name.empty()) engine.name = engine.command.front().substr(engine.command.front().rfind('/') + 1);
    if (!entry.time_control) entry.time_control = time_control;
    if (!entry.time_control)
      return absl::InvalidArgumentError("give a time control: --tc, --byoyomi, --movetime, --nodes or --depth");
  }
  if (engines[0].config.name == engines[1].config.name) engines[1].config.name += "-2";
  settings.first = engines[0].config;
  settings.second = engines[1].config;
  settings.first_time_control = *engines[0].time_control;
  settings.second_time_control = *engines[1].time_control;
  if (games && pairs) return absl::InvalidArgumentError("give --games or --pairs, not both");
  if (games % 2) return Invalid("games", "must be even: every opening is played twice");
  settings.pairs = pairs ? pairs : games ? games / 2 : 1;
  settings.shuffle_openings = shuffle;
  if (!openings_path.empty()) {
    absl::StatusOr<OpeningBook> book = OpeningBook::Load(openings_path);
    if (!book.ok()) return book.status();
    settings.book = *std::move(book);
  }
  return command;
}

int RunMatchCommand(const std::vector<std::string>& words) {
  absl::StatusOr<MatchCommand> command = ParseMatchCommand(words);
  if (!command.ok()) {
    std::cerr << "judkins-worker match: " << command.status().message() << "\n";
    return 2;
  }
  MatchRunner runner(command->settings);
  // Ctrl-C and SIGTERM end the match cleanly, with the report so far.
  const StopSignals signals([&runner] { runner.RequestStop("interrupted"); });
  const bool terminal = isatty(STDERR_FILENO);
  absl::Time last_print = absl::InfinitePast();
  absl::StatusOr<v1::MatchResults> results = runner.Run([&](const v1::MatchResults& progress) {
    if (command->quiet) return;
    if (terminal) {
      std::cerr << "\r\033[K" << ProgressLine(progress) << std::flush;
    } else if (absl::Now() - last_print > absl::Seconds(1)) {
      std::cerr << ProgressLine(progress) << "\n";
      last_print = absl::Now();
    }
  });
  if (terminal && !command->quiet) std::cerr << "\n";
  if (!results.ok()) {
    std::cerr << "judkins-worker match: " << results.status().message() << "\n";
    return 1;
  }
  std::cout << FinalReport(*results) << std::flush;
  if (!command->results_json_path.empty()) {
    std::string json;
    google::protobuf::util::JsonPrintOptions options;
    options.add_whitespace = true;
    options.always_print_primitive_fields = true;
    (void)google::protobuf::util::MessageToJsonString(*results, &json, options);
    std::ofstream out(command->results_json_path);
    out << json;
    if (!out) {
      std::cerr << "judkins-worker match: cannot write " << command->results_json_path << "\n";
      return 1;
    }
  }
  return signals.received() ? 130 : 0;
}

}  // namespace judkins
