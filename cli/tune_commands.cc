#include "cli/tune_commands.h"

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <google/protobuf/util/json_util.h>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "cli/admin_client.h"
#include "cli/command_support.h"
#include "cli/commands.h"
#include "cli/test_spec_options.h"
#include "cli/texel_command.h"
#include "cli/tune_chart.h"
#include "common/command_line.h"
#include "common/decimal.h"
#include "common/read_file.h"
#include "proto/convert/json.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

constexpr char kTuneProgram[] = "judkins-tune";
constexpr double kDefaultREnd = 0.002;  // fishtest's usual final learning rate
constexpr uint64_t kMaxTunePairs = 100'000'000;
constexpr uint32_t kMaxPairsPerBatch = 10'000;
constexpr uint32_t kChartHistoryPoints = 400;  // enough for a smooth line, small to send

int Fail(std::ostream& err, absl::string_view message, int code = kExitFailure) {
  return judkins::Fail(err, kTuneProgram, message, code);
}

int64_t Rounded(const v1::TunedParameter& parameter) {
  return int64_t(
      std::clamp(std::round(parameter.value()), std::ceil(parameter.spec().min()), std::floor(parameter.spec().max())));
}

// The parameters a tune starts from: the engine's own (all, or those named by
// --tune), or fishtest lines from --params; r_end from --r-end.
absl::StatusOr<std::vector<v1::SpsaParameter>> TunedParameters(const std::string& engine_path,
                                                               const std::string& params_file,
                                                               const std::vector<std::string>& only, double r_end) {
  absl::StatusOr<v1::EngineParamList> engine = ReadEngineParams(engine_path);
  if (!engine.ok()) return engine.status();
  std::vector<v1::SpsaParameter> parameters;
  if (!params_file.empty()) {
    absl::StatusOr<std::string> text = ReadFile(params_file);
    if (!text.ok()) return text.status();
    absl::StatusOr<std::vector<v1::SpsaParameter>> lines = ParseSpsaParameterLines(*text);
    if (!lines.ok()) return absl::InvalidArgumentError(absl::StrCat(params_file, ": ", lines.status().message()));
    parameters = *std::move(lines);
    // The engine refuses a setoption it does not know or outside its bounds:
    // catch that here, not as a tune that silently moves nothing.
    for (const v1::SpsaParameter& p : parameters) {
      auto known = std::find_if(engine->params().begin(), engine->params().end(),
                                [&](const v1::EngineParam& e) { return e.name() == p.name(); });
      if (known == engine->params().end())
        return absl::InvalidArgumentError(absl::StrCat(params_file, ": the engine has no parameter '", p.name(), "'"));
      if (p.min() < known->min() || p.max() > known->max())
        return absl::InvalidArgumentError(absl::StrCat(params_file, ": ", p.name(), " bounds [", p.min(), ", ", p.max(),
                                                       "] exceed the engine's [", known->min(), ", ", known->max(),
                                                       "]"));
    }
  } else {
    for (const v1::EngineParam& param : engine->params()) {
      v1::SpsaParameter& parameter = parameters.emplace_back();
      parameter.set_name(param.name());
      parameter.set_start(param.value());
      parameter.set_min(param.min());
      parameter.set_max(param.max());
      parameter.set_c_end(param.step());
      parameter.set_r_end(r_end);
    }
  }
  if (only.empty()) return parameters;
  std::vector<v1::SpsaParameter> chosen;
  for (const std::string& name : only) {
    auto it = std::find_if(parameters.begin(), parameters.end(), [&](const auto& p) { return p.name() == name; });
    if (it == parameters.end()) return absl::InvalidArgumentError(absl::StrCat("--tune: no parameter '", name, "'"));
    chosen.push_back(*it);
  }
  return chosen;
}

// spsa create: the tune's own options; the schedule comes from TestSpecOptions.
struct SpsaArguments {
  std::string engine_path, params_file, name = "tune";
  std::vector<std::string> only, engine_options;
  double r_end = kDefaultREnd;
  v1::SpsaSpec spsa;
};

void DeclareSpsaCreate(CLI::App& command, SpsaArguments& args) {
  command.add_option("--engine", args.engine_path, "a judkins-engine binary: uploaded, and its parameters read")
      ->required()
      ->check(CLI::ExistingFile);
  command
      .add_option_function<uint64_t>(
          "--pairs", [&args](uint64_t pairs) { args.spsa.set_pairs(pairs); },
          "game pairs (iterations) in the whole tune")
      ->required()
      ->check(CLI::Range(uint64_t(1), kMaxTunePairs));
  command.add_option("--tune", args.only, "tune only these parameters (default: all the engine's)")->default_str("");
  command.add_option("--params", args.params_file, "fishtest lines name,start,min,max,c_end,r_end instead")
      ->check(CLI::ExistingFile);
  command.add_option("--name", args.name, "the engines' names: NAME+ and NAME-");
  command.add_option("--r-end", args.r_end, "the final learning rate of every parameter from the engine")
      ->check(CLI::Range(1e-9, 1.0));
  command
      .add_option_function<double>(
          "--a-ratio", [&args](double v) { args.spsa.set_a_ratio(v); }, "A = a-ratio * pairs (default 0.1)")
      ->check(CLI::Range(0.0, 10.0));
  command
      .add_option_function<double>(
          "--alpha", [&args](double v) { args.spsa.set_alpha(v); }, "gain decay (default 0.602)")
      ->check(CLI::Range(0.0, 2.0));
  command
      .add_option_function<double>(
          "--gamma", [&args](double v) { args.spsa.set_gamma(v); }, "perturbation decay (default 0.101)")
      ->check(CLI::Range(0.0, 1.0));
  command
      .add_option_function<uint32_t>(
          "--pairs-per-batch", [&args](uint32_t v) { args.spsa.set_pairs_per_batch(v); },
          "pairs sharing one perturbation (default: the worker's concurrency)")
      ->check(CLI::Range(uint32_t(1), kMaxPairsPerBatch));
  command.add_option("--option", args.engine_options, "NAME=VALUE engine options for both sides")->default_str("");
}

int CreateSpsa(const ServerAddress& address, const SpsaArguments& args, const TestSpecOptions& schedule,
               std::ostream& out, std::ostream& err) {
  absl::StatusOr<v1::TestSpec> spec = schedule.Spec();
  if (!spec.ok()) return Fail(err, spec.status().message(), kExitUsage);
  absl::StatusOr<std::vector<v1::SpsaParameter>> parameters =
      TunedParameters(args.engine_path, args.params_file, args.only, args.r_end);
  if (!parameters.ok()) return Fail(err, parameters.status().message());
  v1::SpsaSpec spsa = args.spsa;
  for (v1::SpsaParameter& parameter : *parameters) *spsa.add_parameters() = std::move(parameter);

  absl::StatusOr<AdminClient> client = AdminClient::Connect(address);
  if (!client.ok()) return Fail(err, client.status().message());
  absl::StatusOr<std::string> sha256 = client->UploadFile(args.engine_path);
  if (!sha256.ok()) return Fail(err, sha256.status().message());
  // Both sides play the uploaded engine: dev with theta+, base with theta-.
  for (v1::EngineSpec* side : {spec->mutable_dev(), spec->mutable_base()}) {
    side->set_artifact_sha256(*sha256);
    side->set_name(absl::StrCat(args.name, side == spec->mutable_dev() ? "+" : "-"));
    for (const std::string& option : args.engine_options) {
      const size_t equals = option.find('=');
      if (equals == std::string::npos || equals == 0)
        return Fail(err, absl::StrCat("--option: expected NAME=VALUE, got '", option, "'"), kExitUsage);
      v1::EngineOption& engine_option = *side->add_options();
      engine_option.set_name(option.substr(0, equals));
      engine_option.set_value(option.substr(equals + 1));
    }
  }
  *spec->mutable_spsa() = spsa;  // the stop rule: the tune's pairs
  absl::StatusOr<v1::Test> test = client->CreateTest(*spec);
  if (!test.ok()) return Fail(err, test.status().message());
  out << test->id() << "\n";
  return kExitOk;
}

absl::StatusOr<v1::Tune> FetchTune(AdminClient& client, uint64_t id, uint32_t history_points) {
  v1::GetTuneRequest request;
  request.set_test_id(id);
  request.set_max_history_points(history_points);
  v1::Tune tune;
  const grpc::Status status = client.stub().GetTune(client.Context().get(), request, &tune);
  if (!status.ok()) return absl::UnavailableError(Describe(status));
  return tune;
}

std::string TuneTable(const v1::Tune& tune) {
  std::string text = absl::StrFormat("%s\niterations %d of %d (pairs counted), games %d\n\n", TestLine(tune.test()),
                                     tune.iterations(), tune.test().spec().spsa().pairs(), tune.test().stats().games());
  absl::StrAppendFormat(&text, "%-24s %10s %10s %9s %8s  %s\n", "parameter", "start", "theta", "change", "%", "bounds");
  for (const v1::TunedParameter& p : tune.parameters()) {
    const double change = p.value() - p.spec().start();
    absl::StrAppendFormat(&text, "%-24s %10.2f %10.2f %+9.2f %+7.1f%%  [%g, %g]\n", p.spec().name(), p.spec().start(),
                          p.value(), change, p.spec().start() != 0 ? 100 * change / std::abs(p.spec().start()) : 0.0,
                          p.spec().min(), p.spec().max());
  }
  return text;
}

// show ID [--chart FILE.svg] [--json] | export ID [--out FILE]
struct ShowArguments {
  uint64_t id = 0;
  std::string chart, out_file;
  bool json = false;
};

int ShowTune(AdminClient& client, const ShowArguments& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<v1::Tune> tune = FetchTune(client, args.id, args.chart.empty() ? 1 : kChartHistoryPoints);
  if (!tune.ok()) return Fail(err, tune.status().message());
  if (args.json) {
    out << JsonOf(*tune);
    return kExitOk;
  }
  out << TuneTable(*tune);
  if (!args.chart.empty()) {
    std::ofstream file(args.chart);
    if (!(file << ThetaChartSvg(*tune))) return Fail(err, absl::StrCat("cannot write '", args.chart, "'"));
    out << "chart: " << args.chart << "\n";
  }
  return kExitOk;
}

int ExportTune(AdminClient& client, const ShowArguments& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<v1::Tune> tune = FetchTune(client, args.id, 1);
  if (!tune.ok()) return Fail(err, tune.status().message());
  if (!args.out_file.empty()) {
    std::ofstream file(args.out_file);
    if (!(file << ParamsFileOf(*tune))) return Fail(err, absl::StrCat("cannot write '", args.out_file, "'"));
    out << "wrote " << args.out_file << " (load it with judkins-engine --params " << args.out_file << ")\n";
  } else {
    out << ParamsFileOf(*tune) << "\n";
  }
  out << SetoptionLinesOf(*tune);
  return kExitOk;
}

}  // namespace

absl::StatusOr<std::vector<v1::SpsaParameter>> ParseSpsaParameterLines(const std::string& text) {
  std::vector<v1::SpsaParameter> parameters;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    std::vector<std::string> fields = absl::StrSplit(line, ',');
    double numbers[5];
    bool ok = fields.size() == 6;
    for (int i = 0; ok && i < 5; ++i) ok = ParseDecimal(absl::StripAsciiWhitespace(fields[i + 1]), &numbers[i]);
    if (!ok)
      return absl::InvalidArgumentError(
          absl::StrCat("line ", line_number, ": expected name,start,min,max,c_end,r_end"));
    v1::SpsaParameter& p = parameters.emplace_back();
    p.set_name(std::string(absl::StripAsciiWhitespace(fields[0])));
    p.set_start(numbers[0]);
    p.set_min(numbers[1]);
    p.set_max(numbers[2]);
    p.set_c_end(numbers[3]);
    p.set_r_end(numbers[4]);
  }
  if (parameters.empty()) return absl::InvalidArgumentError("no parameter lines");
  return parameters;
}

absl::StatusOr<v1::EngineParamList> ReadEngineParams(const std::string& engine_path) {
  absl::StatusOr<std::unique_ptr<EngineProcess>> engine =
      EngineProcess::Start({.argv = {engine_path, "params", "--json"}});
  if (!engine.ok()) return engine.status();
  std::string json;
  const absl::Time deadline = absl::Now() + absl::Seconds(20);
  while (true) {
    absl::StatusOr<std::string> line = (*engine)->ReadLine(deadline);
    if (!line.ok()) break;  // the end of its output (or the deadline)
    absl::StrAppend(&json, *line, "\n");
  }
  v1::EngineParamList params;
  if (!google::protobuf::util::JsonStringToMessage(json, &params).ok() || params.params().empty())
    return absl::InvalidArgumentError(
        absl::StrCat("'", engine_path, " params --json' did not print a parameter list (is it judkins-engine?)"));
  return params;
}

std::string ParamsFileOf(const v1::Tune& tune) {
  std::string text = absl::StrFormat("# tune #%d after %d of %d pairs\nname,value\n", tune.test().id(),
                                     tune.iterations(), tune.test().spec().spsa().pairs());
  for (const v1::TunedParameter& p : tune.parameters()) absl::StrAppend(&text, p.spec().name(), ",", Rounded(p), "\n");
  return text;
}

std::string SetoptionLinesOf(const v1::Tune& tune) {
  std::string text;
  for (const v1::TunedParameter& p : tune.parameters())
    absl::StrAppend(&text, "setoption name ", p.spec().name(), " value ", Rounded(p), "\n");
  return text;
}

int RunTuneCli(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  // Step 1. The command line.
  CLI::App app("SPSA tunes on the coordinator's workers, and texel fits from recorded games.", kTuneProgram);
  SetUpCommandLine(app);
  app.require_subcommand(1);
  ConnectionOptions connection;
  connection.Declare(app);
  CLI::App& spsa = *app.add_subcommand("spsa", "SPSA tunes");
  spsa.require_subcommand(1);
  CLI::App& create = *spsa.add_subcommand("create", "start a tune of a judkins-engine's parameters; prints its id");
  SpsaArguments spsa_args;
  DeclareSpsaCreate(create, spsa_args);
  const TestSpecOptions schedule(create, TestSpecOptions::Parts::kScheduleOnly);
  ShowArguments show_args;
  CLI::App& show = *app.add_subcommand("show", "a tune's parameters: start, theta, change, bounds");
  show.add_option("id", show_args.id, "the tune's test id")->required();
  show.add_option("--chart", show_args.chart, "also draw theta over the iterations into this SVG file");
  show.add_flag("--json", show_args.json, "print JSON");
  CLI::App& export_command = *app.add_subcommand("export", "the tuned values as a params file and setoption lines");
  export_command.add_option("id", show_args.id, "the tune's test id")->required();
  export_command.add_option("--out", show_args.out_file, "write the params file here");
  const TexelCommand texel(*app.add_subcommand("texel", "fit evaluation weights to recorded games, offline"));
  if (std::optional<int> exit = ParseCommandLine(app, words, out, err)) return *exit;

  // Step 2. The command.
  if (create.parsed()) return CreateSpsa(connection.address(), spsa_args, schedule, out, err);
  if (!show.parsed() && !export_command.parsed()) return texel.Run(out, err);
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address());
  if (!client.ok()) return Fail(err, client.status().message());
  return show.parsed() ? ShowTune(*client, show_args, out, err) : ExportTune(*client, show_args, out, err);
}

}  // namespace judkins
