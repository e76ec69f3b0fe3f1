// The five time-control options every command that plays games takes:
// --tc, --byoyomi, --movetime, --nodes, --depth (at most one), parsed into
// the one TimeControl type.
#ifndef JUDKINS_COMMON_TIME_CONTROL_OPTIONS_H_
#define JUDKINS_COMMON_TIME_CONTROL_OPTIONS_H_

#include <array>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "absl/status/statusor.h"
#include "common/time_control.h"

namespace judkins {

class TimeControlOptions {
 public:
  // Declares the options on `app`.
  void Declare(CLI::App& app);
  // The time control given (nullopt when none); an error names the option,
  // or the two options when more than one is given.
  absl::StatusOr<std::optional<TimeControl>> Parsed() const;

 private:
  static constexpr int kKinds = 5;
  std::array<std::string, kKinds> text_;  // indexed by TimeControl::Kind
  std::array<const CLI::Option*, kKinds> given_{};
};

}  // namespace judkins

#endif  // JUDKINS_COMMON_TIME_CONTROL_OPTIONS_H_
