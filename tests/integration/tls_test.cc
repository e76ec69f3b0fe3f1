// The coordinator over TLS and mutual TLS, with the worker and the judkins
// CLI run as processes, as an operator runs them: certificates made by
// openssl for this test, a CA that signs the coordinator's and the clients'.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "tests/support/coordinator_process.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/worker_process.h"

namespace judkins {
namespace {

using testing::CommandResult;
using testing::CoordinatorProcess;
using ::testing::HasSubstr;
using testing::RunCommand;
using testing::ScratchDirectory;
using testing::WorkerProcess;

class TlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string& d = root_;
    auto openssl = [&](const std::string& arguments) {
      ASSERT_EQ(std::system(("openssl " + arguments + " >>" + d + "/openssl.log 2>&1").c_str()), 0)
          << "openssl " << arguments << " (scripts/bootstrap installs openssl)";
    };
    const std::string ec = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
    openssl("req -x509 " + ec + " -days 1 -subj /CN=judkins-test-ca -keyout " + d + "/ca.key -out " + ca_);
    // A client whose certificate no CA of ours signed.
    openssl("req -x509 " + ec + " -days 1 -subj /CN=stranger -keyout " + d + "/stranger.key -out " + d +
            "/stranger.pem");
    std::ofstream(d + "/server.ext") << "subjectAltName=IP:127.0.0.1,DNS:localhost\n";
    std::ofstream(d + "/client.ext") << "extendedKeyUsage=clientAuth\n";
    for (const std::string name : {"server", "client"}) {
      openssl("req " + ec + " -subj /CN=" + name + " -keyout " + d + "/" + name + ".key -out " + d + "/" + name +
              ".csr");
      openssl("x509 -req -in " + d + "/" + name + ".csr -CA " + ca_ + " -CAkey " + d +
              "/ca.key -CAcreateserial -days 1 -extfile " + d + "/" + name + ".ext -out " + d + "/" + name + ".pem");
    }
  }
  void StartCoordinator(bool require_client_certificates) {
    std::vector<std::string> flags = {"--tls-cert=" + root_ + "/server.pem", "--tls-key=" + root_ + "/server.key"};
    if (require_client_certificates) flags.push_back("--tls-client-ca=" + ca_);
    coordinator_ = std::make_unique<CoordinatorProcess>(root_ + "/coordinator", flags);
    ASSERT_NO_FATAL_FAILURE(coordinator_->Start());
  }
  // `judkins WORDS --server ... --token-file ...` and the TLS flags given.
  CommandResult Cli(std::vector<std::string> words, const std::vector<std::string>& tls) {
    words.insert(words.begin(), JUDKINS_CLI_PATH);
    words.insert(words.end(), {"--server", coordinator_->address(), "--token-file", root_ + "/coordinator.admin"});
    words.insert(words.end(), tls.begin(), tls.end());
    return RunCommand(words, root_ + "/cli.stderr");
  }
  // Uploads the engine, creates a one-pair test, lets a worker play it.
  void PlayOnePair(const std::vector<std::string>& tls) {
    const CommandResult upload = Cli({"engine", "upload", JUDKINS_ENGINE_PATH}, tls);
    ASSERT_EQ(upload.exit_code, 0) << upload.err;
    const std::string sha = std::string(absl::StripAsciiWhitespace(upload.out));
    const CommandResult created = Cli({"test", "create", "--dev", "sha=" + sha, "name=dev", "--base", "sha=" + sha,
                                       "name=base", "--nodes", "500", "--pairs", "1"},
                                      tls);
    ASSERT_EQ(created.exit_code, 0) << created.err;
    const std::string id = std::string(absl::StripAsciiWhitespace(created.out));
    WorkerProcess worker(*coordinator_, root_ + "/worker", "", tls);
    std::string shown;
    for (const absl::Time deadline = absl::Now() + absl::Seconds(60); absl::Now() < deadline;) {
      shown = Cli({"test", "show", id}, tls).out;
      if (absl::StrContains(shown, "TEST_STATE_FINISHED")) break;
      absl::SleepFor(absl::Milliseconds(300));
    }
    EXPECT_THAT(shown, HasSubstr("TEST_STATE_FINISHED")) << worker.Log();
    EXPECT_THAT(shown, HasSubstr("fixed games played"));
    EXPECT_EQ(worker.Terminate(), 0) << worker.Log();
    EXPECT_EQ(worker.Records().size(), 2u);
  }

  ScratchDirectory scratch_{testing::CurrentTestName()};  // first: removed after the processes stop
  const std::string root_ = scratch_.path();
  const std::string ca_ = root_ + "/ca.pem";
  std::unique_ptr<CoordinatorProcess> coordinator_;
};

TEST_F(TlsTest, TheWorkerAndTheCliWorkOverTlsAndPlainTextIsRefused) {
  ASSERT_NO_FATAL_FAILURE(StartCoordinator(false));
  ASSERT_NO_FATAL_FAILURE(PlayOnePair({"--tls-ca", ca_}));
  const CommandResult plain = Cli({"test", "list"}, {});
  EXPECT_NE(plain.exit_code, 0);
  EXPECT_FALSE(plain.err.empty());
}

TEST_F(TlsTest, UnderMutualTlsOnlyClientsWithACertificateFromTheCaGetIn) {
  ASSERT_NO_FATAL_FAILURE(StartCoordinator(true));
  const std::vector<std::string> with_certificate = {
      "--tls-ca", ca_, "--tls-cert", root_ + "/client.pem", "--tls-key", root_ + "/client.key"};
  ASSERT_NO_FATAL_FAILURE(PlayOnePair(with_certificate));
  const CommandResult without = Cli({"test", "list"}, {"--tls-ca", ca_});
  EXPECT_NE(without.exit_code, 0);
  // A certificate the CA did not sign is no better.
  const CommandResult stranger = Cli(
      {"test", "list"}, {"--tls-ca", ca_, "--tls-cert", root_ + "/stranger.pem", "--tls-key", root_ + "/stranger.key"});
  EXPECT_NE(stranger.exit_code, 0);
  EXPECT_EQ(Cli({"test", "list"}, with_certificate).exit_code, 0);
  // Half a client configuration is a usage error that names the option.
  const CommandResult half = Cli({"test", "list"}, {"--tls-ca", ca_, "--tls-cert", root_ + "/client.pem"});
  EXPECT_NE(half.exit_code, 0);
  EXPECT_THAT(half.err, HasSubstr("--tls-key"));
}

}  // namespace
}  // namespace judkins
