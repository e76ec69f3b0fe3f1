// The judkins-tune commands: SPSA tunes through the coordinator (spsa create,
// show, export) and the offline texel fit from recorded games.
#ifndef JUDKINS_CLI_TUNE_COMMANDS_H_
#define JUDKINS_CLI_TUNE_COMMANDS_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "judkins/v1/coordinator.pb.h"
#include "judkins/v1/params.pb.h"

namespace judkins {

// Runs `judkins-tune WORDS...`; returns the exit code.
int RunTuneCli(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

// Fishtest's parameter lines, "name,start,min,max,c_end,r_end" ('#' comments).
absl::StatusOr<std::vector<v1::SpsaParameter>> ParseSpsaParameterLines(const std::string& text);

// What `PATH params --json` prints, from a judkins-engine binary.
absl::StatusOr<v1::EngineParamList> ReadEngineParams(const std::string& engine_path);

// The tuned values rounded to the engine's integers: "name,value" lines that
// `judkins-engine --params FILE` and the ParamsFile option load.
std::string ParamsFileOf(const v1::Tune& tune);
// The same as USI setoption lines.
std::string SetoptionLinesOf(const v1::Tune& tune);

}  // namespace judkins

#endif  // JUDKINS_CLI_TUNE_COMMANDS_H_
