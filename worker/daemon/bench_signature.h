// An engine's bench signature: the node count its `bench` command prints
// ("Nodes searched: N", on stdout or stderr, as judkins-engine and the
// Stockfish family print it). Two builds of the same source agree on it; a
// wrong or miscompiled build does not.
#ifndef JUDKINS_WORKER_DAEMON_BENCH_SIGNATURE_H_
#define JUDKINS_WORKER_DAEMON_BENCH_SIGNATURE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {

// A bench of a slow build at its default depth ends well within this.
inline constexpr absl::Duration kBenchTimeout = absl::Minutes(3);

// The number after "Nodes searched" and a colon in `output`, the last one if
// several; NotFound when there is none.
absl::StatusOr<uint64_t> ParseBenchSignature(absl::string_view output);

// Runs an engine's bench (`spec.argv`) to its end within `timeout` and
// returns what it printed: stdout, then the file `spec.stderr_path` when given
// (the Stockfish family prints its summary on stderr).
absl::StatusOr<std::string> RunBench(const ProcessSpec& spec, absl::Duration timeout);

// Runs `engine bench` in `working_directory` (its stderr in `stderr_path`)
// and returns its signature.
absl::StatusOr<uint64_t> RunBenchSignature(const std::string& engine, const std::string& working_directory,
                                           const std::string& stderr_path);

}  // namespace judkins

#endif  // JUDKINS_WORKER_DAEMON_BENCH_SIGNATURE_H_
