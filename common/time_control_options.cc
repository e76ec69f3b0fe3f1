#include "common/time_control_options.h"

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
  // "One of" is checked by Parsed(): CLI11's excludes() would list the
  // others in the help in an order that changes from run to run.
  for (const auto& option : kOptions) {
    given_[int(option.kind)] = app.add_option(absl::StrCat("--", TimeControl::NameOf(option.kind)),
                                              text_[int(option.kind)], option.description)
                                   ->type_name(option.value_name)
                                   ->group("Time control (one of)");
  }
}

absl::StatusOr<std::optional<TimeControl>> TimeControlOptions::Parsed() const {
  std::optional<TimeControl> parsed_control;
  const char* given = nullptr;
  for (const auto& option : kOptions) {
    if (given_[int(option.kind)] == nullptr || given_[int(option.kind)]->count() == 0) continue;
    const std::string& text = text_[int(option.kind)];
    const char* name = TimeControl::NameOf(option.kind);
    if (given)
      return absl::InvalidArgumentError(absl::StrCat(
          "--", given, " and --", name, ": give only one of --tc, --byoyomi, --movetime, --nodes, --depth"));
    given = name;
    absl::StatusOr<TimeControl> parsed = TimeControl::Parse(option.kind, text);
    if (!parsed.ok()) return absl::InvalidArgumentError(absl::StrCat("--", name, ": ", parsed.status().message()));
    parsed_control = *parsed;
  }
  return parsed_control;
}

}  // namespace judkins
