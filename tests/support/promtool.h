// Prometheus's own linter on a /metrics text: `promtool check metrics`
// (naming, units, _total on counters, help on every family). Empty when it
// has nothing to say; otherwise what it printed.
#ifndef JUDKINS_TESTS_SUPPORT_PROMTOOL_H_
#define JUDKINS_TESTS_SUPPORT_PROMTOOL_H_

#include <fstream>
#include <string>

#include "tests/support/run_command.h"

namespace judkins::testing {

inline std::string PromtoolComplaints(const std::string& metrics_text, const std::string& scratch_dir) {
  const std::string file = scratch_dir + "/metrics.txt";
  std::ofstream(file) << metrics_text;
  const CommandResult result =
      RunCommand({"/bin/sh", "-c", "promtool check metrics < '" + file + "' 2>&1"}, scratch_dir + "/promtool.err");
  if (result.exit_code == 0) return "";
  return absl::StrCat("promtool exit ", result.exit_code, ": ", result.out, result.err);
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_PROMTOOL_H_
