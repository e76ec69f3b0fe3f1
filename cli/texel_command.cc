#include "cli/texel_command.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/command_line.h"
#include "common/read_file.h"
#include "tuner/texel/texel_fit.h"

namespace judkins {
namespace {

constexpr char kProgram[] = "judkins-tune texel";
constexpr int kMaxThreads = 256, kMaxIterations = 100'000, kMaxRounds = 100, kMaxSkipPlies = 1000;
constexpr int kMaxPositions = 100'000'000;

int Fail(std::ostream& err, absl::string_view message) { return judkins::Fail(err, kProgram, message); }

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
  command.add_option("--max-positions", extraction_.max_positions, "positions to keep at most (0: all)")
      ->check(CLI::Range(0, kMaxPositions));
  command.add_option("--skip-plies", extraction_.skip_plies, "plies of each game left out (the opening book's)")
      ->check(CLI::Range(0, kMaxSkipPlies));
}

int TexelCommand::Run(std::ostream& out, std::ostream& err) const {
  texel::FitOptions fit = fit_;  // with the slots chosen below
  EvalParams start;
  if (!params_file_.empty())
    if (absl::Status s = start.LoadFile(params_file_); !s.ok()) return Fail(err, s.message());
  const auto registry = ParamRegistry();
  if (only_.empty()) {
    for (int slot = 0; slot < int(registry.size()); ++slot)
      if (IsTunable(slot)) fit.slots.push_back(slot);
  } else {
    for (const std::string& name : only_) {
      const int slot = FindParam(name);
      if (slot < 0 || !IsTunable(slot)) return Fail(err, absl::StrCat("--tune: no parameter '", name, "'"));
      fit.slots.push_back(slot);
    }
  }

  absl::StatusOr<std::vector<std::string>> files = RecordFiles(record_paths_);
  if (!files.ok()) return Fail(err, files.status().message());
  const absl::Time began = absl::Now();
  std::vector<texel::LabelledPosition> positions;
  absl::flat_hash_set<uint64_t> seen;
  texel::ExtractionCounts counts;
  for (const std::string& file : *files) {
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) return Fail(err, text.status().message());
    if (absl::Status s = texel::ExtractPositions(*text, extraction_, start, positions, seen, counts); !s.ok())
      return Fail(err, absl::StrCat(file, ": ", s.message()));
  }
  const double read_seconds = absl::ToDoubleSeconds(absl::Now() - began);
  out << absl::StrFormat("%d games in %d files: %d positions, %d not quiet, %d repeated, %d kept (%.1f s)\n",
                         counts.games, files->size(), counts.positions_seen, counts.not_quiet, counts.duplicates,
                         counts.kept, read_seconds);
  if (positions.empty()) return Fail(err, "no quiet positions to fit");

  const texel::FitReport report = texel::Fit(positions, start, fit);
  out << absl::StrFormat("fitted %d weights on %d positions: K = %.4f, loss %.6f -> %.6f (%.3f%%)\n", fit.slots.size(),
                         positions.size(), report.scale, report.loss_before, report.loss_after,
                         100 * (report.loss_after - report.loss_before) / report.loss_before);
  out << absl::StrFormat("%.1f s: %d evaluations at %.2f M/s, %d Adam position-steps at %.2f M/s\n", report.seconds,
                         report.evaluations, double(report.evaluations) / report.evaluation_seconds / 1e6,
                         report.gradient_terms, double(report.gradient_terms) / report.descent_seconds / 1e6);
  for (int slot : fit.slots)
    if (report.params[slot] != start[slot])
      out << absl::StrFormat("  %-24s %6d -> %6d\n", registry[slot].name, start[slot], report.params[slot]);
  std::ofstream file(out_file_);
  file << "# judkins-tune texel: " << positions.size() << " positions, loss " << report.loss_before << " -> "
       << report.loss_after << "\n"
       << ParamsCsv(report.params);
  if (!file) return Fail(err, absl::StrCat("cannot write '", out_file_, "'"));
  out << "wrote " << out_file_ << " (load it with judkins-engine --params " << out_file_ << ")\n";
  return kExitOk;
}

}  // namespace judkins
