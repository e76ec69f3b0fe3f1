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
#include "cli/texel_command.h"
#include "cli/tune_chart.h"
#include "common/read_file.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

int Fail(std::ostream& err, absl::string_view message) {
  err << "judkins-tune: " << message << "\n";
  return 1;
}

int64_t Rounded(const v1::TunedParameter& parameter) {
  return int64_t(std::clamp(std::round(parameter.value()), std::ceil(parameter.spec().min()),
                            std::floor(parameter.spec().max())));
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
                                                       "] exceed the engine's [", known->min(), ", ", known->max(), "]"));
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

int CreateSpsa(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  std::string engine_path, params_file, name = "tune";
  std::vector<std::string> only, passed_on, engine_options;
  v1::SpsaSpec spsa;
  double r_end = 0.002;
  for (const OptionGroup& group : *options) {
    absl::StatusOr<std::string> value = SingleValue(group);
    double number = 0;
    auto need_number = [&](double low, double high) {
      return value.ok() && absl::SimpleAtod(*value, &number) && number >= low && number <= high;
    };
    if (group.name == "engine" && value.ok()) engine_path = *value;
    else if (group.name == "params" && value.ok()) params_file = *value;
    else if (group.name == "name" && value.ok()) name = *value;
    else if (group.name == "tune") only = group.values;
    else if (group.name == "option") engine_options = group.values;
    else if (group.name == "pairs" && need_number(1, 1e8)) spsa.set_pairs(uint64_t(number));
    else if (group.name == "r-end" && need_number(1e-9, 1)) r_end = number;
    else if (group.name == "a-ratio" && need_number(0, 10)) spsa.set_a_ratio(number);
    else if (group.name == "alpha" && need_number(0, 2)) spsa.set_alpha(number);
    else if (group.name == "gamma" && need_number(0, 1)) spsa.set_gamma(number);
    else if (group.name == "pairs-per-batch" && need_number(1, 10000)) spsa.set_pairs_per_batch(uint32_t(number));
    else if (group.name == "tc" || group.name == "byoyomi" || group.name == "movetime" || group.name == "nodes" ||
             group.name == "depth" || group.name == "openings" || group.name == "priority" || group.name == "throughput") {
      passed_on.push_back("--" + group.name);
      passed_on.insert(passed_on.end(), group.values.begin(), group.values.end());
    } else {
      return Fail(err, absl::StrCat("--", group.name, ": bad or unknown option (see judkins-tune help)"));
    }
  }
  if (engine_path.empty()) return Fail(err, "give --engine PATH (a judkins-engine binary: uploaded, and its params read)");
  if (spsa.pairs() == 0) return Fail(err, "give --pairs N: game pairs (iterations) in the whole tune");
  absl::StatusOr<std::vector<v1::SpsaParameter>> parameters = TunedParameters(engine_path, params_file, only, r_end);
  if (!parameters.ok()) return Fail(err, parameters.status().message());
  for (v1::SpsaParameter& parameter : *parameters) *spsa.add_parameters() = std::move(parameter);

  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  absl::StatusOr<std::string> sha256 = client->UploadFile(engine_path);
  if (!sha256.ok()) return Fail(err, sha256.status().message());
  // The rest of the spec is what `judkins test create` builds from the same words.
  for (const char* side : {"dev", "base"}) {
    passed_on.insert(passed_on.end(), {absl::StrCat("--", side), absl::StrCat("sha=", *sha256),
                                       absl::StrCat("name=", name, side[0] == 'd' ? "+" : "-")});
    for (const std::string& option : engine_options) passed_on.push_back("option." + option);
  }
  passed_on.insert(passed_on.end(), {"--pairs", absl::StrCat(spsa.pairs())});
  absl::StatusOr<v1::TestSpec> spec = ParseTestSpec(passed_on);
  if (!spec.ok()) return Fail(err, spec.status().message());
  *spec->mutable_spsa() = spsa;  // the stop rule: the tune's pairs
  absl::StatusOr<v1::Test> test = client->CreateTest(*spec);
  if (!test.ok()) return Fail(err, test.status().message());
  out << test->id() << "\n";
  return 0;
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
int ShowOrExport(const std::string& verb, const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  std::vector<std::string> option_words;
  const std::vector<std::string> ids = Positional(words, option_words);
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(option_words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  uint64_t id = 0;
  if (ids.size() != 1 || !absl::SimpleAtoi(ids[0], &id)) return Fail(err, absl::StrCat("usage: judkins-tune ", verb, " ID"));
  std::string chart, out_file;
  bool json = false;
  for (const OptionGroup& group : *options) {
    absl::StatusOr<std::string> value = SingleValue(group);
    if (group.name == "chart" && verb == "show" && value.ok()) chart = *value;
    else if (group.name == "json" && verb == "show") json = true;
    else if (group.name == "out" && verb == "export" && value.ok()) out_file = *value;
    else return Fail(err, absl::StrCat("--", group.name, ": bad or unknown option for ", verb));
  }
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  absl::StatusOr<v1::Tune> tune = FetchTune(*client, id, chart.empty() ? 1 : 400);
  if (!tune.ok()) return Fail(err, tune.status().message());
  if (verb == "export") {
    if (!out_file.empty()) {
      std::ofstream file(out_file);
      if (!(file << ParamsFileOf(*tune))) return Fail(err, absl::StrCat("cannot write '", out_file, "'"));
      out << "wrote " << out_file << " (load it with judkins-engine --params " << out_file << ")\n";
    } else {
      out << ParamsFileOf(*tune) << "\n";
    }
    out << SetoptionLinesOf(*tune);
    return 0;
  }
  if (json) {
    out << Json(*tune);
    return 0;
  }
  out << TuneTable(*tune);
  if (!chart.empty()) {
    std::ofstream file(chart);
    if (!(file << ThetaChartSvg(*tune))) return Fail(err, absl::StrCat("cannot write '", chart, "'"));
    out << "chart: " << chart << "\n";
  }
  return 0;
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
    for (int i = 0; ok && i < 5; ++i)
      ok = absl::SimpleAtod(absl::StripAsciiWhitespace(fields[i + 1]), &numbers[i]) && std::isfinite(numbers[i]);
    if (!ok) return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ": expected name,start,min,max,c_end,r_end"));
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
  std::string text = absl::StrFormat("# tune #%d after %d of %d pairs\nname,value\n", tune.test().id(), tune.iterations(),
                                     tune.test().spec().spsa().pairs());
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
  const std::string usage =
      "usage: judkins-tune spsa create --engine PATH --pairs N [--tune NAME...] [--params FILE] [--r-end R]\n"
      "                    [--a-ratio A] [--alpha X] [--gamma X] [--pairs-per-batch N] [--option NAME=VALUE...]\n"
      "                    (--tc|--byoyomi|--movetime|--nodes|--depth ...) [--openings book=B size=N] [--priority P]\n"
      "       judkins-tune show ID [--chart FILE.svg] [--json]\n"
      "       judkins-tune export ID [--out FILE]\n"
      "       judkins-tune texel --records PATH... [--params FILE] [--tune NAME...] [--out FILE] [--threads N]\n"
      "                    [--iterations N] [--max-positions N]\n"
      "       (--server HOST:PORT, --token-file F, --tls-ca F [--tls-cert F --tls-key F];\n"
      "        or $JUDKINS_SERVER, $JUDKINS_ADMIN_TOKEN)";
  if (words.size() >= 2 && words[0] == "spsa" && words[1] == "create")
    return CreateSpsa({words.begin() + 2, words.end()}, out, err);
  if (!words.empty() && (words[0] == "show" || words[0] == "export"))
    return ShowOrExport(words[0], {words.begin() + 1, words.end()}, out, err);
  if (!words.empty() && words[0] == "texel") return RunTexelCommand({words.begin() + 1, words.end()}, out, err);
  err << usage << "\n";
  return 2;
}

}  // namespace judkins
