#include "cli/texel_command.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/texel_run.h"
#include "common/command_line.h"
#include "common/read_file.h"

namespace judkins {
namespace {

constexpr int kMaxThreads = 256, kMaxIterations = 100'000, kMaxRounds = 100, kMaxSkipPlies = 1000;
// Beyond this the penalty of one step swamps any mean loss of the positions: no weight could move.
constexpr double kMaxRegularisation = 1000;
// K near 0.5 is usual (centipawns); at 10 a pawn up would already be a certain win.
constexpr double kMaxScale = 10;
constexpr int kMaxPositions = 100'000'000;

// A file as given, or the record files (*.pgn) under a directory.
absl::StatusOr<std::vector<std::string>> RecordFiles(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(path, error))
        if (entry.is_regular_file() && entry.path().extension() == ".pgn") files.push_back(entry.path().string());
    } else if (std::filesystem::is_regular_file(path, error)) {
      files.push_back(path);
    } else {
      return absl::NotFoundError(absl::StrCat("--records: no file or directory '", path, "'"));
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) return absl::NotFoundError("--records: no record files (*.pgn) found");
  return files;
}

}  // namespace

TexelCommand::TexelCommand(CLI::App& command) {
  command
      .add_option("--variant", variant_,
                  "judkins, shogi or minishogi: whose evaluation is fitted (the records' variant)")
      ->capture_default_str();
  command.add_option("--records", record_paths_, "record files, or directories of *.pgn files")
      ->required()
      ->default_str("");
  command.add_option("--params", params_file_, "start from these parameters (default: the engine's own)")
      ->check(CLI::ExistingFile);
  command.add_option("--tune", only_, "fit only these parameters (default: every tunable one)")->default_str("");
  command.add_option("--out", out_file_, "write the fitted parameters here");
  command.add_option("--threads", fit_.threads, "threads (0: one per core)")->check(CLI::Range(0, kMaxThreads));
  command.add_option("--iterations", fit_.iterations, "Adam steps per round")->check(CLI::Range(1, kMaxIterations));
  command.add_option("--rounds", fit_.rounds, "linearisations")->check(CLI::Range(1, kMaxRounds));
  command
      .add_option("--regularisation", fit_.regularisation,
                  "lambda: add lambda * sum(((w - start) / step)^2) to the loss, holding weights near their start")
      ->check(CLI::Range(0.0, kMaxRegularisation));
  command
      .add_option("--scale", fit_.scale,
                  "hold K at this value, so the weights cannot all shrink or grow with it (0: fit K each round)")
      ->check(CLI::Range(0.0, kMaxScale));
  command.add_option("--max-positions", extraction_.max_positions, "positions to keep at most (0: all)")
      ->check(CLI::Range(0, kMaxPositions));
  command.add_option("--skip-plies", extraction_.skip_plies, "plies of each game left out (the opening book's)")
      ->check(CLI::Range(0, kMaxSkipPlies));
}

int TexelCommand::Run(std::ostream& out, std::ostream& err) const {
  absl::StatusOr<Variant> variant = ParseVariant(variant_);
  if (!variant.ok()) return judkins::Fail(err, kTexelProgram, absl::StrCat("--variant: ", variant.status().message()));
  absl::StatusOr<std::vector<std::string>> files = RecordFiles(record_paths_);
  if (!files.ok()) return judkins::Fail(err, kTexelProgram, files.status().message());
  const TexelRun run{.record_files = *std::move(files),
                     .only = only_,
                     .params_file = params_file_,
                     .out_file = out_file_,
                     .extraction = extraction_,
                     .fit = fit_};
  return WithVariant(*variant, [&]<class V>(V) { return RunTexel<V>(run, out, err); });
}

}  // namespace judkins
