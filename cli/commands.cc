#include "cli/commands.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "cli/admin_client.h"
#include "cli/command_support.h"
#include "common/grouped_options.h"
#include "proto/convert/stats_text.h"

namespace judkins {
namespace {

absl::Status Invalid(absl::string_view option, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("--", option, ": ", why));
}

absl::Status EngineFromGroup(const OptionGroup& group, v1::EngineSpec& engine) {
  absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(group);
  if (!pairs.ok()) return pairs.status();
  for (const auto& [key, value] : *pairs) {
    if (key == "sha") engine.set_artifact_sha256(value);
    else if (key == "name") engine.set_name(value);
    else if (absl::StartsWith(key, "option.") && key.size() > 7) {
      v1::EngineOption& option = *engine.add_options();
      option.set_name(key.substr(7));
      option.set_value(value);
    } else {
      return Invalid(group.name, absl::StrCat("unknown key '", key, "' (sha, name, option.NAME)"));
    }
  }
  if (engine.name().empty()) engine.set_name(group.name);
  return absl::OkStatus();
}

int Fail(std::ostream& err, absl::string_view message) {
  err << "judkins: " << message << "\n";
  return 1;
}

int UploadEngine(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  std::vector<std::string> option_words;
  const std::vector<std::string> paths = Positional(words, option_words);
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(option_words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  if (paths.size() != 1 || !options->empty()) return Fail(err, "usage: judkins engine upload PATH");
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  absl::StatusOr<std::string> sha256 = client->UploadFile(paths[0]);
  if (!sha256.ok()) return Fail(err, sha256.status().message());
  out << *sha256 << "\n";
  return 0;
}

int CreateTest(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  std::vector<std::string> spec_words;
  for (const OptionGroup& group : *options) {
    spec_words.push_back("--" + group.name);
    spec_words.insert(spec_words.end(), group.values.begin(), group.values.end());
  }
  absl::StatusOr<v1::TestSpec> spec = ParseTestSpec(spec_words);
  if (!spec.ok()) return Fail(err, spec.status().message());
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  absl::StatusOr<v1::Test> test = client->CreateTest(*spec);
  if (!test.ok()) return Fail(err, test.status().message());
  out << test->id() << "\n";
  return 0;
}

// test list | show ID | stop ID | watch ID | exclude ID WORKER [--reason TEXT]
int TestCommand(const std::string& verb, const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  std::vector<std::string> option_words;
  const std::vector<std::string> ids = Positional(words, option_words);
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(option_words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  bool all = false, json = false;
  std::string reason;
  for (const OptionGroup& group : *options) {
    if (group.name == "all") all = true;
    else if (group.name == "json") json = true;
    else if (group.name == "reason" && verb == "exclude") reason = absl::StrJoin(group.values, " ");
    else return Fail(err, absl::StrCat("unknown option --", group.name));
  }
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  if (verb == "list") {
    v1::ListTestsRequest request;
    request.set_include_finished(all);
    v1::ListTestsResponse response;
    const grpc::Status status = client->stub().ListTests(client->Context().get(), request, &response);
    if (!status.ok()) return Fail(err, Describe(status));
    if (json) out << Json(response);
    else for (const v1::Test& test : response.tests()) out << TestLine(test) << "\n";
    return 0;
  }
  uint64_t id = 0, worker = 0;
  if (verb == "exclude") {
    if (ids.size() != 2 || !absl::SimpleAtoi(ids[0], &id) || !absl::SimpleAtoi(ids[1], &worker))
      return Fail(err, "usage: judkins test exclude TEST_ID WORKER_ID [--reason TEXT]");
  } else if (ids.size() != 1 || !absl::SimpleAtoi(ids[0], &id)) {
    return Fail(err, absl::StrCat("usage: judkins test ", verb, " ID"));
  }
  v1::Test test;
  grpc::Status status;
  if (verb == "show") {
    v1::GetTestRequest request;
    request.set_test_id(id);
    status = client->stub().GetTest(client->Context().get(), request, &test);
  } else if (verb == "stop") {
    v1::StopTestRequest request;
    request.set_test_id(id);
    status = client->stub().StopTest(client->Context().get(), request, &test);
  } else if (verb == "exclude") {
    v1::ExcludeWorkerRequest request;
    request.set_test_id(id);
    request.set_worker_id(worker);
    request.set_reason(reason);
    status = client->stub().ExcludeWorker(client->Context().get(), request, &test);
  } else if (verb == "watch") {
    v1::WatchTestRequest request;
    request.set_test_id(id);
    auto context = client->Context(absl::InfiniteDuration());
    auto reader = client->stub().WatchTest(context.get(), request);
    const bool terminal = isatty(STDOUT_FILENO);
    std::string shown;
    while (reader->Read(&test)) {
      const std::string line = TestLine(test);
      if (line == shown) continue;
      shown = line;
      out << (terminal ? "\r\033[K" : "") << line << (terminal ? "" : "\n") << std::flush;
    }
    if (terminal && !shown.empty()) out << "\n";
    status = reader->Finish();
    if (status.ok()) return 0;
  } else {
    return Fail(err, absl::StrCat("unknown test command '", verb, "' (create, list, show, stop, watch, records)"));
  }
  if (!status.ok()) return Fail(err, Describe(status));
  out << (json || verb == "show" ? Json(test) : TestLine(test) + "\n");
  return 0;
}

// test records ID [--out FILE]: the records workers sent, in batch order.
int TestRecords(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  std::vector<std::string> option_words;
  const std::vector<std::string> ids = Positional(words, option_words);
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(option_words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  std::string out_file;
  for (const OptionGroup& group : *options) {
    absl::StatusOr<std::string> value = SingleValue(group);
    if (group.name == "out" && value.ok()) out_file = *value;
    else return Fail(err, absl::StrCat("--", group.name, ": bad or unknown option (--out FILE)"));
  }
  uint64_t id = 0;
  if (ids.size() != 1 || !absl::SimpleAtoi(ids[0], &id)) return Fail(err, "usage: judkins test records ID [--out FILE]");
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  std::ofstream file;
  if (!out_file.empty()) {
    file.open(out_file);
    if (!file) return Fail(err, absl::StrCat("cannot write '", out_file, "'"));
  }
  std::ostream& sink = out_file.empty() ? out : file;
  v1::GetRecordsRequest request;
  request.set_test_id(id);
  auto context = client->Context(absl::Hours(1));
  auto reader = client->stub().GetRecords(context.get(), request);
  v1::RecordsChunk chunk;
  while (reader->Read(&chunk)) sink << chunk.records();
  if (const grpc::Status status = reader->Finish(); !status.ok()) return Fail(err, Describe(status));
  if (!sink) return Fail(err, absl::StrCat("cannot write '", out_file, "'"));
  return 0;
}

int Workers(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  Connection connection;
  absl::StatusOr<std::vector<OptionGroup>> options = Options(words, connection);
  if (!options.ok()) return Fail(err, options.status().message());
  if (!options->empty()) return Fail(err, absl::StrCat("unknown option --", (*options)[0].name));
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address);
  if (!client.ok()) return Fail(err, client.status().message());
  v1::ListWorkersResponse response;
  const grpc::Status status = client->stub().ListWorkers(client->Context().get(), v1::ListWorkersRequest(), &response);
  if (!status.ok()) return Fail(err, Describe(status));
  const int64_t now = absl::ToUnixSeconds(absl::Now());
  for (const v1::WorkerInfo& w : response.workers())
    out << absl::StrFormat("%4d  %-20s concurrency %-3d speed %-10.0f batches %-3d seen %ds ago\n", w.id(),
                           w.capabilities().name(), w.capabilities().concurrency(), w.capabilities().speed(),
                           w.batches_in_flight(), now - w.last_seen_unix());
  return 0;
}

}  // namespace

std::string TestLine(const v1::Test& test) {
  const v1::WinDrawLoss& wdl = test.wdl();
  const v1::StatsReport& stats = test.stats();
  std::string line = absl::StrFormat("#%d %s vs %s %-8s games %d  W-D-L %d-%d-%d  penta %s  %s", test.id(),
                                     test.spec().dev().name(), test.spec().base().name(), TestStateText(test.state()),
                                     stats.games(), wdl.wins(), wdl.draws(), wdl.losses(),
                                     PentanomialText(test.pentanomial()), EloSummary(stats));
  if (stats.has_sprt()) absl::StrAppend(&line, "  ", LlrSummary(stats));
  const double seconds = double(test.updated_unix() - test.created_unix());
  if (seconds > 0 && stats.games() > 0) {
    const double rate = double(stats.games()) / seconds;
    absl::StrAppend(&line, absl::StrFormat("  %.2f games/s", rate));
    double remaining_games = 0;
    if (test.spec().has_fixed_pairs()) remaining_games = 2.0 * double(test.spec().fixed_pairs()) - double(stats.games());
    else if (stats.has_sprt() && stats.llr() != 0) {
      // Games until the LLR reaches the bound it is heading for, at its pace so far.
      const double bound = stats.llr() > 0 ? stats.upper_bound() : stats.lower_bound();
      remaining_games = std::max(0.0, (bound / stats.llr() - 1) * double(stats.games()));
    }
    if (remaining_games > 0 && test.state() == v1::TEST_STATE_RUNNING)
      absl::StrAppend(&line, "  ETA ", absl::FormatDuration(absl::Seconds(int64_t(remaining_games / rate))));
  }
  if (!test.finished_because().empty()) absl::StrAppend(&line, "  (", test.finished_because(), ")");
  return line;
}

absl::StatusOr<v1::TestSpec> ParseTestSpec(const std::vector<std::string>& words) {
  absl::StatusOr<std::vector<OptionGroup>> groups = ParseGroupedOptions(words);
  if (!groups.ok()) return groups.status();
  v1::TestSpec spec;
  spec.set_book("default");
  uint64_t pairs = 0;  // with --sprt a cap, else the fixed number of pairs
  for (const OptionGroup& group : *groups) {
    const std::string& name = group.name;
    absl::StatusOr<std::string> value = SingleValue(group);
    if (name == "dev" || name == "base") {
      if (absl::Status s = EngineFromGroup(group, name == "dev" ? *spec.mutable_dev() : *spec.mutable_base()); !s.ok())
        return s;
    } else if (name == "tc" || name == "byoyomi") {
      if (!value.ok()) return value.status();
      if (name == "tc") spec.mutable_time_control()->set_fischer(*value);
      else spec.mutable_time_control()->set_byoyomi(*value);
    } else if (name == "movetime") {
      double seconds = 0;
      if (!value.ok() || !absl::SimpleAtod(*value, &seconds)) return Invalid(name, "seconds");
      spec.mutable_time_control()->set_movetime(seconds);
    } else if (name == "nodes" || name == "depth" || name == "pairs" || name == "priority" || name == "throughput" ||
               name == "max-pairs") {
      int64_t number = 0;
      if (!value.ok() || !absl::SimpleAtoi(*value, &number) || number < (name == "priority" ? -1000 : 0))
        return Invalid(name, "an integer");
      if (name == "nodes") spec.mutable_time_control()->set_nodes(number);
      else if (name == "depth") spec.mutable_time_control()->set_depth(uint32_t(number));
      else if (name == "pairs") pairs = uint64_t(number);
      else if (name == "priority") spec.set_priority(int32_t(number));
      else if (name == "throughput") spec.set_throughput(uint32_t(number));
      else spec.set_max_pairs(number);
    } else if (name == "openings") {
      absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(group);
      if (!pairs.ok()) return pairs.status();
      for (const auto& [key, v] : *pairs) {
        uint32_t size = 0;
        if (key == "book") spec.set_book(v);
        else if (key == "size" && absl::SimpleAtoi(v, &size)) spec.set_book_size(size);
        else return Invalid(name, "book=NAME size=N");
      }
    } else if (name == "sprt") {
      absl::StatusOr<std::multimap<std::string, std::string>> pairs = KeyValues(group);
      if (!pairs.ok()) return pairs.status();
      v1::SprtSpec& sprt = *spec.mutable_sprt();
      sprt.set_model(v1::ELO_MODEL_NORMALIZED);
      for (const auto& [key, v] : *pairs) {
        double number = 0;
        if (key == "model") {
          if (v == "normalized") sprt.set_model(v1::ELO_MODEL_NORMALIZED);
          else if (v == "logistic") sprt.set_model(v1::ELO_MODEL_LOGISTIC);
          else if (v == "bayeselo") sprt.set_model(v1::ELO_MODEL_BAYESELO);
          else return Invalid(name, "model must be normalized, logistic or bayeselo");
        } else if (!absl::SimpleAtod(v, &number)) {
          return Invalid(name, absl::StrCat("'", key, "' needs a number"));
        } else if (key == "elo0") sprt.set_elo0(number);
        else if (key == "elo1") sprt.set_elo1(number);
        else if (key == "alpha") sprt.set_alpha(number);
        else if (key == "beta") sprt.set_beta(number);
        else return Invalid(name, absl::StrCat("unknown key '", key, "' (elo0, elo1, alpha, beta, model)"));
      }
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown option --", name));
    }
  }
  if (!spec.has_dev() || !spec.has_base()) return absl::InvalidArgumentError("give --dev sha=... and --base sha=...");
  if (!spec.has_time_control()) return absl::InvalidArgumentError("give a time control: --tc, --byoyomi, --movetime, --nodes or --depth");
  if (!spec.has_sprt() && pairs == 0) return absl::InvalidArgumentError("give --sprt ... or --pairs N");
  // --pairs caps an SPRT (its max_pairs) and is the length of any other test.
  if (spec.has_sprt() && pairs > 0) spec.set_max_pairs(pairs);
  else if (!spec.has_sprt()) spec.set_fixed_pairs(pairs);
  if (spec.book_size() == 0) spec.set_book_size(500);  // books/default.sfen
  return spec;
}

int RunCli(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  const std::string usage =
      "usage: judkins engine upload PATH | test create OPTIONS | test list [--all] | test show|stop|watch ID\n"
      "       | test exclude ID WORKER_ID [--reason TEXT]\n"
      "       | test records ID [--out FILE] | workers\n"
      "       (--server HOST:PORT, --token-file F, --tls-ca F [--tls-cert F --tls-key F];\n"
      "        or $JUDKINS_SERVER, $JUDKINS_ADMIN_TOKEN)";
  if (words.size() >= 2 && words[0] == "engine" && words[1] == "upload")
    return UploadEngine({words.begin() + 2, words.end()}, out, err);
  if (words.size() >= 2 && words[0] == "test" && words[1] == "create")
    return CreateTest({words.begin() + 2, words.end()}, out, err);
  if (words.size() >= 2 && words[0] == "test" && words[1] == "records")
    return TestRecords({words.begin() + 2, words.end()}, out, err);
  if (words.size() >= 2 && words[0] == "test") return TestCommand(words[1], {words.begin() + 2, words.end()}, out, err);
  if (!words.empty() && words[0] == "workers") return Workers({words.begin() + 1, words.end()}, out, err);
  err << usage << "\n";
  return 2;
}

}  // namespace judkins
