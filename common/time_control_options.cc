#include "common/time_control_options.h"

#include <vector>

#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

constexpr struct {
  TimeControl::Kind kind;
  const char* value_name;
  const char* description;
} kOptions[] = {
    {TimeControl::Kind::kFischer, "BASE+INC", "Fischer clock: main time + increment per move, seconds"},
    {TimeControl::Kind::kByoyomi, "BASE+BYO", "main time + byoyomi period, seconds"},
    {TimeControl::Kind::kMovetime, "SECONDS", "a fixed time per move"},
    {TimeControl::Kind::kNodes, "N", "a fixed number of nodes per move"},
    {TimeControl::Kind::kDepth, "PLIES", "a fixed search depth per move"},
};

}  // namespace

void TimeControlOptions::Declare(CLI::App& app) {
  std::vector<CLI::Option*> declared;
  for (const auto& option : kOptions) {
    given_[int(option.kind)] =
        declared.emplace_back(app.add_option(absl::StrCat("--", TimeControl::NameOf(option.kind)),
                                             text_[int(option.kind)], option.description)
                                  ->type_name(option.value_name)
                                  ->group("Time control (one of)"));
  }
  for (CLI::Option* option : declared)
    for (CLI::Option* other : declared)
      if (other != option) option->excludes(other);
}

absl::StatusOr<std::optional<TimeControl>> TimeControlOptions::Parsed() const {
  for (const auto& option : kOptions) {
    if (given_[int(option.kind)] == nullptr || given_[int(option.kind)]->count() == 0) continue;
    const std::string& text = text_[int(option.kind)];
    absl::StatusOr<TimeControl> parsed = TimeControl::Parse(option.kind, text);
    if (!parsed.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("--", TimeControl::NameOf(option.kind), ": ", parsed.status().message()));
    return std::optional<TimeControl>(*parsed);
  }
  return std::optional<TimeControl>();
}

}  // namespace judkins
