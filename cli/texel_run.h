// One texel fit, with the evaluation of one variant's edition: the part of
// `judkins-tune texel` built once per variant (cli/texel_command.cc, built
// once, reads the command line and picks the edition).
#ifndef JUDKINS_CLI_TEXEL_RUN_H_
#define JUDKINS_CLI_TEXEL_RUN_H_

#include <ostream>
#include <string>
#include <vector>

#include "engine/rules/variant.h"
#include "tuner/texel/texel_options.h"

namespace judkins {

// The name the texel fit's errors begin with, from either part.
inline constexpr char kTexelProgram[] = "judkins-tune texel";

struct TexelRun {
  std::vector<std::string> record_files;  // read in this order
  std::vector<std::string> only;          // the parameters to fit; empty: every tunable one
  std::string params_file;                // start from these; empty: the edition's defaults
  std::string out_file;
  TexelExtraction extraction;
  TexelFitOptions fit;  // its slots are chosen from `only` by the run
};

// Extracts, fits and writes the params file with the evaluation of V's
// edition; returns the exit code. Records of another variant are an error.
template <class V>
int RunTexel(const TexelRun& run, std::ostream& out, std::ostream& err);
// Each defined by its edition's build of texel_run.cc.
template <>
int RunTexel<variants::Judkins>(const TexelRun& run, std::ostream& out, std::ostream& err);
template <>
int RunTexel<variants::Shogi>(const TexelRun& run, std::ostream& out, std::ostream& err);
template <>
int RunTexel<variants::Minishogi>(const TexelRun& run, std::ostream& out, std::ostream& err);

}  // namespace judkins

#endif  // JUDKINS_CLI_TEXEL_RUN_H_
