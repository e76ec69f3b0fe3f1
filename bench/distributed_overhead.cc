// What distribution costs: the same games played by the whole system (a
// coordinator and two worker processes on loopback) and by the match runner
// alone, in one run. Both use two concurrent games at fixed nodes.
//
//   build/bench/distributed_overhead [pairs] [nodes]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "cli/admin_client.h"
#include "records/game_record_format.h"
#include "worker/match/match_runner.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

constexpr char kWorkerToken[] = "bench-worker-token-000001";
constexpr char kAdminToken[] = "bench-admin-token-0000001";

int Fail(absl::string_view what, const absl::Status& status) {
  std::fprintf(stderr, "distributed_overhead: %s: %s\n", std::string(what).c_str(),
               std::string(status.message()).c_str());
  return 1;
}

int Main(int pairs, int nodes) {
  // Step 1. A coordinator on loopback, as scripts/lib/local-cluster.sh starts one.
  const std::string root = std::filesystem::temp_directory_path().string() + "/judkins_distributed_overhead";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  std::ofstream(root + "/worker.token") << kWorkerToken << "\n";
  std::ofstream(root + "/admin.token") << kAdminToken << "\n";
  absl::StatusOr<std::unique_ptr<EngineProcess>> coordinator = EngineProcess::Start(
      {.argv = {JUDKINS_COORDINATOR_PATH, "--data-dir", root + "/coordinator", "--listen", "127.0.0.1:0",
                "--metrics-listen=", "--http-listen=", "--port-file", root + "/ports", "--batch-seconds", "30",
                "--worker-token-file", root + "/worker.token", "--admin-token-file", root + "/admin.token"},
       .stderr_path = root + "/coordinator.log",
       .inherit_environment = true});
  if (!coordinator.ok()) return Fail("coordinator", coordinator.status());
  int port = 0;
  for (int i = 0; i < 200 && port == 0; ++i) {
    absl::SleepFor(absl::Milliseconds(50));
    std::ifstream(root + "/ports") >> port;
  }
  ServerAddress address;
  address.target = absl::StrCat("127.0.0.1:", port);
  address.token_file = root + "/admin.token";
  absl::StatusOr<AdminClient> admin = AdminClient::Connect(address);
  if (!admin.ok()) return Fail("connect", admin.status());
  absl::StatusOr<std::string> engine = admin->UploadFile(JUDKINS_ENGINE_PATH);
  if (!engine.ok()) return Fail("upload", engine.status());

  // Step 2. Two workers, one game at a time each.
  std::vector<std::unique_ptr<EngineProcess>> workers;
  for (int i = 0; i < 2; ++i)
    workers.push_back(*EngineProcess::Start(
        {.argv = {JUDKINS_WORKER_PATH, "run", "--coordinator", address.target, "--token-file", root + "/worker.token",
                  "--concurrency", "1", "--cache", absl::StrCat(root, "/w", i), "--books", JUDKINS_BOOKS_DIR,
                  "--speed-engine", JUDKINS_ENGINE_PATH},
         .stderr_path = absl::StrCat(root, "/w", i, ".log"),
         .inherit_environment = true}));

  // Step 3. The test, timed from the first lease to the last result.
  v1::TestSpec spec;
  spec.mutable_dev()->set_name("dev");
  spec.mutable_dev()->set_artifact_sha256(*engine);
  spec.mutable_base()->set_name("base");
  spec.mutable_base()->set_artifact_sha256(*engine);
  v1::EngineOption& option = *spec.mutable_base()->add_options();
  option.set_name("Tempo");
  option.set_value("0");
  spec.mutable_time_control()->set_nodes(nodes);
  spec.set_book("default");
  spec.set_book_size(500);
  spec.set_fixed_pairs(pairs);
  absl::StatusOr<v1::Test> test = admin->CreateTest(spec);
  if (!test.ok()) return Fail("create", test.status());
  absl::Time start = absl::InfinitePast();
  while (true) {
    v1::GetTestRequest get;
    get.set_test_id(test->id());
    v1::Test now;
    if (const grpc::Status status = admin->stub().GetTest(admin->Context().get(), get, &now); !status.ok())
      return Fail("get", absl::UnavailableError(Describe(status)));
    if (start == absl::InfinitePast() && (now.pairs_in_flight() > 0 || now.stats().games() > 0)) start = absl::Now();
    if (now.state() == v1::TEST_STATE_FINISHED) break;
    absl::SleepFor(absl::Milliseconds(20));
  }
  const double distributed_seconds = absl::ToDoubleSeconds(absl::Now() - start);
  workers.clear();
  coordinator->reset();

  // Step 4. The same pairs and openings, from the workers' records, played by
  // the match runner alone.
  MatchSettings local;
  for (int i = 0; i < 2; ++i) {
    std::ifstream in(absl::StrCat(root, "/w", i, "/records/test-", test->id(), ".pgn"));
    std::stringstream text;
    text << in.rdbuf();
    const absl::StatusOr<std::vector<ParsedRecord>> records = ParseGameRecords(text.str());
    if (!records.ok()) {
      std::fprintf(stderr, "%s\n", std::string(records.status().message()).c_str());
      return 1;
    }
    for (const ParsedRecord& record : *records) {
      int pair = 0, opening = 0;
      const std::vector<std::string> round = absl::StrSplit(record.tags.at("Round"), '.');
      if (round[1] != "1" || !absl::SimpleAtoi(round[0], &pair) ||
          !absl::SimpleAtoi(record.tags.at("Opening"), &opening))
        continue;
      local.assignments.emplace_back(pair - 1, opening);
    }
  }
  local.first = {"dev", {JUDKINS_ENGINE_PATH}};
  local.second = {"base", {JUDKINS_ENGINE_PATH}, "", {{"Tempo", "0"}}};
  local.first_time_control = local.second_time_control = *TimeControl::Nodes(absl::StrCat(nodes));
  local.book = *OpeningBook::Load(std::string(JUDKINS_BOOKS_DIR) + "/default.sfen", Variant::kJudkins);
  local.concurrency = 2;
  const absl::Time local_start = absl::Now();
  absl::StatusOr<v1::MatchResults> results = MatchRunner(local).Run(nullptr);
  const double local_seconds = absl::ToDoubleSeconds(absl::Now() - local_start);
  if (!results.ok()) return 1;

  const double distributed_rate = 2.0 * pairs / distributed_seconds, local_rate = results->games() / local_seconds;
  std::printf("%d pairs at %d nodes, 2 games at a time\n", pairs, nodes);
  std::printf("coordinator + 2 workers: %.2f games/s (%.1f s)\n", distributed_rate, distributed_seconds);
  std::printf("judkins-worker match:    %.2f games/s (%.1f s, %lu games)\n", local_rate, local_seconds,
              results->games());
  std::printf("distribution overhead: %.1f%%\n", 100 * (local_rate / distributed_rate - 1));
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  return judkins::Main(argc > 1 ? std::atoi(argv[1]) : 100, argc > 2 ? std::atoi(argv[2]) : 5000);
}
