// Where and how each concurrent game slot's thread runs. When a match pins
// its games (`--affinity`), a slot's runner thread and both of its engines
// share the slot's CPUs: only one of them works at a time (the engine to move
// thinks, the others wait for it), so handing a move over is a switch on one
// CPU, with no cross-CPU wakeup and no CPU left idle while the other side
// wakes. When it does not, the thread runs wherever the kernel puts it, in
// the batch policy.
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

// The calling thread takes the batch policy (SCHED_BATCH), for slots that are
// not pinned. A woken batch thread does not preempt the task running where
// it wakes, so the info lines an engine prints while it thinks no longer
// wake the referee one by one: they wait in the socket and come with the
// move, in one or two reads. With the normal policy every line woke it:
// Fairy-Stockfish at nodes 1000 (seven or eight lines a move) cost 9.5 reads
// a move, 1.9 with this one. Unlike the idle policy, the thread keeps its
// full share of the CPUs when other work runs beside the match. The engines
// it starts keep the normal policy, as for RunCallingThreadOn.
absl::Status RunCallingThreadAsBatch();

}  // namespace judkins

#endif  // JUDKINS_WORKER_MATCH_SLOT_CPUS_H_
