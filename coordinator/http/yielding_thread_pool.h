// The threads that serve HTTP, at a lower CPU priority than the rest of the
// coordinator: when the CPU is short, a flood of readers slows the pages,
// not the counting of the workers' results (the gRPC handlers and the
// store's committer keep the normal priority). While the CPU is not short,
// the lower priority costs the pages nothing.
#ifndef JUDKINS_COORDINATOR_HTTP_YIELDING_THREAD_POOL_H_
#define JUDKINS_COORDINATOR_HTTP_YIELDING_THREAD_POOL_H_

#include <httplib.h>
#include <pthread.h>

#include <functional>
#include <utility>

#include "common/thread_priority.h"

namespace judkins {

class YieldingThreadPool final : public httplib::TaskQueue {
 public:
  explicit YieldingThreadPool(size_t threads) : pool_(threads) {}

  // Each connection's task first lowers the thread it runs on (and names it,
  // for top -H and perf).
  void enqueue(std::function<void()> serve) override {
    pool_.enqueue([serve = std::move(serve)] {
      pthread_setname_np(pthread_self(), "judkins-http");
      YieldCpuToRequests();
      serve();
    });
  }
  void shutdown() override { pool_.shutdown(); }

 private:
  httplib::ThreadPool pool_;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_YIELDING_THREAD_POOL_H_
