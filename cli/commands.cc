#include "cli/commands.h"

#include <unistd.h>

#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/account_commands.h"
#include "cli/admin_client.h"
#include "cli/checkout_provenance.h"
#include "cli/command_support.h"
#include "cli/health_check.h"
#include "cli/records_download.h"
#include "cli/test_spec_options.h"
#include "common/command_line.h"
#include "common/valid_text.h"
#include "proto/convert/json.h"
#include "proto/convert/stats_text.h"

namespace judkins {
namespace {

// Records of a long test stream for a while.
constexpr absl::Duration kRecordsTimeout = absl::Hours(1);

// A health check answers within this, or the coordinator counts as down.
constexpr absl::Duration kHealthTimeout = absl::Seconds(5);

// The words of each command, bound to its options.
struct Arguments {
  std::string path, out_file, reason, service, format = "pgn", checkout, build_command;
  uint64_t bench = 0;
  uint64_t test_id = 0, worker_id = 0;
  int game = 0;
  bool all = false, json = false;
};

int UploadEngine(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::Provenance provenance;
  if (!args.checkout.empty()) {
    absl::StatusOr<v1::Provenance> read = ReadCheckoutProvenance(args.checkout);
    if (!read.ok()) return Fail(err, "judkins engine upload", read.status().message());
    provenance = *std::move(read);
  }
  provenance.set_build_command(args.build_command);
  if (args.bench) provenance.set_bench_signature(args.bench);
  absl::StatusOr<std::string> sha256 = client.UploadFile(args.path, provenance);
  if (!sha256.ok()) return Fail(err, kJudkinsProgram, sha256.status().message());
  out << *sha256 << "\n";
  return kExitOk;
}

int CreateTest(AdminClient& client, const v1::TestSpec& spec, std::ostream& out, std::ostream& err) {
  absl::StatusOr<v1::Test> test = client.CreateTest(spec);
  if (!test.ok()) return Fail(err, kJudkinsProgram, test.status().message());
  out << test->id() << "\n";
  return kExitOk;
}

int ListTests(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::ListTestsRequest request;
  request.set_include_finished(args.all);
  v1::ListTestsResponse response;
  const grpc::Status status = client.stub().ListTests(client.Context().get(), request, &response);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  if (args.json)
    out << JsonOf(response);
  else
    for (const v1::Test& test : response.tests()) out << TestLine(test) << "\n";
  return kExitOk;
}

// show, approve, stop and exclude answer with the test.
int PrintTest(const grpc::Status& status, const v1::Test& test, bool json, std::ostream& out, std::ostream& err) {
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  out << (json ? JsonOf(test) : TestLine(test) + "\n");
  return kExitOk;
}

int ShowTest(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::GetTestRequest request;
  request.set_test_id(args.test_id);
  v1::Test test;
  const grpc::Status status = client.stub().GetTest(client.Context().get(), request, &test);
  return PrintTest(status, test, /*json=*/true, out, err);
}

int ApproveTest(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::ApproveTestRequest request;
  request.set_test_id(args.test_id);
  v1::Test test;
  const grpc::Status status = client.stub().ApproveTest(client.Context().get(), request, &test);
  return PrintTest(status, test, args.json, out, err);
}

int StopTest(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::StopTestRequest request;
  request.set_test_id(args.test_id);
  v1::Test test;
  const grpc::Status status = client.stub().StopTest(client.Context().get(), request, &test);
  return PrintTest(status, test, args.json, out, err);
}

int ExcludeWorker(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::ExcludeWorkerRequest request;
  request.set_test_id(args.test_id);
  request.set_worker_id(args.worker_id);
  request.set_reason(args.reason);
  v1::Test test;
  const grpc::Status status = client.stub().ExcludeWorker(client.Context().get(), request, &test);
  return PrintTest(status, test, args.json, out, err);
}

// One line per change of the test until it finishes; on a terminal, the
// line is rewritten in place.
int WatchTest(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  v1::WatchTestRequest request;
  request.set_test_id(args.test_id);
  auto context = client.Context(absl::InfiniteDuration());
  auto reader = client.stub().WatchTest(context.get(), request);
  const bool terminal = isatty(STDOUT_FILENO);
  std::string shown;
  v1::Test test;
  while (reader->Read(&test)) {
    const std::string line = TestLine(test);
    if (line == shown) continue;
    shown = line;
    out << (terminal ? "\r\033[K" : "") << line << (terminal ? "" : "\n") << std::flush;
  }
  if (terminal && !shown.empty()) out << "\n";
  if (const grpc::Status status = reader->Finish(); !status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  return kExitOk;
}

// The records workers sent, in batch order, in the format asked for.
int TestRecords(AdminClient& client, const Arguments& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<RecordFormat> format = ParseRecordFormat(args.format);
  if (!format.ok()) return Fail(err, kJudkinsProgram, absl::StrCat("--", format.status().message()), kExitUsage);
  RecordsDownload download{.test_id = args.test_id, .format = *format, .game = args.game, .out = args.out_file};
  absl::StatusOr<std::unique_ptr<RecordsWriter>> writer = RecordsWriter::Open(download, out);
  if (!writer.ok()) return Fail(err, kJudkinsProgram, writer.status().message(), kExitUsage);
  v1::GetRecordsRequest request;
  request.set_test_id(args.test_id);
  auto context = client.Context(kRecordsTimeout);
  auto reader = client.stub().GetRecords(context.get(), request);
  v1::RecordsChunk chunk;
  absl::Status written = absl::OkStatus();
  while (written.ok() && reader->Read(&chunk)) written = (*writer)->Add(chunk.records());
  if (!written.ok()) {
    context->TryCancel();
    (void)reader->Finish();
    return Fail(err, kJudkinsProgram, written.message());
  }
  if (const grpc::Status status = reader->Finish(); !status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  if (absl::Status s = (*writer)->Finish(); !s.ok()) return Fail(err, kJudkinsProgram, s.message());
  return kExitOk;
}

int ListWorkers(AdminClient& client, std::ostream& out, std::ostream& err) {
  v1::ListWorkersResponse response;
  const grpc::Status status = client.stub().ListWorkers(client.Context().get(), v1::ListWorkersRequest(), &response);
  if (!status.ok()) return Fail(err, kJudkinsProgram, Describe(status));
  const int64_t now = absl::ToUnixSeconds(absl::Now());
  for (const v1::WorkerInfo& w : response.workers())
    out << absl::StrFormat("%4d  %-20s concurrency %-3d speed %-10.0f batches %-3d seen %ds ago\n", w.id(),
                           ValidText(w.capabilities().name()), w.capabilities().concurrency(), w.capabilities().speed(),
                           w.batches_in_flight(), now - w.last_seen_unix());
  return kExitOk;
}

}  // namespace

std::string TestLine(const v1::Test& test) {
  if (!test.damaged().empty()) return absl::StrFormat("#%d damaged: %s", test.id(), ValidText(test.damaged()));
  const v1::WinDrawLoss& wdl = test.wdl();
  const v1::StatsReport& stats = test.stats();
  // Names stored before they were checked may hold control characters: a
  // terminal shows them escaped, never acts on them.
  std::string line = absl::StrFormat("#%d %s vs %s %-8s games %d  W-D-L %d-%d-%d  penta %s  %s", test.id(),
                                     ValidText(test.spec().dev().name()), ValidText(test.spec().base().name()),
                                     TestStateText(test.state()), stats.games(), wdl.wins(), wdl.draws(), wdl.losses(),
                                     PentanomialText(test.pentanomial()), EloSummary(stats));
  if (stats.has_sprt()) absl::StrAppend(&line, "  ", LlrSummary(stats));
  const double seconds = double(test.updated_unix() - test.created_unix());
  if (seconds > 0 && stats.games() > 0) {
    const double rate = double(stats.games()) / seconds;
    absl::StrAppend(&line, absl::StrFormat("  %.2f games/s", rate));
    double remaining_games = 0;
    if (test.spec().has_fixed_pairs())
      remaining_games = 2.0 * double(test.spec().fixed_pairs()) - double(stats.games());
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

int RunCli(const std::vector<std::string>& words, std::ostream& out, std::ostream& err, std::istream& in) {
  // Step 1. The command line: every command with its options.
  CLI::App app("The coordinator's client: upload engines, create, watch and stop tests, list workers, accounts.",
               kJudkinsProgram);
  SetUpCommandLine(app);
  app.require_subcommand(1);
  ConnectionOptions connection;
  connection.Declare(app);
  Arguments args;
  auto add_test_id = [&args](CLI::App& command) {
    command.add_option("id", args.test_id, "the test's id")->required();
  };

  CLI::App& engine = *app.add_subcommand("engine", "engine binaries on the coordinator");
  engine.require_subcommand(1);
  CLI::App& upload = *engine.add_subcommand(
      "upload",
      "upload an engine binary, a bundle (a .tar or .tar.gz of the engine and its files) or a net; prints "
      "its SHA-256");
  upload.add_option("path", args.path, "the file")->required()->check(CLI::ExistingFile);
  upload
      .add_option("--checkout", args.checkout,
                  "the git checkout it was built from: its origin, branch, commit, uncommitted changes and the "
                  "'Bench: N' of its commit message are kept with it and shown on test pages")
      ->check(CLI::ExistingDirectory);
  upload.add_option("--build-command", args.build_command,
                    "how it was built, shown with it (e.g. 'make -j profile-build')");
  upload.add_option("--bench", args.bench, "its bench signature (default: the commit message's 'Bench: N')");

  CLI::App& test =
      *app.add_subcommand("test", "tests: create, list, show, approve, stop, watch, exclude a worker, records");
  test.require_subcommand(1);
  CLI::App& create = *test.add_subcommand("create", "create a test; prints its id");
  const TestSpecOptions spec_options(create, TestSpecOptions::Parts::kWholeTest);
  CLI::App& list = *test.add_subcommand("list", "one line per running or pending test");
  list.add_flag("--all", args.all, "finished tests too");
  list.add_flag("--json", args.json, "print JSON");
  CLI::App& show = *test.add_subcommand("show", "a test in full, as JSON");
  add_test_id(show);
  CLI::App& approve = *test.add_subcommand("approve", "let a test awaiting approval into the queue (approvers)");
  add_test_id(approve);
  approve.add_flag("--json", args.json, "print the test as JSON");
  CLI::App& stop = *test.add_subcommand("stop", "stop a test");
  add_test_id(stop);
  stop.add_flag("--json", args.json, "print the test as JSON");
  CLI::App& watch = *test.add_subcommand("watch", "follow a test until it finishes");
  add_test_id(watch);
  CLI::App& exclude = *test.add_subcommand("exclude", "take a worker off a test and drop its results");
  add_test_id(exclude);
  exclude.add_option("worker", args.worker_id, "the worker's id")->required();
  exclude.add_option("--reason", args.reason, "why, for the test's log");
  exclude.add_flag("--json", args.json, "print the test as JSON");
  CLI::App& records = *test.add_subcommand("records", "the test's game records, in batch order");
  add_test_id(records);
  records.add_option("--format", args.format, "pgn (ours), kif (one game to a file) or csa")
      ->check(CLI::IsMember({"pgn", "kif", "csa"}))
      ->capture_default_str();
  records.add_option("--game", args.game, "only this game (1-based, in the records' order)")
      ->check(CLI::Range(1, 1'000'000'000));
  records.add_option("--out", args.out_file, "write to this file instead of stdout (kif: to this folder)");

  app.add_subcommand("workers", "one line per connected worker");
  CLI::App& health =
      *app.add_subcommand("health", "exit 0 when the coordinator answers SERVING to grpc.health.v1 (no token needed)");
  health.add_option("--service", args.service, "a service's full name (default: the server as a whole)");
  AccountCommands accounts(app);
  if (std::optional<int> exit = ParseCommandLine(app, words, out, err)) return *exit;

  // Step 2. What the coordinator is not needed to check.
  absl::StatusOr<v1::TestSpec> spec;
  if (create.parsed()) {
    spec = spec_options.Spec();
    if (!spec.ok()) return Fail(err, "judkins test create", spec.status().message(), kExitUsage);
  }

  // Step 3. The call.
  if (health.parsed()) {
    const ServerAddress& address = connection.address();
    if (absl::Status status = CheckHealth(address.target, address.tls, args.service, kHealthTimeout); !status.ok())
      return Fail(err, "judkins health", status.message());
    out << "SERVING\n";
    return kExitOk;
  }
  if (std::optional<int> exit = accounts.Run(connection.address(), in, out, err)) return *exit;
  absl::StatusOr<AdminClient> client = AdminClient::Connect(connection.address());
  if (!client.ok()) return Fail(err, kJudkinsProgram, client.status().message());
  if (upload.parsed()) return UploadEngine(*client, args, out, err);
  if (create.parsed()) return CreateTest(*client, *spec, out, err);
  if (list.parsed()) return ListTests(*client, args, out, err);
  if (show.parsed()) return ShowTest(*client, args, out, err);
  if (approve.parsed()) return ApproveTest(*client, args, out, err);
  if (stop.parsed()) return StopTest(*client, args, out, err);
  if (watch.parsed()) return WatchTest(*client, args, out, err);
  if (exclude.parsed()) return ExcludeWorker(*client, args, out, err);
  if (records.parsed()) return TestRecords(*client, args, out, err);
  return ListWorkers(*client, out, err);  // `workers`: require_subcommand leaves no other
}

}  // namespace judkins
