// While a StopSignals lives, SIGINT and SIGTERM call a function instead of
// ending the process. Create it before any other thread: threads inherit the
// blocked signal mask, so only its own thread receives them.
#ifndef JUDKINS_COMMON_STOP_SIGNALS_H_
#define JUDKINS_COMMON_STOP_SIGNALS_H_

#include <atomic>
#include <functional>
#include <thread>

namespace judkins {

class StopSignals {
 public:
  explicit StopSignals(std::function<void()> on_stop);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  bool received() const { return received_; }

 private:
  std::function<void()> on_stop_;
  std::atomic<bool> finished_{false}, received_{false};
  std::thread watcher_;
};

}  // namespace judkins

#endif  // JUDKINS_COMMON_STOP_SIGNALS_H_
