// judkins-worker: plays engine-vs-engine games.
//   judkins-worker match --engine cmd=PATH name=N option.X=Y ... --engine ... --tc 10+0.1 ...
//   judkins-worker run --coordinator HOST:PORT --token-file F --concurrency N --cache DIR
//   judkins-worker sprt --pentanomial LL,LD,DD,DW,WW | --wdl W,D,L --elo0 X --elo1 Y [--json]
#include <iostream>
#include <string>
#include <vector>

#include "worker/cli/match_command.h"
#include "worker/cli/run_command.h"
#include "worker/cli/sprt_command.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::string command = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.empty() ? args.end() : args.begin() + 1, args.end());
  if (command == "match") return judkins::RunMatchCommand(rest);
  if (command == "run") return judkins::RunWorkerCommand(rest);
  if (command == "sprt") return judkins::RunSprtCommand(rest, std::cout, std::cerr);
  std::cerr << "usage: judkins-worker match|run|sprt ...  (see README.md)\n";
  return command.empty() || command == "help" || command == "--help" ? 0 : 2;
}
