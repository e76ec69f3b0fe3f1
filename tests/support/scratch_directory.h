// A fresh directory for one test under $TMPDIR (or /tmp), made with mkdtemp
// so that two runs never collide, and removed with everything in it when the
// test ends.
#ifndef JUDKINS_TESTS_SUPPORT_SCRATCH_DIRECTORY_H_
#define JUDKINS_TESTS_SUPPORT_SCRATCH_DIRECTORY_H_

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace judkins::testing {

class ScratchDirectory {
 public:
  // `name` starts the directory's name, e.g. the test's.
  explicit ScratchDirectory(const std::string& name) {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = (std::filesystem::path(base && *base ? base : "/tmp") / ("judkins-" + name + "-XXXXXX"))
                              .lexically_normal()
                              .string();
    if (mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "cannot make a directory like " << pattern;
    path_ = pattern;
  }
  ~ScratchDirectory() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A scratch directory named after the running test.
inline std::string CurrentTestName() { return ::testing::UnitTest::GetInstance()->current_test_info()->name(); }

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_SCRATCH_DIRECTORY_H_
