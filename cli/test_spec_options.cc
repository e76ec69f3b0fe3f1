#include "cli/test_spec_options.h"

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/decimal.h"
#include "common/invalid_argument.h"
#include "common/valid_text.h"
#include "engine/rules/variant.h"
#include "proto/contract.h"
#include "proto/convert/time_control.h"

namespace judkins {
namespace {

constexpr uint64_t kMaxPairs = 100'000'000;
// The option most engines read their net's path from (Stockfish's, and
// YaneuraOu's NNUE editions' EvalFile).
constexpr absl::string_view kDefaultNetOption = "EvalFile";

// --dev / --base: sha=SHA256 [name=N] [bench=NODES] [bundle=PROGRAM] [net=SHA256
// [net-option=NAME]] [ready-timeout=SECONDS]
// [swap-clocks=true] [option.NAME=VALUE ...]
absl::Status EngineFromWords(absl::string_view option, const std::vector<std::string>& words, v1::EngineSpec& engine) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(option, words);
  if (!pairs.ok()) return pairs.status();
  for (const auto& [key, value] : *pairs) {
    if (key == "sha")
      engine.set_artifact_sha256(value);
    else if (key == "name")
      engine.set_name(value);
    else if (key == "bench") {
      uint64_t signature = 0;
      if (!ParseDecimal(value, &signature) || signature == 0)
        return InvalidArgument(
            option, absl::StrCat("bench must be the positive node count `bench` prints, got ", Quoted(value)));
      engine.set_bench_signature(signature);
    } else if (key == "bundle") {
      engine.set_bundle_program(value);
    } else if (key == "net") {
      engine.mutable_net()->set_artifact_sha256(value);
    } else if (key == "net-option") {
      engine.mutable_net()->set_option(value);
    } else if (key == "swap-clocks" && (value == "true" || value == "false")) {
      engine.set_swap_clocks(value == "true");
    } else if (key == "ready-timeout") {
      absl::StatusOr<uint32_t> seconds =
          BoundedKeyValue(option, key, value, 1, contract::kMaxReadyTimeoutSeconds, "seconds");
      if (!seconds.ok()) return seconds.status();
      engine.set_ready_timeout_seconds(*seconds);
    } else if (absl::StartsWith(key, "option.") && key.size() > 7) {
      v1::EngineOption& engine_option = *engine.add_options();
      engine_option.set_name(key.substr(7));
      engine_option.set_value(value);
    } else {
      return InvalidArgument(
          option,
          absl::StrCat("unknown key '", key,
                       "' (sha, name, bench, bundle, net, net-option, ready-timeout, swap-clocks, option.NAME)"));
    }
  }
  if (engine.has_net() && engine.net().option().empty())
    engine.mutable_net()->set_option(std::string(kDefaultNetOption));
  if (engine.name().empty()) engine.set_name(std::string(absl::StripPrefix(option, "--")));
  return absl::OkStatus();
}

absl::Status SprtFromWords(const std::vector<std::string>& words, v1::SprtSpec& sprt) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues("--sprt", words);
  if (!pairs.ok()) return pairs.status();
  sprt.set_model(v1::ELO_MODEL_NORMALIZED);
  for (const auto& [key, v] : *pairs) {
    double number = 0;
    if (key == "model") {
      if (v == "normalized")
        sprt.set_model(v1::ELO_MODEL_NORMALIZED);
      else if (v == "logistic")
        sprt.set_model(v1::ELO_MODEL_LOGISTIC);
      else if (v == "bayeselo")
        sprt.set_model(v1::ELO_MODEL_BAYESELO);
      else
        return InvalidArgument("--sprt", "model must be normalized, logistic or bayeselo");
    } else if (!ParseDecimal(v, &number)) {
      return InvalidArgument("--sprt", absl::StrCat(Quoted(key), " needs a decimal number, got ", Quoted(v)));
    } else if (key == "elo0")
      sprt.set_elo0(number);
    else if (key == "elo1")
      sprt.set_elo1(number);
    else if (key == "alpha")
      sprt.set_alpha(number);
    else if (key == "beta")
      sprt.set_beta(number);
    else
      return InvalidArgument("--sprt", absl::StrCat("unknown key '", key, "' (elo0, elo1, alpha, beta, model)"));
  }
  return absl::OkStatus();
}

}  // namespace

TestSpecOptions::TestSpecOptions(CLI::App& command, Parts parts) : parts_(parts) {
  if (parts == Parts::kWholeTest) {
    AddKeyValueOption(command, "--dev", dev_,
                      "the engine under test: sha=SHA256 [name=N] [bench=NODES] [bundle=PROGRAM] [net=SHA256 "
                      "[net-option=EvalFile]] [ready-timeout=SECONDS] [swap-clocks=true] [option.NAME=VALUE ...] "
                      "(bench: its bench signature, checked by every worker; bundle: the artifact is a tar(.gz) of "
                      "the engine and its files, PROGRAM the path of the engine in it; net: an uploaded evaluation "
                      "file whose path on the worker is sent as net-option; ready-timeout: for its first isready, "
                      "default 60; swap-clocks: it reads btime/wtime the other way round, as Fairy-Stockfish 11.1 "
                      "does)")
        ->required();
    AddKeyValueOption(command, "--base", base_, "the engine it is measured against (same keys)")->required();
    AddKeyValueOption(command, "--sprt", sprt_,
                      "stop by the SPRT: elo0=X elo1=Y [alpha=A beta=B model=normalized|logistic|bayeselo]");
    command.add_option("--pairs", pairs_, "game pairs: the length of a fixed test, the cap of an SPRT")
        ->check(CLI::Range(uint64_t(1), kMaxPairs))
        ->default_str("");
  }
  time_control_.Declare(command);
  AddKeyValueOption(command, "--openings", openings_,
                    absl::StrCat("book=NAME size=N (default book=", kDefaultBook, " size=", kDefaultBookSize, ")"));
  command.add_option("--variant", variant_, "judkins, shogi or minishogi: the game the engines play")
      ->capture_default_str();
  command.add_option("--priority", priority_, "higher runs first")
      ->check(CLI::Range(contract::kMinPriority, contract::kMaxPriority));
  command
      .add_option("--throughput", throughput_,
                  absl::StrCat("share of the workers among equal priorities (0: the default, ",
                               contract::kDefaultThroughput, ")"))
      ->check(CLI::Range(uint32_t(0), contract::kMaxThroughput));
  command
      .add_option("--reference-speed", reference_speed_,
                  "bench nodes/s at which the time control holds as written; each worker scales it by this over "
                  "its own speed (0: not scaled)")
      ->check(CLI::Range(0.0, contract::kMaxReferenceSpeed));
}

absl::StatusOr<v1::TestSpec> TestSpecOptions::Spec() const {
  v1::TestSpec spec;
  // Step 1. Engines and the stop rule (a whole test only).
  if (parts_ == Parts::kWholeTest) {
    for (const auto& [option, groups] : {std::pair<const char*, const KeyValueGroups*>{"--dev", &dev_},
                                         {"--base", &base_},
                                         {"--sprt", &sprt_},
                                         {"--openings", &openings_}})
      if (groups->size() > 1) return InvalidArgument(option, "given more than once");
    if (absl::Status s = EngineFromWords("--dev", dev_.front(), *spec.mutable_dev()); !s.ok()) return s;
    if (absl::Status s = EngineFromWords("--base", base_.front(), *spec.mutable_base()); !s.ok()) return s;
    if (!sprt_.empty())
      if (absl::Status s = SprtFromWords(sprt_.front(), *spec.mutable_sprt()); !s.ok()) return s;
    if (!spec.has_sprt() && pairs_ == 0) return absl::InvalidArgumentError("give --sprt ... or --pairs N");
    // --pairs caps an SPRT (its max_pairs) and is the length of any other test.
    if (spec.has_sprt())
      spec.set_max_pairs(pairs_);
    else
      spec.set_fixed_pairs(pairs_);
  }

  // Step 2. The schedule: time control, openings, priority.
  absl::StatusOr<std::optional<TimeControl>> time_control = time_control_.Parsed();
  if (!time_control.ok()) return time_control.status();
  if (!*time_control)
    return absl::InvalidArgumentError("give a time control: --tc, --byoyomi, --movetime, --nodes or --depth");
  *spec.mutable_time_control() = SpecOf(**time_control);
  spec.set_book(kDefaultBook);
  spec.set_book_size(kDefaultBookSize);
  if (!openings_.empty()) {
    absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues("--openings", openings_.front());
    if (!pairs.ok()) return pairs.status();
    for (const auto& [key, v] : *pairs) {
      uint32_t size = 0;
      if (key == "book")
        spec.set_book(v);
      else if (key == "size" && ParseDecimal(v, &size) && size > 0)
        spec.set_book_size(size);
      else
        return InvalidArgument("--openings", "book=NAME size=N");
    }
  }
  absl::StatusOr<Variant> variant = ParseVariant(variant_);
  if (!variant.ok()) return InvalidArgument("--variant", variant.status().message());
  spec.set_variant(std::string(VariantName(*variant)));
  spec.set_priority(priority_);
  spec.set_throughput(throughput_);
  spec.set_reference_speed(reference_speed_);
  return spec;
}

absl::StatusOr<v1::TestSpec> ParseTestSpec(const std::vector<std::string>& words) {
  CLI::App app("a test", "judkins test create");
  SetUpCommandLine(app);
  TestSpecOptions options(app, TestSpecOptions::Parts::kWholeTest);
  if (absl::Status parsed = ParseWords(app, words); !parsed.ok()) return parsed;
  return options.Spec();
}

}  // namespace judkins
