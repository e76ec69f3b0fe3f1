// A judkins-worker process in `run` mode against a test coordinator, with
// its log and the records of the games it played.
#ifndef JUDKINS_TESTS_SUPPORT_WORKER_PROCESS_H_
#define JUDKINS_TESTS_SUPPORT_WORKER_PROCESS_H_

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/game_record_format.h"
#include "tests/support/coordinator_process.h"

namespace judkins::testing {

class WorkerProcess {
 public:
  // `extra_flags` go after the usual ones (--tls-ca F, say).
  WorkerProcess(const CoordinatorProcess& coordinator, std::string directory, std::string token_file = "",
                const std::vector<std::string>& extra_flags = {})
      : directory_(std::move(directory)) {
    std::filesystem::create_directories(directory_);
    std::vector<std::string> argv = {JUDKINS_WORKER_PATH,
                                     "run",
                                     "--coordinator",
                                     coordinator.address(),
                                     "--token-file",
                                     token_file.empty() ? coordinator.worker_token_file() : token_file,
                                     "--concurrency",
                                     "1",
                                     "--cache",
                                     directory_,
                                     "--books",
                                     std::string(JUDKINS_SOURCE_DIR) + "/books",
                                     "--name",
                                     directory_.substr(directory_.rfind('/') + 1),
                                     "--heartbeat",
                                     "0.5",
                                     "--grace",
                                     "5"};
    argv.insert(argv.end(), extra_flags.begin(), extra_flags.end());
    absl::StatusOr<std::unique_ptr<EngineProcess>> process =
        EngineProcess::Start({.argv = argv, .stderr_path = directory_ + ".log", .inherit_environment = true});
    EXPECT_TRUE(process.ok()) << process.status();
    if (process.ok()) process_ = *std::move(process);
  }
  void Kill() {
    if (process_) kill(process_->pid(), SIGKILL);
    process_.reset();
  }
  int Terminate() {  // SIGTERM and wait: the exit status
    if (!process_) return -1;
    kill(process_->pid(), SIGTERM);
    const absl::Time deadline = absl::Now() + absl::Seconds(20);
    while (!process_->Exited() && absl::Now() < deadline) absl::SleepFor(absl::Milliseconds(20));
    const int status = process_->Stop(absl::ZeroDuration());
    process_.reset();
    return status;
  }
  bool Exited() { return !process_ || process_->Exited(); }
  std::string Log() const {
    std::ifstream in(directory_ + ".log");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  // The games this worker played that count, from its records.
  std::vector<ParsedRecord> Records() const {
    std::vector<ParsedRecord> all;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(directory_ + "/records", error)) {
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      absl::StatusOr<std::vector<ParsedRecord>> records = ParseGameRecords(text.str());
      EXPECT_TRUE(records.ok()) << records.status();
      if (records.ok()) all.insert(all.end(), records->begin(), records->end());
    }
    return all;
  }
  const std::string& directory() const { return directory_; }

 private:
  std::string directory_;
  std::unique_ptr<EngineProcess> process_;
};

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_WORKER_PROCESS_H_
