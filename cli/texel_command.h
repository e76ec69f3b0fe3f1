// judkins-tune texel: fit evaluation weights to recorded games (see
// tuner/texel/texel_fit.h) and write them as a params file.
#ifndef JUDKINS_CLI_TEXEL_COMMAND_H_
#define JUDKINS_CLI_TEXEL_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

namespace judkins {

int RunTexelCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace judkins

#endif  // JUDKINS_CLI_TEXEL_COMMAND_H_
