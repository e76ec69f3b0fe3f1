// judkins: the coordinator's client. See RunCli for the commands.
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"

int main(int argc, char** argv) {
  return judkins::RunCli(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
