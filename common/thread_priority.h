// Threads that yield the CPU to the request path. On a coordinator of a few
// cores, work nobody waits on right now (the HTTP pages, the metrics'
// gauges) runs at a lower priority than the gRPC handlers and the store's
// committer: when the CPU is short it slows down, they do not; when it is
// not short, the lower priority costs nothing.
#ifndef JUDKINS_COMMON_THREAD_PRIORITY_H_
#define JUDKINS_COMMON_THREAD_PRIORITY_H_

#include <sys/resource.h>
#include <unistd.h>

namespace judkins {

// The nice value of such threads: 10 gives them about a tenth of the CPU
// share of a normal thread when both want it (the kernel's weights).
inline constexpr int kYieldingNiceness = 10;

// Lowers the calling thread alone (on Linux, nice is per thread); a thread
// already lowered stays so, and the call is then a no-op. Best effort: a
// thread that cannot be lowered runs on at its priority.
inline void YieldCpuToRequests() { setpriority(PRIO_PROCESS, gettid(), kYieldingNiceness); }

}  // namespace judkins

#endif  // JUDKINS_COMMON_THREAD_PRIORITY_H_
