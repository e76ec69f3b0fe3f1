// judkins-tune: SPSA tunes on the coordinator and texel fits from records.
// See RunTuneCli for the commands.
#include <iostream>
#include <string>
#include <vector>

#include "cli/tune_commands.h"

int main(int argc, char** argv) {
  return judkins::RunTuneCli(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
