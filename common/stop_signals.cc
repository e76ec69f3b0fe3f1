#include "common/stop_signals.h"

#include <signal.h>

namespace judkins {
namespace {

sigset_t StopSet() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  return signals;
}

}  // namespace

StopSignals::StopSignals(std::function<void()> on_stop) : on_stop_(std::move(on_stop)) {
  const sigset_t signals = StopSet();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  watcher_ = std::thread([this, signals] {
    const timespec tick{0, 200 * 1000 * 1000};  // checks for the end five times a second
    while (!finished_)
      if (sigtimedwait(&signals, nullptr, &tick) > 0) {
        received_ = true;
        on_stop_();
      }
  });
}

StopSignals::~StopSignals() {
  finished_ = true;
  watcher_.join();
}

}  // namespace judkins
