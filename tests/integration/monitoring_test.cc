// The dashboards and alerts proven live: a real coordinator and two real
// workers play an SPRT test and a tune; a real Prometheus scrapes them with
// dashboards/prometheus/rules.yml and sends alerts to a real Alertmanager,
// whose webhook is this test. Every query of every dashboard panel must
// return data (no dead panel, no misspelt metric); killing a worker must
// bring "workers lost" to the webhook, and starting it again must resolve it.
#include <gmock/gmock.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "common/read_file.h"
#include "tests/support/admin_calls.h"
#include "tests/support/coordinator_process.h"
#include "tests/support/http_get.h"
#include "tests/support/json_struct.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/webhook_receiver.h"
#include "tests/support/worker_process.h"

namespace judkins {
namespace {

using google::protobuf::Struct;
using google::protobuf::Value;

const std::string kDashboards = std::string(JUDKINS_SOURCE_DIR) + "/dashboards";

// The file's text; empty (and the checks on it fail) when it cannot be read.
std::string Read(const std::string& path) { return ReadFile(path).value_or(""); }

std::string UrlEncoded(absl::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (absl::ascii_isalnum(c) || c == '_' || c == '.' || c == '-' || c == '~')
      out += char(c);
    else
      absl::StrAppendFormat(&out, "%%%02X", c);
  }
  return out;
}

using testing::Field;

class MonitoringTest : public ::testing::Test {
 protected:
  std::unique_ptr<EngineProcess> Start(std::vector<std::string> argv, const std::string& log) {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process =
        EngineProcess::Start({.argv = std::move(argv), .stderr_path = scratch_.path() + "/" + log});
    EXPECT_TRUE(process.ok()) << process.status() << " (scripts/bootstrap installs it)";
    return process.ok() ? *std::move(process) : nullptr;
  }
  std::string Query(const std::string& expression) {
    return testing::HttpGet(prometheus_port_, "/api/v1/query?query=" + UrlEncoded(expression));
  }
  bool HasData(const std::string& expression) {
    const std::string answer = Query(expression);
    return absl::StrContains(answer, "\"status\":\"success\"") && !absl::StrContains(answer, "\"result\":[]");
  }
  template <typename Condition>
  bool WaitFor(absl::Duration timeout, Condition condition) {
    for (const absl::Time deadline = absl::Now() + timeout; absl::Now() < deadline;) {
      if (condition()) return true;
      absl::SleepFor(absl::Milliseconds(250));
    }
    return condition();
  }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
  int prometheus_port_ = 0;
};

TEST_F(MonitoringTest, EveryPanelHasDataAndALostWorkerIsAlertedThenResolved) {
  const std::string& dir = scratch_.path();
  // Step 1. The cluster: a coordinator, an SPRT test and a tune, two workers.
  const int coordinator_metrics = testing::FreePort();
  testing::CoordinatorProcess coordinator(dir + "/coordinator",
                                          {absl::StrCat("--metrics-listen=127.0.0.1:", coordinator_metrics)});
  ASSERT_NO_FATAL_FAILURE(coordinator.Start());
  const std::string engine = coordinator.Upload(JUDKINS_ENGINE_PATH);
  v1::CreateTestRequest sprt;
  *sprt.mutable_spec() = testing::FixedPairsSpec(engine, 0, 200);
  sprt.mutable_spec()->mutable_sprt()->set_elo0(0);
  sprt.mutable_spec()->mutable_sprt()->set_elo1(5);
  sprt.mutable_spec()->mutable_sprt()->set_alpha(0.001);  // wide bounds: it runs through the test
  sprt.mutable_spec()->mutable_sprt()->set_beta(0.001);
  v1::Test test;
  ASSERT_TRUE(coordinator.admin->CreateTest(testing::As(testing::kAdminToken).get(), sprt, &test).ok());
  v1::CreateTestRequest tune;
  *tune.mutable_spec() = testing::FixedPairsSpec(engine, 1, 200);
  v1::SpsaParameter& parameter = *tune.mutable_spec()->mutable_spsa()->add_parameters();
  parameter.set_name("PawnValue");
  parameter.set_start(100);
  parameter.set_min(50);
  parameter.set_max(200);
  parameter.set_c_end(5);
  parameter.set_r_end(0.002);
  tune.mutable_spec()->mutable_spsa()->set_pairs(100000);
  v1::Test tune_test;
  ASSERT_TRUE(coordinator.admin->CreateTest(testing::As(testing::kAdminToken).get(), tune, &tune_test).ok());
  const int worker_metrics[2] = {testing::FreePort(), testing::FreePort()};
  auto start_worker = [&](int i) {
    return std::make_unique<testing::WorkerProcess>(
        coordinator, absl::StrCat(dir, "/worker", i), "",
        std::vector<std::string>{"--metrics-listen", absl::StrCat("127.0.0.1:", worker_metrics[i])});
  };
  std::unique_ptr<testing::WorkerProcess> workers[2] = {start_worker(0), start_worker(1)};

  // Step 2. Alertmanager with this test as its webhook, Prometheus with the
  // rules ("workers lost" after 5 s here, not 2 minutes).
  testing::WebhookReceiver webhook;
  const int alertmanager_port = testing::FreePort();
  std::ofstream(dir + "/alertmanager.yml") << absl::StrCat(
      "route:\n  receiver: test\n  group_wait: 1s\n  group_interval: 1s\n  repeat_interval: 1h\n"
      "receivers:\n  - name: test\n    webhook_configs:\n      - url: http://127.0.0.1:",
      webhook.port(), "/\n        send_resolved: true\n");
  auto alertmanager =
      Start({"/usr/bin/prometheus-alertmanager", "--config.file=" + dir + "/alertmanager.yml",
             "--storage.path=" + dir + "/alertmanager",
             absl::StrCat("--web.listen-address=127.0.0.1:", alertmanager_port), "--cluster.listen-address="},
            "alertmanager.log");
  ASSERT_NE(alertmanager, nullptr);
  std::string rules = Read(kDashboards + "/prometheus/rules.yml");
  const std::string lost = "alert: JudkinsWorkersLost\n        expr: up{job=\"judkins-worker\"} == 0\n        for: 2m";
  ASSERT_TRUE(absl::StrContains(rules, lost)) << "the test shortens this alert's for: it moved";
  absl::StrReplaceAll({{lost, absl::StrReplaceAll(lost, {{"for: 2m", "for: 5s"}})}}, &rules);
  std::ofstream(dir + "/rules.yml") << rules;
  prometheus_port_ = testing::FreePort();
  std::ofstream(dir + "/prometheus.yml") << absl::StrCat(
      "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files: [rules.yml]\n"
      "alerting:\n  alertmanagers:\n    - static_configs:\n        - targets: ['127.0.0.1:",
      alertmanager_port, "']\nscrape_configs:\n  - job_name: judkins-coordinator\n    static_configs:\n",
      "      - targets: ['127.0.0.1:", coordinator_metrics, "']\n  - job_name: judkins-worker\n",
      "    static_configs:\n      - targets: ['127.0.0.1:", worker_metrics[0], "', '127.0.0.1:", worker_metrics[1],
      "']\n");
  auto prometheus =
      Start({"/usr/bin/prometheus", "--config.file=" + dir + "/prometheus.yml", "--storage.tsdb.path=" + dir + "/tsdb",
             absl::StrCat("--web.listen-address=127.0.0.1:", prometheus_port_)},
            "prometheus.log");
  ASSERT_NE(prometheus, nullptr);

  // Step 3. Every panel's queries, the variables filled in, return data once
  // both tests have counted games for a while.
  ASSERT_TRUE(WaitFor(absl::Seconds(120), [&] {
    return HasData(absl::StrCat("judkins_test_games{test=\"", test.id(), "\"} > 0")) &&
           HasData(absl::StrCat("judkins_tune_iterations{test=\"", tune_test.id(), "\"} > 0")) &&
           HasData("judkins_worker_game_plies_count > 0") && HasData("judkins:worker_engine_nodes_per_second:rate5m");
  })) << Query("judkins_test_games");
  absl::SleepFor(absl::Seconds(5));  // a few more scrapes, for the rates
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDashboards + "/grafana")) {
    if (entry.path().extension() != ".json") continue;
    Struct board;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(Read(entry.path()), &board).ok());
    const std::string chosen_test = std::to_string(entry.path().stem() == "tuning" ? tune_test.id() : test.id());
    for (const Value& panel : Field(board, "panels").list_value().values())
      for (const Value& target : Field(panel.struct_value(), "targets").list_value().values()) {
        const std::string expr = absl::StrReplaceAll(Field(target.struct_value(), "expr").string_value(),
                                                     {{"$coordinator_job", "judkins-coordinator"},
                                                      {"$worker_job", "judkins-worker"},
                                                      {"$test", chosen_test},
                                                      {"$instance", ".*"}});
        ++checked;
        EXPECT_TRUE(WaitFor(absl::Seconds(20), [&] { return HasData(expr); }))
            << entry.path().filename() << " / " << Field(panel.struct_value(), "title").string_value()
            << ": no data for " << expr << "\n"
            << Query(expr);
      }
  }
  EXPECT_GE(checked, 30);

  // Step 4. A worker killed: "workers lost" reaches the webhook; started
  // again, the alert is resolved.
  workers[1]->Kill();
  EXPECT_TRUE(WaitFor(absl::Seconds(60), [&] {
    const std::string bodies = webhook.Bodies();
    return absl::StrContains(bodies, "\"alertname\":\"JudkinsWorkersLost\"") &&
           absl::StrContains(bodies, "\"status\":\"firing\"");
  })) << webhook.Bodies();
  workers[1] = start_worker(1);
  EXPECT_TRUE(WaitFor(absl::Seconds(60), [&] {
    return absl::StrContains(webhook.Bodies(), "\"status\":\"resolved\"");
  })) << webhook.Bodies();
}

}  // namespace
}  // namespace judkins
