// Which CPUs each concurrent game slot runs on when a match pins its games
// (`--affinity`). A slot's runner thread and both of its engines share the
// slot's CPUs: only one of them works at a time (the engine to move thinks,
// the others wait for it), so handing a move over is a switch on one CPU,
// with no cross-CPU wakeup and no CPU left idle while the other side wakes.
#ifndef JUDKINS_WORKER_MATCH_SLOT_CPUS_H_
#define JUDKINS_WORKER_MATCH_SLOT_CPUS_H_

#include <vector>

#include "absl/status/statusor.h"

namespace judkins {

// One CPU as the kernel numbers it, and the physical core it belongs to.
struct LogicalCpu {
  int id = 0;
  int package = 0;  // the socket
  int core = 0;     // within the package; hyperthreads of a core share it
};

// The CPUs this process may run on (its affinity mask), with their places
// read from sysfs; a CPU whose place cannot be read counts as a core alone.
absl::StatusOr<std::vector<LogicalCpu>> AllowedCpus();

// Disjoint sets of cpus_per_slot CPUs, one per slot, spread over physical
// cores first: a core's second hyperthread is given out only when every
// allowed core already serves a slot. InvalidArgument when they do not fit.
absl::StatusOr<std::vector<std::vector<int>>> PlanSlotCpus(const std::vector<LogicalCpu>& allowed, int slots,
                                                           int cpus_per_slot);

// Runs the calling thread, and every process it starts from now on, on cpus.
// The thread also takes the idle policy (SCHED_IDLE): it runs only when its
// engines wait. Its write of a move lets the engine preempt it at once, and
// it reads the answer when the engine stops to wait for its next command: all
// the lines at once, without ever blocking, where the batch policy still let
// it run (and read half a move's lines) whenever the engine had used its
// slice. An engine that keeps computing after its answer delays the
// referee's read and is charged for it on its clock, as it should be; that is
// why only slots on CPUs of their own run this way. The engines it starts
// keep the normal policy: EngineProcess starts every child with it
// (SCHED_RESET_ON_FORK resets only real-time ones).
absl::Status RunCallingThreadOn(const std::vector<int>& cpus);

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_SLOT_CPUS_H_
