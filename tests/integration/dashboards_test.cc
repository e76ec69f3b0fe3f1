// The Grafana dashboards and the alert rules as files: every dashboard
// parses, has the datasource variable and the schema version Grafana 10-11
// read, unique panel ids, and panels with a description, a unit and queries
// on the datasource variable; every alert names a dashboard that exists and a
// runbook entry that dashboards/README.md has. (That every query returns
// data is proven live: monitoring_test.cc.)
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "common/read_file.h"
#include "tests/support/json_struct.h"

namespace judkins {
namespace {

using google::protobuf::Struct;
using google::protobuf::Value;

constexpr int kGrafanaSchemaVersion = 39;
const std::string kDashboards = std::string(JUDKINS_SOURCE_DIR) + "/dashboards";

// The file's text; empty (and the checks on it fail) when it cannot be read.
std::string Read(const std::string& path) { return ReadFile(path).value_or(""); }

using testing::Field;

std::map<std::string, Struct> Dashboards() {
  std::map<std::string, Struct> boards;
  for (const auto& entry : std::filesystem::directory_iterator(kDashboards + "/grafana")) {
    if (entry.path().extension() != ".json") continue;
    Struct board;
    const auto status = google::protobuf::util::JsonStringToMessage(Read(entry.path()), &board);
    EXPECT_TRUE(status.ok()) << entry.path() << ": " << status.ToString();
    boards[entry.path().filename()] = board;
  }
  return boards;
}

TEST(DashboardsTest, EveryDashboardHasTheVariablesSchemaAndWellFormedPanels) {
  const std::map<std::string, Struct> boards = Dashboards();
  ASSERT_EQ(boards.size(), 4u) << "cluster, test, workers, tuning";
  std::set<std::string> uids;
  for (const auto& [file, board] : boards) {
    SCOPED_TRACE(file);
    EXPECT_EQ(Field(board, "schemaVersion").number_value(), kGrafanaSchemaVersion);
    EXPECT_TRUE(uids.insert(Field(board, "uid").string_value()).second) << "uid given twice";
    std::set<std::string> variables;
    for (const Value& variable : Field(Field(board, "templating").struct_value(), "list").list_value().values())
      variables.insert(Field(variable.struct_value(), "name").string_value() + ":" +
                       Field(variable.struct_value(), "type").string_value());
    EXPECT_TRUE(variables.count("datasource:datasource"));
    EXPECT_TRUE(variables.count("coordinator_job:query"));
    EXPECT_TRUE(variables.count("worker_job:query"));
    std::set<double> ids;
    const auto& panels = Field(board, "panels").list_value().values();
    EXPECT_GE(panels.size(), 3);
    for (const Value& panel_value : panels) {
      const Struct& panel = panel_value.struct_value();
      const std::string title = Field(panel, "title").string_value();
      EXPECT_TRUE(ids.insert(Field(panel, "id").number_value()).second) << title << ": panel id given twice";
      EXPECT_FALSE(Field(panel, "description").string_value().empty()) << title << ": no description";
      const Struct& defaults = Field(Field(panel, "fieldConfig").struct_value(), "defaults").struct_value();
      EXPECT_FALSE(Field(defaults, "unit").string_value().empty()) << title << ": no unit";
      EXPECT_EQ(Field(Field(panel, "datasource").struct_value(), "uid").string_value(), "${datasource}") << title;
      const auto& targets = Field(panel, "targets").list_value().values();
      EXPECT_FALSE(targets.empty()) << title << ": no query";
      for (const Value& target : targets) {
        const std::string expr = Field(target.struct_value(), "expr").string_value();
        EXPECT_FALSE(expr.empty()) << title;
        // Every $variable a query uses is one the dashboard defines.
        static const std::regex kVariable(R"(\$([a-z_]+))");
        for (auto it = std::sregex_iterator(expr.begin(), expr.end(), kVariable); it != std::sregex_iterator(); ++it)
          EXPECT_TRUE(variables.count((*it)[1].str() + ":query") || variables.count((*it)[1].str() + ":datasource"))
              << title << ": $" << (*it)[1].str() << " is not a variable of the dashboard";
      }
    }
  }
}

TEST(DashboardsTest, EveryAlertNamesADashboardThatExistsAndARunbookEntry) {
  std::set<std::string> uids;
  for (const auto& [file, board] : Dashboards()) uids.insert(Field(board, "uid").string_value());
  const std::string rules = Read(kDashboards + "/prometheus/rules.yml");
  const std::string readme = absl::AsciiStrToLower(Read(kDashboards + "/README.md"));
  int alerts = 0;
  static const std::regex kAlert(R"(- alert: (\w+))"), kDashboard(R"(dashboard: "([\w-]+)\")"),
      kRunbook(R"(runbook_url: "dashboards/README.md#([\w-]+)\")");
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), kAlert); it != std::sregex_iterator(); ++it) {
    ++alerts;
    // Each alert's heading in the README ("### JudkinsCoordinatorDown") is its anchor.
    const std::string name = (*it)[1].str();
    EXPECT_TRUE(absl::StrContains(readme, "### " + absl::AsciiStrToLower(name))) << name << ": no runbook entry";
  }
  EXPECT_EQ(alerts, 12);
  int dashboards = 0, runbooks = 0;
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), kDashboard); it != std::sregex_iterator(); ++it) {
    ++dashboards;
    EXPECT_TRUE(uids.count((*it)[1].str())) << (*it)[1].str() << ": no such dashboard";
  }
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), kRunbook); it != std::sregex_iterator(); ++it) {
    ++runbooks;
    EXPECT_TRUE(absl::StrContains(readme, "### " + (*it)[1].str())) << (*it)[1].str() << ": no runbook entry";
  }
  EXPECT_EQ(dashboards, alerts);
  EXPECT_EQ(runbooks, alerts);
}

}  // namespace
}  // namespace judkins
