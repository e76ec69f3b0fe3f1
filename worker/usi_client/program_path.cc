#include "worker/usi_client/program_path.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/valid_text.h"

namespace judkins {
namespace {

// The search path glibc's posix_spawnp uses when PATH is unset.
constexpr char kDefaultSearchPath[] = "/bin:/usr/bin";

// Empty when `path` names a regular file this process may execute, else why not.
std::string WhyNotRunnable(const std::string& path) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) return std::strerror(errno);
  if (S_ISDIR(info.st_mode)) return "a directory, not a program";
  if (!S_ISREG(info.st_mode)) return "not a regular file";
  if (access(path.c_str(), X_OK) != 0) return "not executable";
  return "";
}

// Where the child finds `path` once it has changed to `working_directory`.
std::string SeenFrom(absl::string_view working_directory, absl::string_view path) {
  if (absl::StartsWith(path, "/") || working_directory.empty()) return std::string(path);
  return absl::StrCat(working_directory, "/", path);
}

}  // namespace

absl::Status CheckProgramRunnable(absl::string_view program, absl::string_view working_directory) {
  if (program.empty()) return absl::InvalidArgumentError("the program's path is empty");
  if (!absl::StrContains(program, '/')) {
    const char* search_path = std::getenv("PATH");
    for (absl::string_view directory : absl::StrSplit(search_path ? search_path : kDefaultSearchPath, ':')) {
      // An empty entry is the current directory, as in a shell.
      const std::string candidate = absl::StrCat(directory.empty() ? "." : directory, "/", program);
      if (WhyNotRunnable(SeenFrom(working_directory, candidate)).empty()) return absl::OkStatus();
    }
    return absl::InvalidArgumentError(absl::StrCat(Quoted(program), ": not found in PATH"));
  }
  const std::string why = WhyNotRunnable(SeenFrom(working_directory, program));
  if (why.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(Quoted(program), ": ", why));
}

}  // namespace judkins
