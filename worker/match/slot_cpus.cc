#include "worker/match/slot_cpus.h"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "common/read_file.h"

namespace judkins {
namespace {

// Where sysfs tells a CPU's place: <kCpuDirectory>/cpu<N>/topology/<field>.
constexpr const char kCpuDirectory[] = "/sys/devices/system/cpu";

// A number from sysfs, or fallback when the file is absent or not a number.
int SysfsNumber(int cpu, const char* field, int fallback) {
  absl::StatusOr<std::string> text = ReadFile(absl::StrCat(kCpuDirectory, "/cpu", cpu, "/topology/", field));
  int value = 0;
  if (!text.ok() || !absl::SimpleAtoi(absl::StripAsciiWhitespace(*text), &value)) return fallback;
  return value;
}

// The calling thread (0, on Linux) takes `policy`, one that is not real-time.
absl::Status TakePolicy(int policy, absl::string_view name) {
  const sched_param normal_priority{};  // the only priority of the policies that are not real-time
  if (sched_setscheduler(0, policy, &normal_priority) != 0)
    return absl::InternalError(absl::StrCat("sched_setscheduler(", name, "): ", std::strerror(errno)));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<LogicalCpu>> AllowedCpus() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) != 0)
    return absl::InternalError(absl::StrCat("sched_getaffinity: ", std::strerror(errno)));
  std::vector<LogicalCpu> cpus;
  for (int id = 0; id < CPU_SETSIZE; ++id) {
    if (!CPU_ISSET(id, &mask)) continue;
    // Without its place, a CPU is a core of its own: numbered past any real
    // core so that it shares with none.
    cpus.push_back({.id = id,
                    .package = SysfsNumber(id, "physical_package_id", 0),
                    .core = SysfsNumber(id, "core_id", CPU_SETSIZE + id)});
  }
  return cpus;
}

absl::StatusOr<std::vector<std::vector<int>>> PlanSlotCpus(const std::vector<LogicalCpu>& allowed, int slots,
                                                           int cpus_per_slot) {
  if (slots < 1) return absl::InvalidArgumentError(absl::StrCat("slots must be at least 1, got ", slots));
  if (cpus_per_slot < 1)
    return absl::InvalidArgumentError(absl::StrCat("CPUs per slot must be at least 1, got ", cpus_per_slot));
  if (size_t(slots) * size_t(cpus_per_slot) > allowed.size())
    return absl::InvalidArgumentError(absl::StrCat(slots, " game slots of ", cpus_per_slot, " CPU(s) each need ",
                                                   slots * cpus_per_slot, " CPUs; this process may use ",
                                                   allowed.size()));
  // Rank each CPU among the allowed threads of its core (0: the first), then
  // give out every core's rank 0 before any rank 1.
  std::map<std::pair<int, int>, int> threads_seen;    // by (package, core)
  std::vector<std::tuple<int, int, int, int>> order;  // rank, package, core, id
  std::vector<LogicalCpu> by_id = allowed;
  std::sort(by_id.begin(), by_id.end(), [](const LogicalCpu& a, const LogicalCpu& b) { return a.id < b.id; });
  for (const LogicalCpu& cpu : by_id)
    order.emplace_back(threads_seen[{cpu.package, cpu.core}]++, cpu.package, cpu.core, cpu.id);
  std::sort(order.begin(), order.end());
  std::vector<std::vector<int>> plan(slots);
  for (int i = 0; i < slots * cpus_per_slot; ++i) plan[i / cpus_per_slot].push_back(std::get<3>(order[i]));
  return plan;
}

absl::Status RunCallingThreadOn(const std::vector<int>& cpus) {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  for (const int cpu : cpus) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return absl::InvalidArgumentError(absl::StrCat("no CPU ", cpu));
    CPU_SET(cpu, &mask);
  }
  // On Linux, 0 is the calling thread, not the whole process.
  if (sched_setaffinity(0, sizeof mask, &mask) != 0)
    return absl::InternalError(
        absl::StrCat("cannot run on CPUs ", absl::StrJoin(cpus, ","), ": sched_setaffinity: ", std::strerror(errno)));
  return TakePolicy(SCHED_IDLE, "SCHED_IDLE");
}

absl::Status RunCallingThreadAsBatch() { return TakePolicy(SCHED_BATCH, "SCHED_BATCH"); }

}  // namespace judkins
