#include "common/read_file.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read '", path, "'"));
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) return absl::DataLossError(absl::StrCat("error reading '", path, "'"));
  return text.str();
}

}  // namespace judkins
