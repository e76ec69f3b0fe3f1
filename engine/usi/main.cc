// judkins-engine: a USI engine for Judkins shogi.
//   judkins-engine                 speak USI on stdin/stdout
//   judkins-engine bench [depth]   fixed search; prints the node-count signature
//   judkins-engine params          the tunable parameters as CSV (--json: JSON)
#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/numbers.h"
#include "engine/eval/params.h"
#include "engine/usi/bench.h"
#include "engine/usi/params_json.h"
#include "engine/usi/usi_loop.h"

ABSL_FLAG(std::string, params, "", "load evaluation parameters from this file (name,value lines)");
ABSL_FLAG(bool, json, false, "with 'params': print JSON instead of CSV");

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("judkins-engine [bench [depth] | params [--json]] [--params FILE]");
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  std::ios::sync_with_stdio(false);
  judkins::EvalParams params;
  if (const std::string file = absl::GetFlag(FLAGS_params); !file.empty()) {
    if (absl::Status status = params.LoadFile(file); !status.ok()) {
      std::cerr << "judkins-engine: " << status.message() << "\n";
      return 2;
    }
  }
  const std::string command = args.size() > 1 ? args[1] : "";
  if (command == "bench") {
    int depth = judkins::kBenchDepth;
    if (args.size() > 2 && (!absl::SimpleAtoi(args[2], &depth) || depth < 1 || depth > 30)) {
      std::cerr << "judkins-engine: bench takes a depth from 1 to 30\n";
      return 2;
    }
    judkins::RunBench(params, depth, std::cout);
    return 0;
  }
  if (command == "params") {
    std::cout << (absl::GetFlag(FLAGS_json) ? judkins::ParamsJson(params) : judkins::ParamsCsv(params));
    return 0;
  }
  if (!command.empty()) {
    std::cerr << "judkins-engine: unknown command '" << command << "'\n";
    return 2;
  }
  judkins::UsiLoop(std::cin, std::cout, params).Run();
  return 0;
}
