// Command lines in the style of fastchess and cutechess-cli: "--name value
// value ..." groups, where a name may repeat (--engine ... --engine ...) and
// values are often key=value pairs.
#ifndef JUDKINS_COMMON_GROUPED_OPTIONS_H_
#define JUDKINS_COMMON_GROUPED_OPTIONS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace judkins {

struct OptionGroup {
  std::string name;                 // without the dashes
  std::vector<std::string> values;  // the words up to the next --name
};

absl::StatusOr<std::vector<OptionGroup>> ParseGroupedOptions(const std::vector<std::string>& words);

// key=value words of a group; a word without '=' or a repeated key is an error.
absl::StatusOr<std::multimap<std::string, std::string>> KeyValues(const OptionGroup& group);

// Checks that a group has exactly one value and returns it.
absl::StatusOr<std::string> SingleValue(const OptionGroup& group);

}  // namespace judkins

#endif  // JUDKINS_COMMON_GROUPED_OPTIONS_H_
