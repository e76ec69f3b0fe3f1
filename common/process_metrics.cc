#include "common/process_metrics.h"

#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/version.h"

namespace judkins {
namespace {

prometheus::MetricFamily Gauge(std::string name, std::string help, double value,
                               std::vector<prometheus::ClientMetric::Label> labels = {}) {
  prometheus::MetricFamily family{std::move(name), std::move(help), prometheus::MetricType::Gauge, {}};
  prometheus::ClientMetric& metric = family.metric.emplace_back();
  metric.label = std::move(labels);
  metric.gauge.value = value;
  return family;
}

prometheus::MetricFamily Counter(std::string name, std::string help, double value) {
  prometheus::MetricFamily family{std::move(name), std::move(help), prometheus::MetricType::Counter, {}};
  family.metric.emplace_back().counter.value = value;
  return family;
}

// Fields 14 and 15 (utime, stime, in clock ticks) and 22 (starttime, ticks
// after boot) of /proc/self/stat; the command name (field 2) may hold spaces,
// so fields are counted after its closing parenthesis.
struct ProcStat {
  double cpu_seconds = 0, start_seconds_after_boot = 0;
};
ProcStat ReadProcStat() {
  std::ifstream file("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const size_t close = text.rfind(')');
  if (close == std::string::npos) return {};
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  const double ticks = double(sysconf(_SC_CLK_TCK));
  ProcStat stat;
  // After the name, field 3 (state) comes first: utime is the 12th field from there.
  for (int index = 3; fields >> field; ++index) {
    if (index == 14 || index == 15) stat.cpu_seconds += std::stod(field) / ticks;
    if (index == 22) {
      stat.start_seconds_after_boot = std::stod(field) / ticks;
      break;
    }
  }
  return stat;
}

double BootTimeSeconds() {
  std::ifstream file("/proc/stat");
  for (std::string key; file >> key;) {
    if (key == "btime") {
      double seconds = 0;
      file >> seconds;
      return seconds;
    }
    file.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return 0;
}

double ResidentBytes() {
  std::ifstream file("/proc/self/statm");
  double size_pages = 0, resident_pages = 0;
  file >> size_pages >> resident_pages;
  return resident_pages * double(sysconf(_SC_PAGESIZE));
}

double OpenFileDescriptors() {
  std::error_code error;
  double count = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", error);
       !error && it != std::filesystem::directory_iterator(); it.increment(error))
    ++count;
  return count;
}

}  // namespace

std::vector<prometheus::MetricFamily> ProcessMetrics::Collect() const {
  const ProcStat stat = ReadProcStat();
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  std::vector<prometheus::MetricFamily> families = {
      Gauge("judkins_build_info", "The build: always 1, its version and commit as labels", 1,
            {{"program", program_}, {"version", kVersionNumber}, {"commit", kGitCommit}}),
      Gauge("process_resident_memory_bytes", "Resident memory size in bytes", ResidentBytes()),
      Gauge("process_open_fds", "Number of open file descriptors", OpenFileDescriptors()),
      Gauge("process_max_fds", "Maximum number of open file descriptors", double(files.rlim_cur)),
      Counter("process_cpu_seconds_total", "User and system CPU time spent in seconds", stat.cpu_seconds),
      Gauge("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds",
            BootTimeSeconds() + stat.start_seconds_after_boot),
  };
  struct statvfs disk {};
  if (!data_dir_.empty() && statvfs(data_dir_.c_str(), &disk) == 0) {
    const double block = double(disk.f_frsize);
    families.push_back(Gauge("judkins_data_dir_free_bytes",
                             "Bytes free to the daemon on its data directory's file system",
                             double(disk.f_bavail) * block, {{"dir", data_dir_}}));
    families.push_back(Gauge("judkins_data_dir_size_bytes", "Size of the data directory's file system in bytes",
                             double(disk.f_blocks) * block, {{"dir", data_dir_}}));
  }
  return families;
}

}  // namespace judkins
