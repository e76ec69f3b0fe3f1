#include "worker/cli/match_command.h"

#include <unistd.h>

#include <fstream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/decimal.h"
#include "common/invalid_argument.h"
#include "common/stop_signals.h"
#include "common/valid_text.h"
#include "proto/convert/json.h"
#include "worker/match/report.h"
#include "worker/usi_client/program_path.h"

namespace judkins {
namespace {

constexpr char kMatchProgram[] = "judkins-worker match";
constexpr int kMaxCount = 10'000'000;  // games, pairs, plies: far beyond any match
constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as shells report it

template <typename T>
absl::Status Number(absl::string_view option, absl::string_view text, T& value) {
  if constexpr (std::is_floating_point_v<T>) {
    if (!ParseDecimal(text, &value)) return InvalidArgument(option, absl::StrCat(Quoted(text), " is not a number"));
  } else {
    if (!ParseDecimal(text, &value))
      return InvalidArgument(option, absl::StrCat(Quoted(text), " is not a decimal integer"));
  }
  return absl::OkStatus();
}

// One --engine group: the engine and, optionally, its own time control.
struct EngineEntry {
  EngineConfig config;
  std::optional<TimeControl> time_control;
};

// Applies one engine's (or --each's) key=value words to its configuration.
absl::Status ApplyEngineKeys(absl::string_view option, const std::vector<std::string>& words, EngineEntry& entry) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(option, words);
  if (!pairs.ok()) return pairs.status();
  EngineConfig& engine = entry.config;
  for (const auto& [key, value] : *pairs) {
    if (std::optional<TimeControl::Kind> kind = TimeControl::KindNamed(key)) {
      absl::StatusOr<TimeControl> control = TimeControl::Parse(*kind, value);
      if (!control.ok()) return InvalidArgument(option, control.status().message());
      if (entry.time_control) return InvalidArgument(option, "only one time control per engine");
      entry.time_control = *control;
    } else if (key == "cmd")
      engine.command.insert(engine.command.begin(), value);
    else if (key == "arg")
      engine.command.push_back(value);
    else if (key == "name")
      engine.name = value;
    else if (key == "dir")
      engine.working_directory = value;
    else if (key == "stderr")
      engine.stderr_path = value;
    else if (key == "ready-timeout") {
      absl::StatusOr<uint32_t> seconds =
          BoundedKeyValue(option, key, value, 1, contract::kMaxReadyTimeoutSeconds, "seconds");
      if (!seconds.ok()) return seconds.status();
      engine.ready_timeout = absl::Seconds(*seconds);
    } else if (key == "hash") {
      if (!ParseDecimal(value, &engine.hash_mb) || engine.hash_mb < 0)
        return InvalidArgument(option, absl::StrCat("hash must be megabytes (0: send none), got ", Quoted(value)));
    } else if (key == "swap-clocks" && (value == "true" || value == "false"))
      engine.swap_clocks = value == "true";
    else if (absl::StartsWith(key, "option.") && key.size() > 7)
      engine.options.emplace_back(key.substr(7), value);
    else
      return InvalidArgument(
          option,
          absl::StrCat("unknown key '", key,
                       "' (cmd, arg, name, dir, stderr, swap-clocks, ready-timeout, hash, option.NAME, tc, byoyomi, "
                       "movetime, nodes, depth)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<stats::SprtParameters> SprtOf(const std::vector<std::string>& words) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues("--sprt", words);
  if (!pairs.ok()) return pairs.status();
  stats::SprtParameters sprt;
  for (const auto& [key, v] : *pairs) {
    if (key == "model") {
      std::optional<stats::EloModel> model = stats::ParseEloModel(v);
      if (!model) return InvalidArgument("--sprt", "model must be normalized, logistic or bayeselo");
      sprt.model = *model;
      continue;
    }
    double* target = key == "elo0"    ? &sprt.elo0
                     : key == "elo1"  ? &sprt.elo1
                     : key == "alpha" ? &sprt.alpha
                     : key == "beta"  ? &sprt.beta
                                      : nullptr;
    if (!target)
      return InvalidArgument("--sprt", absl::StrCat("unknown key '", key, "' (elo0, elo1, alpha, beta, model)"));
    if (absl::Status s = Number("--sprt", v, *target); !s.ok()) return s;
  }
  if (std::optional<stats::ParameterProblem> problem = stats::CheckSprtParameters(sprt))
    return InvalidArgument("--sprt", absl::StrCat(problem->field, ": ", problem->why));
  return sprt;
}

// --resign score=S moves=N, --draw score=S moves=N from=M.
absl::Status ApplyAdjudication(absl::string_view option, const std::vector<std::string>& words, Adjudication& a) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(option, words);
  if (!pairs.ok()) return pairs.status();
  const bool resign = option == "--resign";
  for (const auto& [key, v] : *pairs) {
    int* target = resign ? (key == "score"   ? &a.resign_score
                            : key == "moves" ? &a.resign_moves
                                             : nullptr)
                         : (key == "score"   ? &a.draw_score
                            : key == "moves" ? &a.draw_moves
                            : key == "from"  ? &a.draw_from_move
                                             : nullptr);
    if (!target) return InvalidArgument(option, absl::StrCat("unknown key '", key, "'"));
    if (absl::Status s = Number(option, v, *target); !s.ok()) return s;
    if (*target < 0) return InvalidArgument(option, "values must not be negative");
  }
  return absl::OkStatus();
}

// Both engines' programs exist and may be run, checked before the first game
// (and before a records file is opened): a match of an engine that cannot
// start would otherwise be played to its end as games lost by crashes.
absl::Status CheckEnginesRunnable(const MatchSettings& settings) {
  for (const EngineConfig* engine : {&settings.first, &settings.second}) {
    const std::string& program = engine->command.front();
    const absl::Status runnable = CheckProgramRunnable(program, engine->working_directory);
    if (runnable.ok()) continue;
    std::string why(runnable.message());
    if (absl::StrContains(program, ' '))
      absl::StrAppend(&why, " (cmd= is the program alone; give each of its arguments as arg=)");
    return InvalidArgument("--engine", absl::StrCat(engine->name, ": cmd=", why));
  }
  return absl::OkStatus();
}

}  // namespace

MatchCommand::MatchCommand(CLI::App& command)
    : margin_ms_(absl::ToDoubleMilliseconds(defaults_.game.time_margin)),
      hang_timeout_s_(absl::ToDoubleSeconds(defaults_.game.hang_timeout)) {
  AddKeyValueOption(command, "--engine", engines_,
                    "an engine, given twice: cmd=PROGRAM (its path alone) [arg=A ...] [name=N] [dir=D] [stderr=FILE] "
                    "[swap-clocks=true] [ready-timeout=SECONDS] [hash=MB] [option.NAME=VALUE ...] [its own "
                    "tc=|byoyomi=|movetime=|nodes=|depth=]")
      ->required();
  AddKeyValueOption(command, "--each", each_, "keys applied to both engines (options, dir, time control)");
  time_control_.Declare(command);
  AddKeyValueOption(command, "--openings", openings_, "file=PATH [order=random|sequential] (default: the start)");
  command.add_option("--games", games_, "games to play (even: each opening is played twice)")
      ->check(CLI::Range(1, kMaxCount))
      ->default_str("");
  command.add_option("--pairs", pairs_, "game pairs to play (instead of --games; default 1)")
      ->check(CLI::Range(1, kMaxCount))
      ->default_str("")
      ->excludes("--games");
  command.add_option("--concurrency", defaults_.concurrency, "games played at once")->check(CLI::Range(1, kMaxCount));
  command.add_flag("--affinity", defaults_.affinity, kAffinityHelp);
  command.add_option("--variant", variant_, "judkins, shogi or minishogi: the rules the referee judges by")
      ->capture_default_str();
  command.add_option("--max-plies", max_plies_, "a game this long is a draw unless its last move mates (0: no limit)")
      ->check(CLI::Range(0, kMaxCount))
      ->default_str("judkins 400, shogi 256, minishogi 256");
  command
      .add_option("--declaration", declaration_,
                  "standard shogi's entering-king rule for 'bestmove win': 27-point or 24-point")
      ->capture_default_str();
  command.add_flag("--no-legal-move-draws", defaults_.game.rules.no_legal_move_draws,
                   "a side not in check with no legal move draws (by default it loses)");
  command
      .add_option("--impasse-plies", defaults_.game.rules.impasse_plies,
                  "plies both kings must stay in the zone before the impasse is scored")
      ->check(CLI::Range(1, kMaxCount));
  command.add_option("--seed", defaults_.seed, "seed of the opening order");
  command.add_option("--margin", margin_ms_, "milliseconds a move may overrun its time")->check(CLI::NonNegativeNumber);
  command
      .add_option("--hang-timeout", hang_timeout_s_, "seconds an untimed engine may think before it is declared hung")
      ->check(CLI::NonNegativeNumber);
  AddKeyValueOption(command, "--sprt", sprt_,
                    "stop early: elo0=X elo1=Y [alpha=A beta=B model=normalized|logistic|bayeselo]");
  AddKeyValueOption(command, "--resign", resign_, "adjudicate a loss: score=CP moves=N");
  AddKeyValueOption(command, "--draw", draw_, "adjudicate a draw: score=CP moves=N from=MOVE");
  command.add_option("--records", defaults_.records_path, "write the game records to this file");
  command.add_option("--results-json", results_json_path_, "write the results as JSON to this file");
  command.add_flag("--quiet", quiet_, "no progress line");
}

absl::StatusOr<MatchPlan> MatchCommand::Plan() const {
  MatchPlan plan{.settings = defaults_, .results_json_path = results_json_path_, .quiet = quiet_};
  MatchSettings& settings = plan.settings;
  absl::StatusOr<Variant> variant = ParseVariant(variant_);
  if (!variant.ok()) return InvalidArgument("--variant", variant.status().message());
  settings.game.variant = *variant;
  settings.book = OpeningBook::StartOnly(*variant);
  settings.game.rules.max_plies = max_plies_ == kVariantsMaxPlies ? GameRules::For(*variant).max_plies : max_plies_;
  absl::StatusOr<DeclarationRule> declaration = ParseDeclarationRule(declaration_);
  if (!declaration.ok()) return InvalidArgument("--declaration", declaration.status().message());
  settings.game.rules.declaration = *declaration;
  settings.game.time_margin = absl::Milliseconds(margin_ms_);
  settings.game.hang_timeout = absl::Seconds(hang_timeout_s_);

  // Step 1. The engines, each with its time control or the shared one.
  for (const auto& [option, groups] : {std::pair<const char*, const KeyValueGroups*>{"--each", &each_},
                                       {"--openings", &openings_},
                                       {"--sprt", &sprt_},
                                       {"--resign", &resign_},
                                       {"--draw", &draw_}})
    if (groups->size() > 1) return InvalidArgument(option, "given more than once");
  absl::StatusOr<std::optional<TimeControl>> time_control = time_control_.Parsed();
  if (!time_control.ok()) return time_control.status();
  if (engines_.size() != 2)
    return absl::InvalidArgumentError(absl::StrCat("a match needs two --engine groups, got ", engines_.size()));
  EngineEntry shared;
  if (!each_.empty())
    if (absl::Status s = ApplyEngineKeys("--each", each_.front(), shared); !s.ok()) return s;
  std::vector<EngineEntry> engines(2);
  for (size_t i = 0; i < engines.size(); ++i) {
    EngineEntry& entry = engines[i];
    if (absl::Status s = ApplyEngineKeys("--engine", engines_[i], entry); !s.ok()) return s;
    EngineConfig& engine = entry.config;
    engine.options.insert(engine.options.begin(), shared.config.options.begin(), shared.config.options.end());
    if (engine.working_directory.empty()) engine.working_directory = shared.config.working_directory;
    if (!entry.time_control) entry.time_control = shared.time_control;
    if (!entry.time_control) entry.time_control = *time_control;
    if (engine.command.empty()) return absl::InvalidArgumentError("--engine needs cmd=PROGRAM (the engine's path)");
    if (engine.name.empty()) engine.name = engine.command.front().substr(engine.command.front().rfind('/') + 1);
    engine.variant = std::string(VariantName(*variant));
    if (!entry.time_control)
      return absl::InvalidArgumentError("give a time control: --tc, --byoyomi, --movetime, --nodes or --depth");
  }
  if (engines[0].config.name == engines[1].config.name) engines[1].config.name += "-2";
  settings.first = engines[0].config;
  settings.second = engines[1].config;
  settings.first_time_control = *engines[0].time_control;
  settings.second_time_control = *engines[1].time_control;

  // Step 2. How many games, from which openings, until what.
  if (games_ % 2) return InvalidArgument("--games", "must be even: every opening is played twice");
  settings.pairs = pairs_ ? pairs_ : games_ ? games_ / 2 : 1;
  if (!openings_.empty()) {
    absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues("--openings", openings_.front());
    if (!pairs.ok()) return pairs.status();
    std::string path;
    for (const auto& [key, v] : *pairs) {
      if (key == "file")
        path = v;
      else if (key == "order" && (v == "random" || v == "sequential"))
        settings.shuffle_openings = v == "random";
      else
        return InvalidArgument("--openings",
                               absl::StrCat("expected file=PATH order=random|sequential, got '", key, "=", v, "'"));
    }
    if (path.empty()) return InvalidArgument("--openings", "give file=PATH");
    absl::StatusOr<OpeningBook> book = OpeningBook::Load(path, *variant);
    if (!book.ok()) return book.status();
    settings.book = *std::move(book);
  }
  if (!sprt_.empty()) {
    absl::StatusOr<stats::SprtParameters> sprt = SprtOf(sprt_.front());
    if (!sprt.ok()) return sprt.status();
    settings.sprt = *sprt;
  }

  // Step 3. Adjudication.
  if (!resign_.empty())
    if (absl::Status s = ApplyAdjudication("--resign", resign_.front(), settings.game.adjudication); !s.ok()) return s;
  if (!draw_.empty())
    if (absl::Status s = ApplyAdjudication("--draw", draw_.front(), settings.game.adjudication); !s.ok()) return s;
  return plan;
}

int MatchCommand::Run(std::ostream& out, std::ostream& err) const {
  absl::StatusOr<MatchPlan> plan = Plan();
  if (!plan.ok()) return Fail(err, kMatchProgram, plan.status().message(), kExitUsage);
  if (absl::Status runnable = CheckEnginesRunnable(plan->settings); !runnable.ok())
    return Fail(err, kMatchProgram, runnable.message(), kExitUsage);
  MatchRunner runner(plan->settings);
  // Ctrl-C and SIGTERM end the match cleanly, with the report so far.
  const StopSignals signals([&runner] { runner.RequestStop("interrupted"); });
  const bool terminal = isatty(STDERR_FILENO);
  absl::Time last_print = absl::InfinitePast();
  absl::StatusOr<v1::MatchResults> results = runner.Run([&](const v1::MatchResults& progress) {
    if (plan->quiet) return;
    if (terminal) {
      err << "\r\033[K" << ProgressLine(progress) << std::flush;
    } else if (absl::Now() - last_print > absl::Seconds(1)) {
      err << ProgressLine(progress) << "\n";
      last_print = absl::Now();
    }
  });
  if (terminal && !plan->quiet) err << "\n";
  if (!results.ok()) return Fail(err, kMatchProgram, results.status().message());
  out << FinalReport(*results) << std::flush;
  if (!plan->results_json_path.empty()) {
    std::ofstream file(plan->results_json_path);
    file << JsonOf(*results, JsonStyle::kEveryField);
    if (!file) return Fail(err, kMatchProgram, absl::StrCat("cannot write ", plan->results_json_path));
  }
  return signals.received() ? kExitInterrupted : kExitOk;
}

absl::StatusOr<MatchPlan> ParseMatchCommand(const std::vector<std::string>& words) {
  CLI::App app("a local match", kMatchProgram);
  SetUpCommandLine(app);
  MatchCommand command(app);
  if (absl::Status parsed = ParseWords(app, words); !parsed.ok()) return parsed;
  return command.Plan();
}

}  // namespace judkins
