// judkins-worker: plays engine-vs-engine games.
//   judkins-worker match --engine cmd=PROGRAM name=N option.X=Y ... --engine ... --tc 10+0.1 ...
//   judkins-worker run --coordinator HOST:PORT --token-file F --concurrency N --cache DIR
//   judkins-worker health --work-dir DIR   (exit 0 when its coordinator answered lately)
//   judkins-worker sprt --pentanomial LL,LD,DD,DW,WW | --wdl W,D,L --elo0 X --elo1 Y [--json]
// `judkins-worker --help` and `judkins-worker COMMAND --help` tell the rest.
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "common/command_line.h"
#include "worker/cli/health_command.h"
#include "worker/cli/match_command.h"
#include "worker/cli/run_command.h"
#include "worker/cli/sprt_command.h"

int main(int argc, char** argv) {
  // Whatever this process inherited beyond the standard three (a shell's or a
  // supervisor's descriptors) goes no further: engines are started with
  // stdin, stdout and stderr alone, and so is anything else it runs.
  close_range(STDERR_FILENO + 1, ~0U, CLOSE_RANGE_CLOEXEC);
  CLI::App app(
      "Plays engine-vs-engine games: a local match, the daemon that works for a coordinator, or the "
      "SPRT calculator.",
      "judkins-worker");
  judkins::SetUpCommandLine(app);
  app.require_subcommand(1);
  judkins::MatchCommand match(*app.add_subcommand("match", "play a match between two engines on this machine"));
  judkins::RunCommand run(*app.add_subcommand("run", "work for a coordinator until stopped (SIGINT, SIGTERM)"));
  judkins::SprtCommand sprt(*app.add_subcommand("sprt", "the SPRT's verdict and Elo for given counts"));
  judkins::HealthCommand health(
      *app.add_subcommand("health", "exit 0 when the worker of --work-dir heard from its coordinator lately"));
  if (std::optional<int> exit =
          judkins::ParseCommandLine(app, std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr))
    return *exit;
  if (app.got_subcommand("match")) return match.Run(std::cout, std::cerr);
  if (app.got_subcommand("run")) return run.Run(std::cerr);
  if (app.got_subcommand("health")) return health.Run(std::cout, std::cerr);
  return sprt.Run(std::cout, std::cerr);
}
