// "bench": a fixed search over fixed positions. Its node count is the build's
// signature: the same on every run and machine for the same code.
#ifndef JUDKINS_ENGINE_USI_BENCH_H_
#define JUDKINS_ENGINE_USI_BENCH_H_

#include <cstdint>
#include <ostream>

#include "engine/eval/params.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

constexpr int kBenchDepth = 8;

struct BenchResult {
  uint64_t nodes = 0;
  double seconds = 0;
};

BenchResult RunBench(const EvalParams& params, int depth, std::ostream& out);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_BENCH_H_
