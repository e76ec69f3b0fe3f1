// Access to the reference data under tests/data (copied from shared/oracle).
#ifndef JUDKINS_TESTS_SUPPORT_TEST_DATA_H_
#define JUDKINS_TESTS_SUPPORT_TEST_DATA_H_

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"

namespace judkins::testing {

inline std::string TestDataPath(const std::string& name) { return std::string(JUDKINS_TEST_DATA_DIR) + "/" + name; }

// A scripted engine under tests/fixtures (one that listens, or misbehaves on purpose).
inline std::string FixturePath(const std::string& name) {
  return std::string(JUDKINS_SOURCE_DIR) + "/tests/fixtures/" + name;
}

// Rows of a tab-separated file; blank lines and '#' comments are skipped.
inline std::vector<std::vector<std::string>> ReadTsv(const std::string& name) {
  std::ifstream in(TestDataPath(name));
  if (!in) throw std::runtime_error("missing test data " + name);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') rows.push_back(absl::StrSplit(line, '\t'));
  return rows;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_TEST_DATA_H_
