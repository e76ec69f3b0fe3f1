#include "cli/texel_run.h"

#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/command_line.h"
#include "common/read_file.h"
#include "engine/eval/params.h"
#include "engine/rules/edition.h"
#include "tuner/texel/labelled_positions.h"
#include "tuner/texel/texel_fit.h"

namespace judkins {
namespace {

int Fail(std::ostream& err, absl::string_view message) { return judkins::Fail(err, kTexelProgram, message); }

}  // namespace

template <>
int RunTexel<PlayedVariant>(const TexelRun& run, std::ostream& out, std::ostream& err) {
  texel::FitOptions fit = run.fit;  // with the slots chosen below
  EvalParams start;
  if (!run.params_file.empty())
    if (absl::Status s = start.LoadFile(run.params_file); !s.ok()) return Fail(err, s.message());
  const auto registry = ParamRegistry();
  if (run.only.empty()) {
    for (int slot = 0; slot < int(registry.size()); ++slot)
      if (IsEvaluationParam(slot)) fit.slots.push_back(slot);
  } else {
    for (const std::string& name : run.only) {
      const int slot = FindParam(name);
      if (slot < 0 || !IsTunable(slot))
        return Fail(err, absl::StrCat("--tune: no parameter '", name, "' in ", VariantName(PlayedVariant::kVariant)));
      if (!IsEvaluationParam(slot))
        return Fail(err, absl::StrCat("--tune: ", registry[slot].name,
                                      " is a search parameter, which a fixed position's evaluation ignores: tune it "
                                      "with judkins-tune spsa"));
      fit.slots.push_back(slot);
    }
  }

  const absl::Time began = absl::Now();
  std::vector<texel::LabelledPosition> positions;
  absl::flat_hash_set<uint64_t> seen;
  texel::ExtractionCounts counts;
  for (const std::string& file : run.record_files) {
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) return Fail(err, text.status().message());
    if (absl::Status s = texel::ExtractPositions(*text, run.extraction, start, positions, seen, counts); !s.ok())
      return Fail(err, absl::StrCat(file, ": ", s.message()));
  }
  const double read_seconds = absl::ToDoubleSeconds(absl::Now() - began);
  out << absl::StrFormat("%d games in %d files: %d positions, %d not quiet, %d repeated, %d kept (%.1f s)\n",
                         counts.games, run.record_files.size(), counts.positions_seen, counts.not_quiet,
                         counts.duplicates, counts.kept, read_seconds);
  if (positions.empty()) return Fail(err, "no quiet positions to fit");
  const texel::FitReport report = texel::Fit(positions, start, fit);
  out << absl::StrFormat("fitted %d weights on %d positions: K = %.4f%s, loss %.6f -> %.6f (%.3f%%)\n",
                         fit.slots.size(), positions.size(), report.scale, fit.holds_scale() ? " (held)" : "",
                         report.loss_before, report.loss_after,
                         100 * (report.loss_after - report.loss_before) / report.loss_before);
  if (fit.regularisation > 0)
    out << absl::StrFormat("regularisation %g: penalty %.6f at the fitted weights\n", fit.regularisation,
                           report.penalty_after);
  out << absl::StrFormat("%.1f s: %d evaluations at %.2f M/s, %d Adam position-steps at %.2f M/s\n", report.seconds,
                         report.evaluations, double(report.evaluations) / report.evaluation_seconds / 1e6,
                         report.gradient_terms, double(report.gradient_terms) / report.descent_seconds / 1e6);
  for (int slot : fit.slots)
    if (report.params[slot] != start[slot])
      out << absl::StrFormat("  %-24s %6d -> %6d\n", registry[slot].name, start[slot], report.params[slot]);
  std::ofstream file(run.out_file);
  file << "# judkins-tune texel: " << positions.size() << " positions, loss " << report.loss_before << " -> "
       << report.loss_after << "\n"
       << ParamsCsv(report.params);
  if (!file) return Fail(err, absl::StrCat("cannot write '", run.out_file, "'"));
  out << "wrote " << run.out_file << " (load it with " << EngineProgram() << " --params " << run.out_file << ")\n";
  return kExitOk;
}

}  // namespace judkins
