#include "coordinator/service/validation.h"

#include <cmath>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "common/invalid_argument.h"
#include "common/sha256.h"
#include "proto/contract.h"
#include "proto/convert/time_control.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

absl::Status ValidateEngine(absl::string_view field, const v1::EngineSpec& engine,
                            const std::function<bool(const std::string&)>& artifact_known) {
  if (engine.name().empty() || engine.name().size() > 64)
    return InvalidArgument(absl::StrCat(field, ".name"), "1 to 64 characters");
  if (!IsSha256Hex(engine.artifact_sha256()))
    return InvalidArgument(absl::StrCat(field, ".artifact_sha256"), "64 lower-case hex digits");
  if (!artifact_known(engine.artifact_sha256()))
    return InvalidArgument(absl::StrCat(field, ".artifact_sha256"),
                           absl::StrCat("no artifact ", engine.artifact_sha256(), " (upload it first)"));
  if (engine.options_size() > 256) return InvalidArgument(absl::StrCat(field, ".options"), "at most 256");
  for (const v1::EngineOption& option : engine.options())
    if (option.name().empty() || option.name().size() > 100 || option.value().size() > 1000 ||
        option.name().find('\n') != std::string::npos || option.value().find('\n') != std::string::npos)
      return InvalidArgument(absl::StrCat(field, ".options"), absl::StrCat("bad option '", option.name(), "'"));
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateTestSpec(const v1::TestSpec& spec, const std::function<bool(const std::string&)>& artifact_known) {
  if (absl::Status s = ValidateEngine("spec.base", spec.base(), artifact_known); !s.ok()) return s;
  if (absl::Status s = ValidateEngine("spec.dev", spec.dev(), artifact_known); !s.ok()) return s;
  if (spec.time_control().kind_case() == v1::TimeControlSpec::KIND_NOT_SET)
    return InvalidArgument("spec.time_control", "missing");
  // TimeControlOf names the kind: "spec.time_control.fischer: ...".
  if (absl::StatusOr<TimeControl> tc = TimeControlOf(spec.time_control()); !tc.ok())
    return absl::InvalidArgumentError(absl::StrCat("spec.time_control.", tc.status().message()));
  if (spec.book().empty() || spec.book().size() > 100) return InvalidArgument("spec.book", "a book name");
  if (spec.book_size() == 0 || spec.book_size() > 10'000'000)
    return InvalidArgument("spec.book_size", "1 to 10,000,000");
  switch (spec.stop_rule_case()) {
    case v1::TestSpec::kSprt: {
      const v1::SprtSpec& sprt = spec.sprt();
      if (!(std::isfinite(sprt.elo0()) && std::isfinite(sprt.elo1()) && sprt.elo0() < sprt.elo1() &&
            sprt.elo1() - sprt.elo0() <= 1000))
        return InvalidArgument("spec.sprt", "elo0 < elo1, at most 1000 apart");
      for (double p : {sprt.alpha(), sprt.beta()})
        if (!(p == 0 || (p > 0 && p < 0.5)))
          return InvalidArgument("spec.sprt", "alpha and beta in (0, 0.5), or 0 for 0.05");
      break;
    }
    case v1::TestSpec::kFixedPairs:
      if (spec.fixed_pairs() == 0 || spec.fixed_pairs() > 100'000'000)
        return InvalidArgument("spec.fixed_pairs", "1 to 1e8");
      break;
    case v1::TestSpec::kSpsa: {
      if (absl::Status s = tuner::ValidateSpsaSpec(spec.spsa()); !s.ok()) return s;
      if (spec.base().artifact_sha256() != spec.dev().artifact_sha256())
        return InvalidArgument("spec.base.artifact_sha256",
                               "a tune plays one engine against itself: give dev's artifact");
      for (const v1::EngineSpec* engine : {&spec.dev(), &spec.base()})
        for (const v1::EngineOption& option : engine->options())
          for (const v1::SpsaParameter& parameter : spec.spsa().parameters())
            if (option.name() == parameter.name())
              return InvalidArgument("spec.dev.options",
                                     absl::StrCat("'", option.name(), "' is tuned; do not also set it"));
      break;
    }
    default:
      return InvalidArgument("spec", "an sprt, fixed_pairs or spsa stop rule");
  }
  if (spec.priority() < contract::kMinPriority || spec.priority() > contract::kMaxPriority)
    return InvalidArgument("spec.priority", absl::StrCat(contract::kMinPriority, " to ", contract::kMaxPriority));
  if (spec.throughput() > contract::kMaxThroughput)
    return InvalidArgument("spec.throughput", absl::StrCat("0 (default ", contract::kDefaultThroughput, ") to ",
                                                           contract::kMaxThroughput));
  if (spec.max_pairs() > 1'000'000'000) return InvalidArgument("spec.max_pairs", "at most 1e9");
  if (!(std::isfinite(spec.reference_speed()) && spec.reference_speed() >= 0 &&
        spec.reference_speed() <= contract::kMaxReferenceSpeed))
    return InvalidArgument("spec.reference_speed", "0 (not scaled) to 1e12 bench nodes per second");
  return absl::OkStatus();
}

absl::Status ValidateReport(const v1::BatchReport& report) {
  if (report.batch_id() == 0) return InvalidArgument("batch_id", "missing");
  if (report.games_size() > contract::kMaxGamesPerReport)
    return InvalidArgument("games", absl::StrCat("at most ", contract::kMaxGamesPerReport));
  // Records describe the games reported: a report cannot park more text in
  // the store than its games could have made.
  if (const size_t bound = size_t(report.games_size()) * contract::kMaxRecordBytesPerGame;
      report.records().size() > bound)
    return InvalidArgument("records",
                           absl::StrCat(report.records().size(), " bytes for ", report.games_size(), " games; at most ",
                                        contract::kMaxRecordBytesPerGame, " bytes a game"));
  if (report.records().find('\0') != std::string::npos) return InvalidArgument("records", "text, without NUL bytes");
  if (report.refused_because().size() > contract::kMaxRefusalBytes)
    return InvalidArgument("refused_because", absl::StrCat("at most ", contract::kMaxRefusalBytes, " bytes"));
  if (!report.refused_because().empty() && report.games_size() > 0)
    return InvalidArgument("refused_because", "a refused batch has no games");
  return absl::OkStatus();
}

absl::Status ValidateWorkRequest(const v1::WorkRequest& request) {
  if (request.held().batch_ids_size() > contract::kMaxLeasesPerWorker)
    return InvalidArgument("held.batch_ids",
                           absl::StrCat("at most ", contract::kMaxLeasesPerWorker, " (the leases a worker may hold)"));
  return absl::OkStatus();
}

absl::Status ValidateHeartbeat(const v1::HeartbeatRequest& request) {
  if (request.batch_ids_size() > contract::kMaxHeartbeatBatches)
    return InvalidArgument("batch_ids",
                           absl::StrCat("at most ", contract::kMaxHeartbeatBatches, " (the leases a worker may hold)"));
  return absl::OkStatus();
}

absl::Status ValidateCapabilities(const v1::WorkerCapabilities& c) {
  if (c.name().empty() || c.name().size() > 100) return InvalidArgument("capabilities.name", "1 to 100 characters");
  if (c.concurrency() == 0 || c.concurrency() > 1024) return InvalidArgument("capabilities.concurrency", "1 to 1024");
  if (c.cores() > 4096) return InvalidArgument("capabilities.cores", "at most 4096");
  if (!(std::isfinite(c.speed()) && c.speed() >= 0))
    return InvalidArgument("capabilities.speed", "a non-negative number");
  if (c.version().size() > 100) return InvalidArgument("capabilities.version", "at most 100 characters");
  return absl::OkStatus();
}

}  // namespace judkins
