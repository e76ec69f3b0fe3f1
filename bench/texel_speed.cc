// The texel fitter's speed against the plain evaluation it is built on:
// positions extracted per second from records, then a fit of every weight
// (all cores): its static evaluations per second as a ratio to one thread
// calling Evaluate on the same positions in a loop (measured here), and the
// Adam steps' rate in positions per second.
//
//   build/bench/texel_speed [RECORDS.pgn ...]   (default: tests/data/texel-games.pgn)
#include <cstdio>
#include <thread>

#include "absl/time/clock.h"
#include "common/read_file.h"
#include "engine/eval/evaluate.h"
#include "tuner/texel/texel_fit.h"

int main(int argc, char** argv) {
  using namespace judkins;
  std::vector<std::string> files(argv + 1, argv + argc);
  if (files.empty()) files.push_back(JUDKINS_TEST_DATA_DIR "/texel-games.pgn");
  std::vector<texel::LabelledPosition> positions;
  absl::flat_hash_set<uint64_t> seen;
  texel::ExtractionCounts counts;
  const EvalParams params;
  const absl::Time extraction_start = absl::Now();
  for (const std::string& file : files) {
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) return std::fprintf(stderr, "%s\n", std::string(text.status().message()).c_str()), 1;
    if (absl::Status s = texel::ExtractPositions(*text, texel::Extraction(), params, positions, seen, counts); !s.ok())
      return std::fprintf(stderr, "%s\n", std::string(s.message()).c_str()), 1;
  }
  const double extraction_seconds = absl::ToDoubleSeconds(absl::Now() - extraction_start);
  std::printf("extraction: %lld games, %lld positions read, %lld kept, %.0f positions/s\n", (long long)counts.games,
              (long long)counts.positions_seen, (long long)counts.kept,
              double(counts.positions_seen) / extraction_seconds);

  // The peer: one thread, Evaluate in a loop, over the same positions.
  const absl::Time loop_start = absl::Now();
  long long sum = 0, evaluations = 0;
  while (absl::Now() - loop_start < absl::Seconds(2))
    for (const texel::LabelledPosition& p : positions) sum += Evaluate(p.position, params), ++evaluations;
  const double plain_rate = double(evaluations) / absl::ToDoubleSeconds(absl::Now() - loop_start);

  texel::FitOptions options;
  for (int slot = 0; slot < int(ParamRegistry().size()); ++slot)
    if (IsEvaluationParam(slot)) options.slots.push_back(slot);
  options.rounds = 2;
  options.iterations = 200;
  const texel::FitReport report = texel::Fit(positions, params, options);
  const double fit_rate = double(report.evaluations) / report.evaluation_seconds;
  std::printf("fit: %zu weights, %zu positions, %d threads, %.1f s, loss %.6f -> %.6f\n", options.slots.size(),
              positions.size(), int(std::thread::hardware_concurrency()), report.seconds, report.loss_before,
              report.loss_after);
  std::printf("fit evaluations %.2f M/s vs a plain Evaluate loop on 1 thread %.2f M/s: ratio %.2f (checksum %lld)\n",
              fit_rate / 1e6, plain_rate / 1e6, fit_rate / plain_rate, sum % 1000);
  std::printf("descent: %.1f M position-gradients/s (%.1f s of %.1f s)\n",
              double(report.gradient_terms) / report.descent_seconds / 1e6, report.descent_seconds, report.seconds);
  return 0;
}
