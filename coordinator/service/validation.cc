#include "coordinator/service/validation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "common/invalid_argument.h"
#include "common/sha256.h"
#include "common/valid_text.h"
#include "coordinator/domain/test_rules.h"
#include "engine/rules/variant.h"
#include "proto/contract.h"
#include "proto/convert/test_variant.h"
#include "proto/convert/time_control.h"
#include "tuner/spsa_tune.h"

namespace judkins {
namespace {

absl::Status ValidateEngine(absl::string_view field, const v1::EngineSpec& engine,
                            const std::function<bool(const std::string&)>& artifact_known) {
  // A name goes into records' tag lines, logs and terminals as it is.
  if (!IsPrintableName(engine.name(), contract::kMaxEngineNameBytes))
    return InvalidArgument(absl::StrCat(field, ".name"), absl::StrCat("printable text (no control characters) of 1 to ",
                                                                      contract::kMaxEngineNameBytes, " bytes"));
  if (!IsSha256Hex(engine.artifact_sha256()))
    return InvalidArgument(absl::StrCat(field, ".artifact_sha256"), "64 lower-case hex digits");
  if (!artifact_known(engine.artifact_sha256()))
    return InvalidArgument(absl::StrCat(field, ".artifact_sha256"),
                           absl::StrCat("no artifact ", engine.artifact_sha256(), " (upload it first)"));
  // A bundle's program is a path inside the archive the worker unpacks.
  if (!engine.bundle_program().empty() && !IsInnerPath(engine.bundle_program(), contract::kMaxBundlePathBytes))
    return InvalidArgument(absl::StrCat(field, ".bundle_program"),
                           absl::StrCat("a relative path inside the bundle (no '..'), printable, at most ",
                                        contract::kMaxBundlePathBytes, " bytes"));
  if (engine.has_net()) {
    if (!IsSha256Hex(engine.net().artifact_sha256()))
      return InvalidArgument(absl::StrCat(field, ".net.artifact_sha256"), "64 lower-case hex digits");
    if (!artifact_known(engine.net().artifact_sha256()))
      return InvalidArgument(absl::StrCat(field, ".net.artifact_sha256"),
                             absl::StrCat("no artifact ", engine.net().artifact_sha256(), " (upload it first)"));
    if (!IsPrintableName(engine.net().option(), contract::kMaxOptionNameBytes))
      return InvalidArgument(absl::StrCat(field, ".net.option"),
                             absl::StrCat("the option that takes the net's path: printable text of 1 to ",
                                          contract::kMaxOptionNameBytes, " bytes"));
  }
  if (engine.ready_timeout_seconds() > contract::kMaxReadyTimeoutSeconds)
    return InvalidArgument(absl::StrCat(field, ".ready_timeout_seconds"),
                           absl::StrCat("at most ", contract::kMaxReadyTimeoutSeconds, " (0: the default, ",
                                        contract::kDefaultReadyTimeoutSeconds, ")"));
  if (engine.options_size() > 256) return InvalidArgument(absl::StrCat(field, ".options"), "at most 256");
  // An option becomes a `setoption name N value V` line.
  for (const v1::EngineOption& option : engine.options())
    if (!IsPrintableName(option.name(), contract::kMaxOptionNameBytes) ||
        (!option.value().empty() && !IsPrintableName(option.value(), contract::kMaxOptionValueBytes)))
      return InvalidArgument(
          absl::StrCat(field, ".options"),
          absl::StrCat("bad option ", Quoted(option.name()), ": a name of 1 to ", contract::kMaxOptionNameBytes,
                       " bytes and a value of at most ", contract::kMaxOptionValueBytes, ", printable text"));
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
  // Workers read it as BOOKS/NAME.sfen: a name, never a path.
  if (!IsPlainFileName(spec.book(), contract::kMaxBookNameBytes))
    return InvalidArgument("spec.book", absl::StrCat("a book's name (", Quoted(spec.book()), " is not): 1 to ",
                                                     contract::kMaxBookNameBytes,
                                                     " letters, digits, '.', '_' or '-', not starting with '.'"));
  if (spec.book_size() == 0 || spec.book_size() > 10'000'000)
    return InvalidArgument("spec.book_size", "1 to 10,000,000");
  if (absl::StatusOr<Variant> variant = VariantOfSpec(spec); !variant.ok())
    return InvalidArgument("spec.variant", variant.status().message());
  switch (spec.stop_rule_case()) {
    case v1::TestSpec::kSprt: {
      if (!v1::EloModel_IsValid(spec.sprt().model()))
        return InvalidArgument("spec.sprt.model", "normalized, logistic or bayeselo");
      // 0 for alpha or beta means the default (SprtOf).
      if (std::optional<stats::ParameterProblem> problem = stats::CheckSprtParameters(*SprtOf(spec)))
        return InvalidArgument(absl::StrCat("spec.sprt.", problem->field), problem->why);
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
  if (report.cannot_play_because().size() > contract::kMaxRefusalBytes || !IsValidText(report.cannot_play_because()))
    return InvalidArgument("cannot_play_because",
                           absl::StrCat("text of at most ", contract::kMaxRefusalBytes, " bytes"));
  if (!report.cannot_play_because().empty() && (report.games_size() > 0 || !report.refused_because().empty()))
    return InvalidArgument("cannot_play_because", "a batch not started has no games, and is not also refused");
  if (!v1::HandBackReason_IsValid(report.hand_back_reason()))
    return InvalidArgument("hand_back_reason", absl::StrCat("no reason ", int(report.hand_back_reason())));
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

absl::Status ValidateProvenance(const v1::Provenance& provenance, const std::string& field) {
  constexpr size_t kMaxRepositoryBytes = 500, kMaxBranchBytes = 250, kMaxBuildCommandBytes = 2000;
  constexpr size_t kMinCommitDigits = 7, kMaxCommitDigits = 64;  // an abbreviation, up to SHA-256's
  const auto text = [&](const std::string& value, const char* name, size_t max) -> absl::Status {
    if (value.size() > max || !IsValidText(value))
      return InvalidArgument(absl::StrCat(field, ".", name), absl::StrCat("printable text, at most ", max, " bytes"));
    return absl::OkStatus();
  };
  if (absl::Status s = text(provenance.repository(), "repository", kMaxRepositoryBytes); !s.ok()) return s;
  if (absl::Status s = text(provenance.branch(), "branch", kMaxBranchBytes); !s.ok()) return s;
  if (absl::Status s = text(provenance.build_command(), "build_command", kMaxBuildCommandBytes); !s.ok()) return s;
  const std::string& commit = provenance.commit();
  const bool hex =
      std::all_of(commit.begin(), commit.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  if (!commit.empty() && (commit.size() < kMinCommitDigits || commit.size() > kMaxCommitDigits || !hex))
    return InvalidArgument(absl::StrCat(field, ".commit"),
                           absl::StrCat(kMinCommitDigits, " to ", kMaxCommitDigits, " hex digits"));
  return absl::OkStatus();
}

absl::Status ValidateCapabilities(const v1::WorkerCapabilities& c) {
  if (!IsPrintableName(c.name(), contract::kMaxWorkerNameBytes))
    return InvalidArgument("capabilities.name", absl::StrCat("printable text (no control characters) of 1 to ",
                                                             contract::kMaxWorkerNameBytes, " bytes"));
  if (c.concurrency() == 0 || c.concurrency() > 1024) return InvalidArgument("capabilities.concurrency", "1 to 1024");
  if (c.cores() > 4096) return InvalidArgument("capabilities.cores", "at most 4096");
  if (!(std::isfinite(c.speed()) && c.speed() >= 0))
    return InvalidArgument("capabilities.speed", "a non-negative number");
  if (!c.version().empty() && !IsPrintableName(c.version(), contract::kMaxWorkerNameBytes))
    return InvalidArgument("capabilities.version",
                           absl::StrCat("printable text of at most ", contract::kMaxWorkerNameBytes, " bytes"));
  return absl::OkStatus();
}

}  // namespace judkins
