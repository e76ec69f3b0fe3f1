// judkins-tune texel: fit evaluation weights to recorded games (see
// tuner/texel/texel_fit.h) and write them as a params file.
#ifndef JUDKINS_CLI_TEXEL_COMMAND_H_
#define JUDKINS_CLI_TEXEL_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tuner/texel/texel_options.h"

namespace judkins {

class TexelCommand {
 public:
  // Declares the options on `command` (the `texel` subcommand).
  explicit TexelCommand(CLI::App& command);
  // Reads the records, fits, writes the params file; returns the exit code.
  int Run(std::ostream& out, std::ostream& err) const;

 private:
  std::vector<std::string> record_paths_, only_;
  std::string variant_ = "judkins", params_file_, out_file_ = "texel.params";
  TexelExtraction extraction_;
  TexelFitOptions fit_;
};

}  // namespace judkins

#endif  // JUDKINS_CLI_TEXEL_COMMAND_H_
