// A judkins-coordinator process for tests, with stubs for both services.
#ifndef JUDKINS_TESTS_SUPPORT_COORDINATOR_PROCESS_H_
#define JUDKINS_TESTS_SUPPORT_COORDINATOR_PROCESS_H_

#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "common/channel.h"
#include "judkins/v1/coordinator.grpc.pb.h"
#include "tests/support/admin_calls.h"
#include "worker/usi_client/engine_process.h"

namespace judkins::testing {

inline std::unique_ptr<grpc::ClientContext> As(const char* token, absl::Duration timeout = absl::Seconds(10)) {
  return BearerContext(token, timeout);
}

class CoordinatorProcess {
 public:
  explicit CoordinatorProcess(std::string data_dir, std::vector<std::string> extra_flags = {})
      : data_dir_(std::move(data_dir)), extra_flags_(std::move(extra_flags)) {}
  void Start() {
    const std::string port_file = data_dir_ + ".port";
    std::filesystem::remove(port_file);
    std::ofstream(data_dir_ + ".worker") << kWorkerToken;
    std::ofstream(data_dir_ + ".admin") << kAdminToken;
    std::vector<std::string> argv = {JUDKINS_COORDINATOR_PATH,
                                     "--data-dir=" + data_dir_,
                                     "--listen=127.0.0.1:" + std::to_string(port_),
                                     "--metrics-listen=",
                                     "--http-listen=",
                                     "--port-file=" + port_file,
                                     "--worker-token-file=" + worker_token_file(),
                                     "--admin-token-file=" + data_dir_ + ".admin"};
    argv.insert(argv.end(), extra_flags_.begin(), extra_flags_.end());
    absl::StatusOr<std::unique_ptr<EngineProcess>> process =
        EngineProcess::Start({.argv = argv, .stderr_path = data_dir_ + ".log", .inherit_environment = true});
    ASSERT_TRUE(process.ok()) << process.status();
    process_ = *std::move(process);
    for (int i = 0; i < 200 && !std::filesystem::exists(port_file); ++i) absl::SleepFor(absl::Milliseconds(50));
    std::ifstream(port_file) >> port_;  // the same port again after a restart
    ASSERT_GT(port_, 0);
    auto channel = grpc::CreateChannel(address(), grpc::InsecureChannelCredentials());
    worker = v1::WorkerService::NewStub(channel);
    admin = v1::AdminService::NewStub(channel);
  }
  void Kill() {
    if (process_) kill(process_->pid(), SIGKILL);
    process_.reset();
  }
  std::string address() const { return absl::StrCat("127.0.0.1:", port_); }
  std::string worker_token_file() const { return data_dir_ + ".worker"; }

  std::string Upload(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string sha256 = UploadBytes(*admin, bytes.str(), kAdminToken);
    EXPECT_FALSE(sha256.empty()) << "upload of " << path;
    return sha256;
  }
  v1::Test Get(uint64_t id) { return GetTest(*admin, id, kAdminToken); }

  std::unique_ptr<v1::WorkerService::Stub> worker;
  std::unique_ptr<v1::AdminService::Stub> admin;

 private:
  std::string data_dir_;
  std::vector<std::string> extra_flags_;
  std::unique_ptr<EngineProcess> process_;
  int port_ = 0;
};

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_COORDINATOR_PROCESS_H_
