// The HTTP server under concurrent use: readers of the API and pages, the
// test's and the list's event streams, logins right and wrong, all while a
// worker's reports change the test. Only statuses and event counts are
// checked here (http_api_test checks the answers): what matters is that
// nothing fails, hangs or crashes, under ASan and UBSan too. (Not under TSan
// yet: it reports a race inside Debian's uninstrumented libcpp-httplib, and
// suppressing that library would hide every handler's races too.)
#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/channel.h"
#include "coordinator/server/coordinator_server.h"
#include "tests/support/admin_calls.h"
#include "tests/support/batch_reports.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/worker_calls.h"

namespace judkins {
namespace {

constexpr char kWorkerToken[] = "worker-token-for-tests-0001";
constexpr char kAdminToken[] = "admin-token-for-tests-00001";
constexpr int kReports = 20;
constexpr int kReaders = 4;

TEST(HttpConcurrencyTest, ReadersStreamsAndLoginsRunBesideReportsWithoutARace) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.http_listen = "127.0.0.1:0";
  options.data_dir = scratch.path() + "/coordinator";
  options.tokens = {kWorkerToken, kAdminToken};
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
  ASSERT_TRUE(server.ok()) << server.status();
  const int http_port = (*server)->http_port();
  auto channel = grpc::CreateChannel(absl::StrCat("127.0.0.1:", (*server)->port()), grpc::InsecureChannelCredentials());
  auto admin = v1::AdminService::NewStub(channel);
  auto worker = v1::WorkerService::NewStub(channel);
  v1::CreateTestRequest create;
  *create.mutable_spec() = testing::FixedPairsSpec(testing::UploadBytes(*admin, "engine", kAdminToken), 1000);
  v1::Test test;
  ASSERT_TRUE(admin->CreateTest(BearerContext(kAdminToken, absl::InfiniteDuration()).get(), create, &test).ok());
  v1::RegisterRequest registration;
  registration.mutable_capabilities()->set_name("w1");
  registration.mutable_capabilities()->set_concurrency(1);
  v1::RegisterResponse registered;
  ASSERT_TRUE(
      worker->Register(BearerContext(kWorkerToken, absl::InfiniteDuration()).get(), registration, &registered).ok());

  std::atomic<bool> reporting = true;
  std::atomic<int> bad_answers = 0, test_events = 0, list_events = 0;
  std::vector<std::thread> threads;
  // Step 1. Readers of the API and the pages, answered from the store and the cache.
  const std::string test_path = absl::StrCat("/api/v1/tests/", test.id());
  for (int i = 0; i < kReaders; ++i)
    threads.emplace_back([&, i] {
      httplib::Client client("127.0.0.1", http_port);
      const std::string paths[] = {test_path,
                                   "/api/v1/tests",
                                   "/api/v1/workers",
                                   test_path + "/log",
                                   test_path + "/history",
                                   "/",
                                   absl::StrCat("/tests/", test.id())};
      for (int n = 0; reporting; ++n) {
        httplib::Result answer = client.Get(paths[(n + i) % std::size(paths)]);
        if (!answer || answer->status != 200) ++bad_answers;
      }
    });
  // Step 2. Both event streams, read until the reports are done.
  auto stream = [&](const std::string& path, const char* event, std::atomic<int>& count) {
    threads.emplace_back([&, path, event] {
      httplib::Client client("127.0.0.1", http_port);
      client.Get(path, [&](const char* data, size_t size) {
        if (absl::StrContains(absl::string_view(data, size), event)) ++count;
        return reporting.load();
      });
    });
  };
  stream(test_path + "/events", "event: test", test_events);
  stream("/api/v1/events", "event: changed", list_events);
  // Step 3. Logins, wrong and right, for the sessions and the failure counts.
  threads.emplace_back([&] {
    httplib::Client client("127.0.0.1", http_port);
    for (int n = 0; reporting; ++n) {
      const std::string token = n % 2 ? kAdminToken : "wrong";
      httplib::Result answer = client.Post("/login", httplib::Params{{"token", token}, {"next", "/"}});
      if (!answer || answer->status != 303) ++bad_answers;  // to the page, or back to the form
      absl::SleepFor(absl::Milliseconds(5));
    }
  });
  // Step 4. The reports that move the test, one batch at a time.
  for (int i = 0; i < kReports; ++i) {
    v1::WorkRequest request;
    request.set_worker_id(registered.worker_id());
    v1::WorkResponse work;
    ASSERT_TRUE(worker->RequestWork(testing::AsWorker(kWorkerToken, registered).get(), request, &work).ok());
    ASSERT_TRUE(work.has_batch());
    v1::ReportAck ack;
    ASSERT_TRUE(worker
                    ->ReportBatch(testing::AsWorker(kWorkerToken, registered).get(),
                                  testing::DevWinsAll(work.batch(), registered.worker_id()), &ack)
                    .ok());
    absl::SleepFor(absl::Milliseconds(50));  // the list's stream speaks at most once a second
  }
  absl::SleepFor(absl::Seconds(1));
  reporting = false;
  v1::StopTestRequest stop;  // ends the test's stream
  stop.set_test_id(test.id());
  v1::Test stopped;
  EXPECT_TRUE(admin->StopTest(BearerContext(kAdminToken, absl::InfiniteDuration()).get(), stop, &stopped).ok());
  (*server)->Shutdown();  // ends the list's stream
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(bad_answers.load(), 0);
  EXPECT_GT(test_events.load(), 1);
  EXPECT_GT(list_events.load(), 0);
}

}  // namespace
}  // namespace judkins
