// The nice value of each of this process's threads, for tests that check
// which threads yield the CPU (common/thread_priority.h).
#ifndef JUDKINS_TESTS_SUPPORT_THREAD_NICENESS_H_
#define JUDKINS_TESTS_SUPPORT_THREAD_NICENESS_H_

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_split.h"
#include "common/read_file.h"

namespace judkins {

// The nice value of each of this process's threads, by thread name.
inline std::multimap<std::string, int> NiceValueByThreadName() {
  std::multimap<std::string, int> nice;
  for (const std::filesystem::directory_entry& task : std::filesystem::directory_iterator("/proc/self/task")) {
    absl::StatusOr<std::string> stat = ReadFile(task.path().string() + "/stat");
    if (!stat.ok()) continue;  // the thread ended
    // "tid (name) state ppid ...": the nice value is field 19, the 17th after the name.
    const size_t name_end = stat->rfind(')');
    const std::vector<std::string> fields = absl::StrSplit(stat->substr(name_end + 2), ' ');
    nice.emplace(stat->substr(stat->find('(') + 1, name_end - stat->find('(') - 1), std::stoi(fields[16]));
  }
  return nice;
}

}  // namespace judkins

#endif  // JUDKINS_TESTS_SUPPORT_THREAD_NICENESS_H_
