// judkins-engine: a USI engine for Judkins shogi; judkins-engine-shogi and
// judkins-engine-minishogi are the same sources built for the other variants.
//   judkins-engine                 speak USI on stdin/stdout
//   judkins-engine bench [DEPTH]   fixed search; prints the node-count signature
//   judkins-engine params          the tunable parameters as CSV (--json: JSON)
// Any of them with --params FILE: evaluation parameters from a file.
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/command_line.h"
#include "engine/eval/params.h"
#include "engine/usi/bench.h"
#include "engine/usi/params_json.h"
#include "engine/usi/usi_loop.h"

namespace {

constexpr int kMaxBenchDepth = 30;

}  // namespace

int main(int argc, char** argv) {
  const std::string program = judkins::EngineProgram();
  CLI::App app(
      absl::StrCat("A USI engine for ", judkins::VariantTitle(judkins::PlayedVariant::kVariant), " (", judkins::kFiles,
                   "x", judkins::kRanks, "). Without a command it speaks USI on stdin and stdout."),
      program);
  judkins::SetUpCommandLine(app);
  app.require_subcommand(0, 1);
  app.fallthrough();  // --params after a command, too
  std::string params_file;
  app.add_option("--params", params_file, "load evaluation parameters from this file (name,value lines)")
      ->check(CLI::ExistingFile);
  CLI::App& bench = *app.add_subcommand("bench", "a fixed search of fixed positions; prints the node-count signature");
  int depth = judkins::kBenchDepth;
  bench.add_option("depth", depth, "search depth")->check(CLI::Range(1, kMaxBenchDepth));
  CLI::App& params_command = *app.add_subcommand("params", "the tunable evaluation parameters, as CSV");
  bool json = false;
  params_command.add_flag("--json", json, "print JSON instead of CSV");
  if (std::optional<int> exit =
          judkins::ParseCommandLine(app, std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr))
    return *exit;

  std::ios::sync_with_stdio(false);
  judkins::EvalParams params;
  if (!params_file.empty())
    if (absl::Status status = params.LoadFile(params_file); !status.ok())
      return judkins::Fail(std::cerr, program, status.message(), judkins::kExitUsage);
  if (bench.parsed()) {
    judkins::RunBench(params, depth, std::cout);
    return judkins::kExitOk;
  }
  if (params_command.parsed()) {
    std::cout << (json ? judkins::ParamsJson(params) : judkins::ParamsCsv(params));
    return judkins::kExitOk;
  }
  judkins::UsiLoop(std::cin, std::cout, params).Run();
  return judkins::kExitOk;
}
