// The SPRT as a calculator: counts and bounds in, the report out. One set of
// rules for `judkins-worker sprt` and the HTTP API's /api/v1/sprt; errors name
// the field as the caller spells it (`--elo0` on the command line, `elo0` in a
// query).
#ifndef JUDKINS_PROTO_CONVERT_SPRT_CALCULATOR_H_
#define JUDKINS_PROTO_CONVERT_SPRT_CALCULATOR_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "judkins/v1/stats.pb.h"
#include "stats/sprt.h"

namespace judkins {

struct SprtQuestion {
  std::string pentanomial;  // "LL,LD,DD+WL,DW,WW", or empty
  std::string wdl;          // "W,D,L", or empty (at least one of the two)
  stats::SprtParameters sprt;
  std::string model = "normalized";
};

// InvalidArgument naming `field_prefix` + the field when the question is wrong.
absl::StatusOr<v1::StatsReport> AnswerSprt(const SprtQuestion& question, absl::string_view field_prefix);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_SPRT_CALCULATOR_H_
