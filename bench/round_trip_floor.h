// What one move costs a match runner at the least on this machine: a line
// written to a process and a line read back, measured through the runner's
// own EngineProcess against `cat`, which answers at once. No runner that
// waits for its engines can spend less CPU per move; benchmarks print their
// runner's cost per move as a multiple of it.
#ifndef JUDKINS_BENCH_ROUND_TRIP_FLOOR_H_
#define JUDKINS_BENCH_ROUND_TRIP_FLOOR_H_

#include <sys/resource.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/clock.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {

// The writer's CPU seconds per round trip.
inline absl::StatusOr<double> RoundTripFloor() {
  constexpr int kRoundTrips = 20000;
  absl::StatusOr<std::unique_ptr<EngineProcess>> echo = EngineProcess::Start({.argv = {"cat"}});
  if (!echo.ok()) return echo.status();
  rusage before{}, after{};
  getrusage(RUSAGE_THREAD, &before);
  for (int i = 0; i < kRoundTrips; ++i) {
    if (absl::Status s = (*echo)->WriteLine("position startpos moves 2f3e\ngo depth 1"); !s.ok()) return s;
    for (int line = 0; line < 2; ++line)
      if (absl::StatusOr<std::string> read = (*echo)->ReadLine(absl::Now() + absl::Seconds(10)); !read.ok())
        return read.status();
  }
  getrusage(RUSAGE_THREAD, &after);
  auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  return (seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime)) /
         kRoundTrips;
}

}  // namespace judkins

#endif  // JUDKINS_BENCH_ROUND_TRIP_FLOOR_H_
