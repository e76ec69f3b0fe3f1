// The options that describe a test (`judkins test create`), and the part of
// them a tune shares (`judkins-tune spsa create`): parsed into a TestSpec,
// which the coordinator validates again (coordinator/service/validation.cc).
#ifndef JUDKINS_CLI_TEST_SPEC_OPTIONS_H_
#define JUDKINS_CLI_TEST_SPEC_OPTIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/status/statusor.h"
#include "common/command_line.h"
#include "common/time_control_options.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// The default opening book and its size (books/default.sfen, and each other
// variant's books/VARIANT/default.sfen).
inline constexpr char kDefaultBook[] = "default";
inline constexpr uint32_t kDefaultBookSize = 500;

class TestSpecOptions {
 public:
  enum class Parts {
    kWholeTest,     // engines, stop rule and schedule: `judkins test create`
    kScheduleOnly,  // time control, openings, priority, throughput: a tune's
  };
  TestSpecOptions(CLI::App& command, Parts parts);
  // The spec the options describe. With kScheduleOnly the engines and the
  // stop rule are left for the caller.
  absl::StatusOr<v1::TestSpec> Spec() const;

 private:
  Parts parts_;
  KeyValueGroups dev_, base_, sprt_, openings_;
  TimeControlOptions time_control_;
  uint64_t pairs_ = 0;  // with --sprt a cap, else the fixed number of pairs
  int32_t priority_ = 0;
  uint32_t throughput_ = 0;
  double reference_speed_ = 0;
  std::string variant_ = "judkins";
};

// `judkins test create WORDS...` parsed into a spec (for tests).
absl::StatusOr<v1::TestSpec> ParseTestSpec(const std::vector<std::string>& words);

}  // namespace judkins

#endif  // JUDKINS_CLI_TEST_SPEC_OPTIONS_H_
