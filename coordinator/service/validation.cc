#include "coordinator/service/validation.h"

#include <cmath>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "common/sha256.h"
#include "proto/contract.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

absl::Status Invalid(absl::string_view field, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", why));
}

absl::Status ValidateEngine(absl::string_view field, const v1::EngineSpec& engine,
                            const std::function<bool(const std::string&)>& artifact_known) {
  if (engine.name().empty() || engine.name().size() > 64) return Invalid(absl::StrCat(field, ".name"), "1 to 64 characters");
  if (!IsSha256Hex(engine.artifact_sha256()))
    return Invalid(absl::StrCat(field, ".artifact_sha256"), "64 lower-case hex digits");
  if (!artifact_known(engine.artifact_sha256()))
    return Invalid(absl::StrCat(field, ".artifact_sha256"), absl::StrCat("no artifact ", engine.artifact_sha256(), " (upload it first)"));
  if (engine.options_size() > 256) return Invalid(absl::StrCat(field, ".options"), "at most 256");
  for (const v1::EngineOption& option : engine.options())
    if (option.name().empty() || option.name().size() > 100 || option.value().size() > 1000 ||
        option.name().find('\n') != std::string::npos || option.value().find('\n') != std::string::npos)
      return Invalid(absl::StrCat(field, ".options"), absl::StrCat("bad option '", option.name(), "'"));
  return absl::OkStatus();
}

bool TwoSeconds(const std::string& text, bool second_positive) {
  double first = -1, second = -1;
  char rest = 0;
  return std::sscanf(text.c_str(), "%lf+%lf%c", &first, &second, &rest) == 2 && std::isfinite(first) &&
         std::isfinite(second) && first >= 0 && second >= 0 && first < 1e6 && second < 1e6 &&
         (second_positive ? second > 0 : first > 0);
}

}  // namespace

absl::Status ValidateTestSpec(const v1::TestSpec& spec, const std::function<bool(const std::string&)>& artifact_known) {
  if (absl::Status s = ValidateEngine("spec.base", spec.base(), artifact_known); !s.ok()) return s;
  if (absl::Status s = ValidateEngine("spec.dev", spec.dev(), artifact_known); !s.ok()) return s;
  const v1::TimeControlSpec& tc = spec.time_control();
  switch (tc.kind_case()) {
    case v1::TimeControlSpec::kFischer:
      if (!TwoSeconds(tc.fischer(), false)) return Invalid("spec.time_control.fischer", "BASE+INCREMENT seconds, BASE > 0");
      break;
    case v1::TimeControlSpec::kByoyomi:
      if (!TwoSeconds(tc.byoyomi(), true)) return Invalid("spec.time_control.byoyomi", "BASE+BYOYOMI seconds, BYOYOMI > 0");
      break;
    case v1::TimeControlSpec::kMovetime:
      if (!(tc.movetime() > 0 && tc.movetime() < 1e4)) return Invalid("spec.time_control.movetime", "0 to 10000 seconds");
      break;
    case v1::TimeControlSpec::kNodes:
      if (tc.nodes() == 0 || tc.nodes() > 10'000'000'000ull) return Invalid("spec.time_control.nodes", "1 to 1e10");
      break;
    case v1::TimeControlSpec::kDepth:
      if (tc.depth() == 0 || tc.depth() > 100) return Invalid("spec.time_control.depth", "1 to 100");
      break;
    default: return Invalid("spec.time_control", "missing");
  }
  if (spec.book().empty() || spec.book().size() > 100) return Invalid("spec.book", "a book name");
  if (spec.book_size() == 0 || spec.book_size() > 10'000'000) return Invalid("spec.book_size", "1 to 10,000,000");
  switch (spec.stop_rule_case()) {
    case v1::TestSpec::kSprt: {
      const v1::SprtSpec& sprt = spec.sprt();
      if (!(std::isfinite(sprt.elo0()) && std::isfinite(sprt.elo1()) && sprt.elo0() < sprt.elo1() &&
            sprt.elo1() - sprt.elo0() <= 1000))
        return Invalid("spec.sprt", "elo0 < elo1, at most 1000 apart");
      for (double p : {sprt.alpha(), sprt.beta()})
        if (!(p == 0 || (p > 0 && p < 0.5))) return Invalid("spec.sprt", "alpha and beta in (0, 0.5), or 0 for 0.05");
      break;
    }
    case v1::TestSpec::kFixedPairs:
      if (spec.fixed_pairs() == 0 || spec.fixed_pairs() > 100'000'000) return Invalid("spec.fixed_pairs", "1 to 1e8");
      break;
    case v1::TestSpec::kSpsa: {
      if (absl::Status s = tuner::ValidateSpsaSpec(spec.spsa()); !s.ok()) return s;
      if (spec.base().artifact_sha256() != spec.dev().artifact_sha256())
        return Invalid("spec.base.artifact_sha256", "a tune plays one engine against itself: give dev's artifact");
      for (const v1::EngineSpec* engine : {&spec.dev(), &spec.base()})
        for (const v1::EngineOption& option : engine->options())
          for (const v1::SpsaParameter& parameter : spec.spsa().parameters())
            if (option.name() == parameter.name())
              return Invalid("spec.dev.options", absl::StrCat("'", option.name(), "' is tuned; do not also set it"));
      break;
    }
    default: return Invalid("spec", "an sprt, fixed_pairs or spsa stop rule");
  }
  if (spec.priority() < -1000 || spec.priority() > 1000) return Invalid("spec.priority", "-1000 to 1000");
  if (spec.throughput() > 10000) return Invalid("spec.throughput", "0 (default 100) to 10000");
  if (spec.max_pairs() > 1'000'000'000) return Invalid("spec.max_pairs", "at most 1e9");
  return absl::OkStatus();
}

absl::Status ValidateReport(const v1::BatchReport& report) {
  if (report.batch_id() == 0) return Invalid("batch_id", "missing");
  if (report.games_size() > contract::kMaxGamesPerReport)
    return Invalid("games", absl::StrCat("at most ", contract::kMaxGamesPerReport));
  // Records describe the games reported: a report cannot park more text in
  // the store than its games could have made.
  if (const size_t bound = size_t(report.games_size()) * contract::kMaxRecordBytesPerGame; report.records().size() > bound)
    return Invalid("records", absl::StrCat(report.records().size(), " bytes for ", report.games_size(), " games; at most ",
                                           contract::kMaxRecordBytesPerGame, " bytes a game"));
  if (report.records().find('\0') != std::string::npos) return Invalid("records", "text, without NUL bytes");
  return absl::OkStatus();
}

absl::Status ValidateCapabilities(const v1::WorkerCapabilities& c) {
  if (c.name().empty() || c.name().size() > 100) return Invalid("capabilities.name", "1 to 100 characters");
  if (c.concurrency() == 0 || c.concurrency() > 1024) return Invalid("capabilities.concurrency", "1 to 1024");
  if (c.cores() > 4096) return Invalid("capabilities.cores", "at most 4096");
  if (!(std::isfinite(c.speed()) && c.speed() >= 0)) return Invalid("capabilities.speed", "a non-negative number");
  if (c.version().size() > 100) return Invalid("capabilities.version", "at most 100 characters");
  return absl::OkStatus();
}

}  // namespace judkins
