// The coordinator's web face with a big history: the store holds N tests
// (all but the last few finished) and M workers. Prints, for each page, the
// time to answer what the page asks for (its HTML shell and its API calls),
// p50 and p99 over many requests, against the same server answering a
// constant file (the floor HTTP itself sets); then the API's throughput on
// /api/v1/tests/{id} from several connections while simulated workers report,
// and how much their report rate falls under that load, under a paced 2,000
// requests/s, and under 2,000 requests/s that revalidate (If-None-Match, 304
// while unchanged), in windows interleaved with reports alone (see
// ReportsBesideReaders); and the server's own CPU per request (the process's
// CPU less the readers' threads'). The readers are lean raw-socket clients
// (KeptAliveReader), as cheap as a client can be, because here they take
// CPU from the same two cores.
//
//   build/bench/http_load [tests=10000] [workers=1000] [seconds=10] [connections=8]
//
// `seconds` is the length of each CPU measure; the interleaved windows take
// about two minutes in all.
#include <httplib.h>
#include <pthread.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "bench/kept_alive_reader.h"
#include "bench/simulated_workers.h"
#include "coordinator/server/coordinator_server.h"

namespace judkins {
namespace {

constexpr int kActiveTests = 20;  // the rest of the history is finished
constexpr int kSamplesPerPath = 200;
constexpr int kSimulatedWorkers = 100;   // reporting while the API is read
constexpr double kTargetApiRate = 2000;  // requests/s of a busy dashboard's API
// Reports beside readers: windows of this length, this many rounds of one
// window of each kind of readers.
constexpr absl::Duration kWindow = absl::Seconds(2);
constexpr int kRounds = 10;
constexpr int kReaderNiceness = 19;  // the lowest priority

void Check(const absl::Status& status, const char* what) {
  if (status.ok()) return;
  std::fprintf(stderr, "%s: %s\n", what, std::string(status.message()).c_str());
  std::exit(1);
}

// Step 1. A history: tests (named for searching) and registered workers.
void Seed(const std::string& dir, int tests, int workers) {
  absl::StatusOr<std::unique_ptr<Store>> store = Store::Open(dir + "/coordinator.db");
  Check(store.status(), "open the store");
  // A history is old: made yesterday, it is not among the tests that just
  // ended (which the coordinator's metrics keep showing for a few seconds).
  const absl::Time yesterday = absl::Now() - absl::Hours(24);
  for (int i = 0; i < tests; ++i) {
    v1::TestSpec spec;
    spec.mutable_dev()->set_name(absl::StrCat("dev-", i));
    spec.mutable_dev()->set_artifact_sha256(std::string(64, 'a'));
    spec.mutable_base()->set_name("base");
    spec.mutable_base()->set_artifact_sha256(std::string(64, 'b'));
    spec.mutable_time_control()->set_fischer("10+0.1");
    spec.set_book("default");
    spec.set_book_size(500);
    spec.set_fixed_pairs(1'000'000);
    absl::StatusOr<v1::Test> test = (*store)->CreateTest(spec, yesterday);
    Check(test.status(), "create a test");
    if (i < tests - kActiveTests) Check((*store)->StopTest(test->id(), yesterday).status(), "stop a test");
  }
  for (int i = 0; i < workers; ++i) {
    v1::WorkerCapabilities capabilities;
    capabilities.set_name(absl::StrCat("host-", i));
    capabilities.set_cores(8);
    capabilities.set_concurrency(7);
    capabilities.set_speed(1e6);
    Check((*store)->RegisterWorker(capabilities, "", absl::Now()).status(), "register a worker");
  }
}

struct Latency {
  double p50_ms, p99_ms;
};

// Step 2. One page's requests, in order, timed together.
Latency TimePage(int port, const std::vector<std::string>& paths) {
  httplib::Client client("127.0.0.1", port);
  client.set_keep_alive(true);
  client.set_tcp_nodelay(true);
  std::vector<double> samples;
  for (int i = 0; i < kSamplesPerPath; ++i) {
    const absl::Time start = absl::Now();
    for (const std::string& path : paths) {
      httplib::Result result = client.Get(path);
      if (!result || result->status != 200) {
        std::fprintf(stderr, "GET %s failed\n", path.c_str());
        std::exit(1);
      }
    }
    samples.push_back(absl::ToDoubleMilliseconds(absl::Now() - start));
  }
  std::sort(samples.begin(), samples.end());
  return {samples[samples.size() / 2], samples[size_t(0.99 * (samples.size() - 1))]};
}

// Step 3. GETs of one path from several keep-alive connections until stopped.
struct ApiLoad {
  double requests_per_second;
  double reader_cpu_us;  // the readers' own CPU per request (they run here, not on other machines)
};

// CPU time of the whole process so far.
absl::Duration ProcessCpu() {
  timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return absl::DurationFromTimespec(now);
}

// How the readers ask: how many connections, paced to `rate` requests per
// second in all (0: as fast as they go), and whether each sends back the ETag
// of its last answer (as a browser's fetch does), so an unchanged answer is a
// 304 without its body.
struct Readers {
  int connections;
  double rate = 0;
  bool revalidate = false;
};

// Requests answered (200 or 304) per second on `path`.
ApiLoad RequestsPerSecond(int port, const std::string& path, const Readers& readers, absl::Duration duration) {
  std::atomic<bool> running{true};
  std::atomic<uint64_t> answered{0};
  std::atomic<int64_t> reader_cpu_ns{0};
  std::vector<std::thread> clients;
  const absl::Duration interval =
      readers.rate > 0 ? absl::Seconds(readers.connections / readers.rate) : absl::ZeroDuration();
  for (int c = 0; c < readers.connections; ++c)
    clients.emplace_back([&] {
      pthread_setname_np(pthread_self(), "http-reader");  // apart from the server's threads in perf
      // Readers stand in for browsers on other machines: here they take the
      // CPU the coordinator leaves, not a share of what it needs.
      setpriority(PRIO_PROCESS, gettid(), kReaderNiceness);
      KeptAliveReader reader(port, path);
      auto count = [&](int status) {
        if (status == 200 || status == 304) ++answered;
      };
      if (readers.rate == 0) {
        while (running) count(reader.Get(readers.revalidate));
      } else {
        // Paced, a reader wakes once a request, as a remote browser's
        // request arrives once: it reads the last answer (long since in)
        // just before it sends the next.
        bool sent = false;
        for (absl::Time next = absl::Now(); running; next += interval) {
          absl::SleepFor(next - absl::Now());
          if (sent) count(reader.Receive());
          sent = reader.Send(readers.revalidate);
        }
        if (sent) count(reader.Receive());
      }
      timespec own;
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &own);
      reader_cpu_ns += absl::ToInt64Nanoseconds(absl::DurationFromTimespec(own));
    });
  absl::SleepFor(duration);
  running = false;
  for (std::thread& client : clients) client.join();
  return {double(answered) / absl::ToDoubleSeconds(duration), 1e-3 * double(reader_cpu_ns) / double(answered)};
}

// Step 5's measure. Reports stream throughout, while the readers come and
// go in windows: quiet, readers of the first kind, quiet, the second kind,
// quiet, ..., round after round. Each loaded window is held against the mean
// of the quiet windows on either side of it, and the kinds take turns, so
// the report rate's drift (the store grows; the host's other load comes and
// goes, by 20% from one 10 s stretch to the next here) cancels rather than
// reading as the cost of whichever kind came last.
struct Interleaved {
  double quiet_rate = 0, loaded_rate = 0, api_rate = 0;  // per second
  double quiet_p99 = 0, loaded_p99 = 0;                  // ms
  double fall = 0;                                       // 1 - loaded / quiet, over all its windows
  std::vector<double> falls;                             // each loaded window's, sorted
};

std::vector<Interleaved> ReportsBesideReaders(const std::string& target, int port, const std::string& path,
                                              const std::vector<Readers>& kinds) {
  ReportStream reports(target, kSimulatedWorkers, RegisterSimulated);
  absl::SleepFor(kWindow);  // the workers' first requests, not counted
  reports.TakeLatencies();
  // A window's latencies: one for each report acknowledged in it.
  auto window_of = [&](auto&& during) {
    during();
    return reports.TakeLatencies();
  };
  auto quiet = [&] { absl::SleepFor(kWindow); };
  struct Sums {
    double loaded = 0, neighbours = 0, answered = 0;
    std::vector<double> quiet_latencies, loaded_latencies, falls;
  };
  std::vector<Sums> sums(kinds.size());
  std::vector<double> before = window_of(quiet);
  for (int round = 0; round < kRounds; ++round)
    for (size_t k = 0; k < kinds.size(); ++k) {
      double answered = 0;
      const std::vector<double> loaded =
          window_of([&] { answered = RequestsPerSecond(port, path, kinds[k], kWindow).requests_per_second; });
      std::vector<double> after = window_of(quiet);
      const double neighbours = double(before.size() + after.size()) / 2;
      Sums& sum = sums[k];
      sum.loaded += double(loaded.size());
      sum.neighbours += neighbours;
      sum.answered += answered;
      sum.falls.push_back(1 - double(loaded.size()) / neighbours);
      sum.loaded_latencies.insert(sum.loaded_latencies.end(), loaded.begin(), loaded.end());
      sum.quiet_latencies.insert(sum.quiet_latencies.end(), before.begin(), before.end());
      before = std::move(after);
    }
  std::vector<Interleaved> figures(kinds.size());
  const double seconds = kRounds * absl::ToDoubleSeconds(kWindow);
  for (size_t k = 0; k < kinds.size(); ++k) {
    Sums& sum = sums[k];
    Interleaved& f = figures[k];
    f.quiet_rate = sum.neighbours / seconds;
    f.loaded_rate = sum.loaded / seconds;
    f.api_rate = sum.answered / kRounds;
    f.quiet_p99 = PercentileMs(sum.quiet_latencies, 0.99);
    f.loaded_p99 = PercentileMs(sum.loaded_latencies, 0.99);
    f.fall = 1 - sum.loaded / sum.neighbours;
    f.falls = std::move(sum.falls);
    std::sort(f.falls.begin(), f.falls.end());
  }
  return figures;
}

int Main(int tests, int workers, absl::Duration duration, int connections) {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/judkins_http_load";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const absl::Time seeding = absl::Now();
  Seed(dir, tests, workers);
  std::printf("seeded %d tests and %d workers in %.1f s\n", tests, workers,
              absl::ToDoubleSeconds(absl::Now() - seeding));

  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.http_listen = "127.0.0.1:0";
  options.data_dir = dir;
  options.tokens = {kWorkerToken, kAdminToken};
  options.scheduler.target_batch_time = absl::Seconds(1);
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
  Check(server.status(), "start the coordinator");
  const int port = (*server)->http_port();
  const std::string newest = std::to_string(tests);

  const Latency floor = TimePage(port, {"/static/icon.svg"});
  const Latency index = TimePage(port, {"/", "/api/v1/tests?per_page=50", "/api/v1/workers"});
  const Latency search = TimePage(port, {"/api/v1/tests?per_page=50&q=dev-99&state=finished"});
  const Latency test_page =
      TimePage(port, {"/tests/" + newest, "/api/v1/tests/" + newest, "/api/v1/tests/" + newest + "/history"});
  std::printf("constant file (floor)   p50 %6.2f ms  p99 %6.2f ms\n", floor.p50_ms, floor.p99_ms);
  std::printf("/ (shell, tests, workers) p50 %6.2f ms  p99 %6.2f ms  (%.1fx the floor)\n", index.p50_ms, index.p99_ms,
              index.p50_ms / floor.p50_ms);
  std::printf("  search + state filter p50 %6.2f ms  p99 %6.2f ms\n", search.p50_ms, search.p99_ms);
  std::printf("/tests/{id} (shell, test, history) p50 %6.2f ms  p99 %6.2f ms  (%.1fx the floor)\n", test_page.p50_ms,
              test_page.p99_ms, test_page.p50_ms / floor.p50_ms);

  // Step 4. The server's own CPU per API request, with nothing else running.
  const std::string test_path = "/api/v1/tests/" + newest;
  const Readers flat_out{connections}, paced{connections, kTargetApiRate},
      revalidating{connections, kTargetApiRate, /*revalidate=*/true};
  for (const Readers& readers : {paced, revalidating}) {
    const absl::Duration cpu_before = ProcessCpu();
    const ApiLoad alone = RequestsPerSecond(port, test_path, readers, duration);
    const double process_cpu_us = absl::ToDoubleMicroseconds(ProcessCpu() - cpu_before) /
                                  (alone.requests_per_second * absl::ToDoubleSeconds(duration));
    std::printf(
        "/api/v1/tests/{id} at %.0f requests/s alone%s: server CPU %.1f us a request, the readers' own %.1f us\n",
        alone.requests_per_second, readers.revalidate ? ", revalidated (304)" : "",
        process_cpu_us - alone.reader_cpu_us, alone.reader_cpu_us);
  }

  // Step 5. Reports beside the readers (flat out, paced, paced and
  // revalidating), taking turns.
  const std::string target = absl::StrCat("127.0.0.1:", (*server)->port());
  const std::vector<Readers> kinds = {flat_out, paced, revalidating};
  const std::vector<Interleaved> figures = ReportsBesideReaders(target, port, test_path, kinds);
  for (size_t k = 0; k < kinds.size(); ++k) {
    const Readers& readers = kinds[k];
    const Interleaved& f = figures[k];
    std::printf(
        "reports from %d simulated workers: %.0f/s alone (p99 %.2f ms); beside %.0f API requests/s (%s, %d "
        "connections) %.0f/s (p99 %.2f ms): %.1f%% fewer (its %d windows: median %.1f%%, %.1f%% to %.1f%%)\n",
        kSimulatedWorkers, f.quiet_rate, f.quiet_p99, f.api_rate,
        readers.rate == 0    ? "flat out"
        : readers.revalidate ? "paced, revalidating"
                             : "paced",
        readers.connections, f.loaded_rate, f.loaded_p99, 100 * f.fall, kRounds, 100 * f.falls[f.falls.size() / 2],
        100 * f.falls.front(), 100 * f.falls.back());
  }
  (*server)->Shutdown();
  std::filesystem::remove_all(dir);
  return 0;
}

}  // namespace
}  // namespace judkins

int main(int argc, char** argv) {
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);  // as judkins-coordinator runs
  return judkins::Main(argc > 1 ? std::atoi(argv[1]) : 10'000, argc > 2 ? std::atoi(argv[2]) : 1'000,
                       absl::Seconds(argc > 3 ? std::atoi(argv[3]) : 10), argc > 4 ? std::atoi(argv[4]) : 8);
}
