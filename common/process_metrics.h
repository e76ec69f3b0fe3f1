// What every daemon exports about itself, by Prometheus's conventions:
// judkins_build_info{program,version,commit} 1, and the process's resident
// memory, open and maximum file descriptors, CPU time and start time (the
// standard process_* names, which prometheus-cpp does not provide), read
// from /proc at each scrape; and the free and total bytes of the file
// system holding the daemon's data directory (judkins_data_dir_*_bytes).
#ifndef JUDKINS_COMMON_PROCESS_METRICS_H_
#define JUDKINS_COMMON_PROCESS_METRICS_H_

#include <prometheus/collectable.h>
#include <prometheus/metric_family.h>

#include <string>
#include <vector>

namespace judkins {

class ProcessMetrics : public prometheus::Collectable {
 public:
  explicit ProcessMetrics(std::string program) : program_(std::move(program)) {}
  // The directory whose file system is watched (none until set).
  void WatchDataDirectory(std::string directory) { data_dir_ = std::move(directory); }
  std::vector<prometheus::MetricFamily> Collect() const override;

 private:
  std::string program_;
  std::string data_dir_;
};

}  // namespace judkins

#endif  // JUDKINS_COMMON_PROCESS_METRICS_H_
