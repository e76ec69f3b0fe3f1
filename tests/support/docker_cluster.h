// A coordinator and workers in containers of the project's own images
// (scripts/build-images), on a private Docker network of their own, for fault
// tests across real containers: kill, stop, cut off and restart them.
//
// Everything a cluster makes (containers, its network, the coordinator's
// volume) is named with one prefix and labelled with the test process's pid;
// the destructor removes it all, and a new cluster first removes what a test
// process that no longer runs left behind (one killed by its timeout).
#ifndef JUDKINS_TESTS_SUPPORT_DOCKER_CLUSTER_H_
#define JUDKINS_TESTS_SUPPORT_DOCKER_CLUSTER_H_

#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "cli/health_check.h"
#include "judkins/v1/coordinator.grpc.pb.h"
#include "records/game_record_format.h"
#include "tests/support/coordinator_process.h"
#include "tests/support/run_command.h"

namespace judkins::testing {

inline constexpr char kDocker[] = "/usr/bin/docker";
inline constexpr char kCoordinatorImage[] = "judkins-coordinator:latest";
inline constexpr char kWorkerImage[] = "judkins-worker:latest";
inline constexpr char kClusterLabel[] = "judkins.test.pid";
inline constexpr int kGrpcPort = 50051;

class DockerCluster {
 public:
  // `scratch` is a directory of the test's for command output.
  explicit DockerCluster(std::string scratch) : scratch_(std::move(scratch)) {
    static std::atomic<int> clusters{0};
    prefix_ = absl::StrCat("judkins-test-", getpid(), "-", clusters++);
    for (const char* image : {kCoordinatorImage, kWorkerImage})
      if (Docker({"image", "inspect", image}, false).exit_code != 0)
        ADD_FAILURE() << "no image " << image << ": run scripts/build-images first";
    RemoveLeftovers();
    Docker({"network", "create", "--label", Label(), prefix_});
  }
  ~DockerCluster() {
    std::vector<std::string> remove = {"rm", "--force", "--volumes"};
    remove.insert(remove.end(), containers_.begin(), containers_.end());
    if (!containers_.empty()) Docker(remove, /*check=*/false);
    Docker({"network", "rm", prefix_}, false);
    Docker({"volume", "rm", "--force", prefix_ + "-coordinator"}, false);
  }
  DockerCluster(const DockerCluster&) = delete;
  DockerCluster& operator=(const DockerCluster&) = delete;

  // `docker ARGS...`: its output; a failure is a test failure when `check`.
  CommandResult Docker(std::vector<std::string> args, bool check = true,
                       absl::Duration timeout = absl::Seconds(120)) const {
    args.insert(args.begin(), kDocker);
    CommandResult result = RunCommand(args, scratch_ + "/docker.err", timeout);
    if (check) {
      EXPECT_EQ(result.exit_code, 0) << absl::StrJoin(args, " ") << ": " << result.err;
    }
    return result;
  }

  // Step 1. The coordinator, its data on a volume of the cluster's, with
  // `flags` after the usual ones; returns once it answers SERVING.
  void StartCoordinator(const std::vector<std::string>& flags) {
    coordinator_ = prefix_ + "-coordinator";
    std::vector<std::string> run = RunArguments(coordinator_);
    run.insert(run.end(),
               {"--network-alias", "coordinator", "--env", absl::StrCat("JUDKINS_WORKER_TOKEN=", kWorkerToken), "--env",
                absl::StrCat("JUDKINS_ADMIN_TOKEN=", kAdminToken), "--volume",
                prefix_ + "-coordinator:/var/lib/judkins", kCoordinatorImage, "--data-dir=/var/lib/judkins/coordinator",
                absl::StrCat("--listen=0.0.0.0:", kGrpcPort), "--http-listen=", "--metrics-listen="});
    run.insert(run.end(), flags.begin(), flags.end());
    Docker(run);
    containers_.push_back(coordinator_);
    ConnectToCoordinator();
  }
  // The same container started again: same volume, perhaps a new address.
  void RestartCoordinator() {
    Docker({"start", coordinator_});
    ConnectToCoordinator();
  }

  // Step 2. A worker container (concurrency 1, short heartbeats), `flags`
  // after the usual ones; returns its name.
  std::string AddWorker(const std::vector<std::string>& flags = {}) {
    const std::string name = absl::StrCat(prefix_, "-worker-", workers_.size());
    std::vector<std::string> run = RunArguments(name);
    run.insert(run.end(), {"--env", absl::StrCat("JUDKINS_WORKER_TOKEN=", kWorkerToken), kWorkerImage, "run",
                           absl::StrCat("--coordinator=coordinator:", kGrpcPort), "--work-dir=/var/lib/judkins/worker",
                           "--books=/usr/share/judkins/books", "--concurrency=1", "--heartbeat=1", "--name=" + name});
    run.insert(run.end(), flags.begin(), flags.end());
    Docker(run);
    containers_.push_back(name);
    workers_.push_back(name);
    return name;
  }
  const std::vector<std::string>& workers() const { return workers_; }
  const std::string& coordinator() const { return coordinator_; }

  // Step 3. Faults.
  void Kill(const std::string& container) { Docker({"kill", container}); }
  // SIGTERM, then SIGKILL after `grace`: what a rolling restart does.
  void Stop(const std::string& container, int grace_seconds) {
    Docker({"stop", "--time", std::to_string(grace_seconds), container}, true, absl::Seconds(grace_seconds + 60));
  }
  void Start(const std::string& container) { Docker({"start", container}); }
  void CutOff(const std::string& container) { Docker({"network", "disconnect", prefix_, container}); }
  void Reconnect(const std::string& container) { Docker({"network", "connect", prefix_, container}); }
  std::string Logs(const std::string& container) const {
    const CommandResult logs = Docker({"logs", container}, false);
    return logs.out + logs.err;
  }
  // Docker's view of the container's HEALTHCHECK: "healthy", "starting", ...
  std::string Health(const std::string& container) const {
    return std::string(
        absl::StripAsciiWhitespace(Docker({"inspect", "--format", "{{.State.Health.Status}}", container}, false).out));
  }
  bool WaitForHealth(const std::string& container, const std::string& status,
                     absl::Duration timeout = absl::Seconds(60)) const {
    for (const absl::Time deadline = absl::Now() + timeout; absl::Now() < deadline;) {
      if (Health(container) == status) return true;
      absl::SleepFor(absl::Milliseconds(500));
    }
    return false;
  }

  // The judkins-engine of the worker image, uploaded: the engine the
  // containers can certainly run. Returns its SHA-256.
  std::string UploadImageEngine() {
    const std::string holder = prefix_ + "-engine";
    Docker({"create", "--name", holder, "--label", Label(), kWorkerImage});
    const std::string path = scratch_ + "/judkins-engine";
    Docker({"cp", holder + ":/usr/local/bin/judkins-engine", path});
    Docker({"rm", holder});
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string sha256 = UploadBytes(*admin, bytes.str(), kAdminToken);
    EXPECT_FALSE(sha256.empty());
    return sha256;
  }

  v1::Test Get(uint64_t id) { return GetTest(*admin, id, kAdminToken); }
  v1::Test WaitForEnd(uint64_t id, absl::Duration timeout) {
    v1::Test test;
    for (const absl::Time deadline = absl::Now() + timeout; absl::Now() < deadline;) {
      test = Get(id);
      if (test.state() == v1::TEST_STATE_FINISHED || test.state() == v1::TEST_STATE_STOPPED) return test;
      absl::SleepFor(absl::Milliseconds(500));
    }
    ADD_FAILURE() << "test " << id << " did not end: " << test.ShortDebugString() << "\n" << AllLogs();
    return test;
  }
  bool WaitForLeases(uint64_t count, absl::Duration timeout = absl::Seconds(60)) {
    for (const absl::Time deadline = absl::Now() + timeout; absl::Now() < deadline;) {
      if (BatchesInFlight(*admin, kAdminToken) >= count) return true;
      absl::SleepFor(absl::Milliseconds(100));
    }
    return false;
  }
  // The test's records as the coordinator keeps them.
  std::vector<ParsedRecord> Records(uint64_t id) {
    v1::GetRecordsRequest request;
    request.set_test_id(id);
    auto context = As(kAdminToken, absl::Seconds(60));
    auto reader = admin->GetRecords(context.get(), request);
    std::string text;
    for (v1::RecordsChunk chunk; reader->Read(&chunk);) text += chunk.records();
    EXPECT_TRUE(reader->Finish().ok());
    absl::StatusOr<std::vector<ParsedRecord>> parsed = ParseGameRecords(text);
    EXPECT_TRUE(parsed.ok()) << parsed.status();
    return parsed.ok() ? *parsed : std::vector<ParsedRecord>();
  }
  std::string AllLogs() const {
    std::string logs;
    for (const std::string& container : containers_) absl::StrAppend(&logs, "---- ", container, "\n", Logs(container));
    return logs;
  }

  std::unique_ptr<v1::AdminService::Stub> admin;

 private:
  std::string Label() const { return absl::StrCat(kClusterLabel, "=", getpid()); }
  // `docker run` of a container of the cluster's, locked down as the chart
  // runs it: read-only root, no capabilities; health checked every 2 s.
  std::vector<std::string> RunArguments(const std::string& name) const {
    return {"run",   "--detach",    "--name",  name,   "--label",    Label(), "--network",
            prefix_, "--read-only", "--tmpfs", "/tmp", "--cap-drop", "ALL",   "--health-interval",
            "2s"};
  }

  // Containers, networks and volumes of test processes that are gone.
  void RemoveLeftovers() const {
    for (const char* kind : {"container", "network", "volume"}) {
      const bool container = std::string(kind) == "container";
      std::vector<std::string> list = {
          kind,       "ls",
          "--filter", absl::StrCat("label=", kClusterLabel),
          "--format", absl::StrCat("{{.", container ? "Names" : "Name", "}} {{.Label \"", kClusterLabel, "\"}}")};
      if (container) list.push_back("--all");
      const CommandResult listed = Docker(list, false);
      for (absl::string_view line : absl::StrSplit(listed.out, '\n', absl::SkipEmpty())) {
        std::vector<std::string> fields = absl::StrSplit(line, ' ');
        int pid = 0;
        if (fields.size() != 2 || !absl::SimpleAtoi(fields[1], &pid) || kill(pid, 0) == 0) continue;
        if (container)
          Docker({"rm", "--force", "--volumes", fields[0]}, false);
        else
          Docker({kind, "rm", fields[0]}, false);
      }
    }
  }

  // The coordinator's address on the cluster's network (the host reaches a
  // bridge network's containers directly); waits until it is SERVING.
  void ConnectToCoordinator() {
    std::string address;
    absl::Status health = absl::UnavailableError("not asked yet");
    for (const absl::Time deadline = absl::Now() + absl::Seconds(60); absl::Now() < deadline && !health.ok();) {
      const std::string ip(absl::StripAsciiWhitespace(
          Docker({"inspect", "--format",
                  absl::StrCat("{{(index .NetworkSettings.Networks \"", prefix_, "\").IPAddress}}"), coordinator_},
                 false)
              .out));
      address = absl::StrCat(ip, ":", kGrpcPort);
      if (!ip.empty()) health = CheckHealth(address, {}, "", absl::Seconds(2));
      if (health.ok()) break;
      // A coordinator that exited will not answer: say why at once.
      if (absl::StripAsciiWhitespace(Docker({"inspect", "--format", "{{.State.Running}}", coordinator_}, false).out) ==
          "false")
        break;
      absl::SleepFor(absl::Milliseconds(200));
    }
    ASSERT_TRUE(health.ok()) << health << "\n" << Logs(coordinator_);
    admin = v1::AdminService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  }

  std::string scratch_, prefix_, coordinator_;
  std::vector<std::string> containers_, workers_;
};

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_DOCKER_CLUSTER_H_
