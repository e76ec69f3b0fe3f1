#include "common/grouped_options.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace judkins {

absl::StatusOr<std::vector<OptionGroup>> ParseGroupedOptions(const std::vector<std::string>& words) {
  std::vector<OptionGroup> groups;
  for (const std::string& word : words) {
    if (absl::StartsWith(word, "--") && word.size() > 2) {
      groups.push_back({word.substr(2), {}});
    } else if (groups.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("'", word, "' does not follow an option (--name)"));
    } else {
      groups.back().values.push_back(word);
    }
  }
  return groups;
}

absl::StatusOr<std::multimap<std::string, std::string>> KeyValues(const OptionGroup& group) {
  std::multimap<std::string, std::string> pairs;
  for (const std::string& word : group.values) {
    const size_t equals = word.find('=');
    if (equals == std::string::npos || equals == 0)
      return absl::InvalidArgumentError(absl::StrCat("--", group.name, ": expected key=value, got '", word, "'"));
    const std::string key = word.substr(0, equals);
    // Only engine options and arguments may repeat.
    if (pairs.count(key) && !absl::StartsWith(key, "option.") && key != "arg")
      return absl::InvalidArgumentError(absl::StrCat("--", group.name, ": '", key, "' given twice"));
    pairs.emplace(key, word.substr(equals + 1));
  }
  return pairs;
}

absl::StatusOr<std::string> SingleValue(const OptionGroup& group) {
  if (group.values.size() != 1)
    return absl::InvalidArgumentError(absl::StrCat("--", group.name, " takes one value, got ", group.values.size()));
  return group.values[0];
}

}  // namespace judkins
