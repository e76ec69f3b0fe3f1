// A USI engine process driven line by line, for tests.
#ifndef JUDKINS_TESTS_SUPPORT_USI_SESSION_H_
#define JUDKINS_TESTS_SUPPORT_USI_SESSION_H_

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "worker/usi_client/engine_process.h"

namespace judkins::testing {

class UsiSession {
 public:
  explicit UsiSession(std::vector<std::string> argv = {JUDKINS_ENGINE_PATH}) {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = std::move(argv)});
    EXPECT_TRUE(process.ok()) << process.status();
    if (process.ok()) process_ = *std::move(process);
  }
  bool alive() const { return process_ != nullptr; }
  void Send(absl::string_view line) { EXPECT_TRUE(process_->WriteLine(line).ok()) << line; }
  // Lines up to and including the first that starts with `last`; fails the
  // test if it does not come within `timeout`.
  std::vector<std::string> ReadUntil(absl::string_view last, absl::Duration timeout = absl::Seconds(30)) {
    std::vector<std::string> lines;
    const absl::Time deadline = absl::Now() + timeout;
    while (true) {
      absl::StatusOr<std::string> line = process_->ReadLine(deadline);
      if (!line.ok()) {
        ADD_FAILURE() << line.status() << " waiting for '" << last << "'";
        return lines;
      }
      lines.push_back(*line);
      if (absl::StartsWith(*line, last)) return lines;
    }
  }
  EngineProcess& process() { return *process_; }

 private:
  std::unique_ptr<EngineProcess> process_;
};

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_USI_SESSION_H_
