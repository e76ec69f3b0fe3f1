#include "cli/texel_command.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/grouped_options.h"
#include "common/read_file.h"
#include "tuner/texel/texel_fit.h"

namespace judkins {
namespace {

int Fail(std::ostream& err, absl::string_view message) {
  err << "judkins-tune texel: " << message << "\n";
  return 1;
}

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

int RunTexelCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  absl::StatusOr<std::vector<OptionGroup>> options = ParseGroupedOptions(words);
  if (!options.ok()) return Fail(err, options.status().message());
  std::vector<std::string> record_paths, only;
  std::string params_file, out_file = "texel.params";
  texel::Extraction extraction;
  texel::FitOptions fit;
  for (const OptionGroup& group : *options) {
    absl::StatusOr<std::string> value = SingleValue(group);
    int number = 0;
    auto need_number = [&](int low, int high) {
      return value.ok() && absl::SimpleAtoi(*value, &number) && number >= low && number <= high;
    };
    if (group.name == "records" && !group.values.empty()) record_paths = group.values;
    else if (group.name == "tune" && !group.values.empty()) only = group.values;
    else if (group.name == "params" && value.ok()) params_file = *value;
    else if (group.name == "out" && value.ok()) out_file = *value;
    else if (group.name == "threads" && need_number(1, 256)) fit.threads = number;
    else if (group.name == "iterations" && need_number(1, 100000)) fit.iterations = number;
    else if (group.name == "rounds" && need_number(1, 100)) fit.rounds = number;
    else if (group.name == "max-positions" && need_number(1, 100'000'000)) extraction.max_positions = number;
    else if (group.name == "skip-plies" && need_number(0, 1000)) extraction.skip_plies = number;
    else return Fail(err, absl::StrCat("--", group.name, ": bad or unknown option"));
  }
  if (record_paths.empty()) return Fail(err, "give --records FILE|DIR ...");

  EvalParams start;
  if (!params_file.empty())
    if (absl::Status s = start.LoadFile(params_file); !s.ok()) return Fail(err, s.message());
  const auto registry = ParamRegistry();
  if (only.empty()) {
    for (int slot = 0; slot < int(registry.size()); ++slot)
      if (IsTunable(slot)) fit.slots.push_back(slot);
  } else {
    for (const std::string& name : only) {
      const int slot = FindParam(name);
      if (slot < 0 || !IsTunable(slot)) return Fail(err, absl::StrCat("--tune: no parameter '", name, "'"));
      fit.slots.push_back(slot);
    }
  }

  absl::StatusOr<std::vector<std::string>> files = RecordFiles(record_paths);
  if (!files.ok()) return Fail(err, files.status().message());
  const absl::Time began = absl::Now();
  std::vector<texel::LabelledPosition> positions;
  absl::flat_hash_set<uint64_t> seen;
  texel::ExtractionCounts counts;
  for (const std::string& file : *files) {
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) return Fail(err, text.status().message());
    if (absl::Status s = texel::ExtractPositions(*text, extraction, start, positions, seen, counts); !s.ok())
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
  std::ofstream file(out_file);
  file << "# judkins-tune texel: " << positions.size() << " positions, loss " << report.loss_before << " -> "
       << report.loss_after << "\n"
       << ParamsCsv(report.params);
  if (!file) return Fail(err, absl::StrCat("cannot write '", out_file, "'"));
  out << "wrote " << out_file << " (load it with judkins-engine --params " << out_file << ")\n";
  return 0;
}

}  // namespace judkins
