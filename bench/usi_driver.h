// One engine driven over USI by a benchmark: started (told its variant with
// UCI_Variant when it is Fairy-Stockfish), fed lines, and read until a line
// with a given prefix. The benchmarks against Fairy-Stockfish drive both
// engines through it, so neither is timed through a different path.
#ifndef JUDKINS_BENCH_USI_DRIVER_H_
#define JUDKINS_BENCH_USI_DRIVER_H_

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {

class UsiDriver {
 public:
  // How long a benchmark waits for a line before it gives the engine up.
  static constexpr absl::Duration kLineTimeout = absl::Minutes(5);

  // variant: told with UCI_Variant (Fairy-Stockfish), or empty. False, with
  // the reason on stderr, when the engine does not start or never gets ready.
  bool Start(const std::string& path, absl::string_view variant) {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = {path}});
    if (!process.ok()) {
      std::fprintf(stderr, "%s\n", std::string(process.status().message()).c_str());
      return false;
    }
    process_ = *std::move(process);
    Send("usi");
    if (!variant.empty()) Send(absl::StrCat("setoption name UCI_Variant value ", variant));
    Send("isready");
    return WaitFor("readyok").has_value();
  }

  void Send(const std::string& line) { (void)process_->WriteLine(line); }

  // The first line starting with prefix; passes every line before it to seen.
  template <typename Seen>
  std::optional<std::string> WaitFor(absl::string_view prefix, Seen seen) {
    while (true) {
      absl::StatusOr<std::string> line = process_->ReadLine(absl::Now() + kLineTimeout);
      if (!line.ok()) return std::nullopt;
      if (absl::StartsWith(*line, prefix)) return *line;
      seen(*line);
    }
  }
  std::optional<std::string> WaitFor(absl::string_view prefix) {
    return WaitFor(prefix, [](const std::string&) {});
  }

 private:
  std::unique_ptr<EngineProcess> process_;
};

}  // namespace judkins

#endif  // JUDKINS_BENCH_USI_DRIVER_H_
