// The standard gRPC health service (grpc.health.v1) on a real coordinator, as
// Kubernetes' grpc probe and `judkins health` ask it.
#include <grpcpp/create_channel.h>
#include <gtest/gtest.h>

#include <thread>

#include "absl/strings/str_cat.h"
#include "cli/health_check.h"
#include "coordinator/server/coordinator_server.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

using grpc::health::v1::Health;
using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;

class HealthTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CoordinatorOptions options;
    options.listen = "127.0.0.1:0";
    options.data_dir = scratch_.path() + "/coordinator";
    options.tokens = {"worker-token-for-tests-0001", "admin-token-for-tests-00001"};
    absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    target_ = absl::StrCat("127.0.0.1:", server_->port());
    health_ = Health::NewStub(grpc::CreateChannel(target_, grpc::InsecureChannelCredentials()));
  }

  grpc::Status Check(const std::string& service, HealthCheckResponse& response) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    HealthCheckRequest request;
    request.set_service(service);
    return health_->Check(&context, request, &response);
  }

  testing::ScratchDirectory scratch_{"health"};
  std::unique_ptr<CoordinatorServer> server_;
  std::string target_;
  std::unique_ptr<Health::Stub> health_;
};

TEST_F(HealthTest, TheServerAndBothServicesAreServingOnceStarted) {
  for (const std::string service : {"", "judkins.v1.WorkerService", "judkins.v1.AdminService"}) {
    HealthCheckResponse response;
    const grpc::Status status = Check(service, response);
    ASSERT_TRUE(status.ok()) << service << ": " << status.error_message();
    EXPECT_EQ(response.status(), HealthCheckResponse::SERVING) << service;
  }
}

TEST_F(HealthTest, AnUnknownServiceIsNotFound) {
  HealthCheckResponse response;
  EXPECT_EQ(Check("judkins.v1.NoSuchService", response).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(HealthTest, AWatcherSeesNotServingWhenTheCoordinatorShutsDown) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  HealthCheckRequest request;
  auto watch = health_->Watch(&context, request);
  HealthCheckResponse response;
  ASSERT_TRUE(watch->Read(&response));
  ASSERT_EQ(response.status(), HealthCheckResponse::SERVING);

  std::thread shutdown([this] { server_->Shutdown(); });
  ASSERT_TRUE(watch->Read(&response));
  EXPECT_EQ(response.status(), HealthCheckResponse::NOT_SERVING);
  while (watch->Read(&response)) {
  }
  shutdown.join();
}

TEST_F(HealthTest, TheHealthCommandSaysServingAndNamesWhatIsWrongOtherwise) {
  EXPECT_TRUE(CheckHealth(target_, {}, "", absl::Seconds(10)).ok());
  const absl::Status unknown = CheckHealth(target_, {}, "judkins.v1.NoSuchService", absl::Seconds(10));
  EXPECT_EQ(unknown.code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(unknown.message().find("judkins.v1.NoSuchService"), std::string::npos) << unknown;

  server_->Shutdown();
  const absl::Status down = CheckHealth(target_, {}, "", absl::Seconds(2));
  EXPECT_EQ(down.code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(down.message().find("no answer"), std::string::npos) << down;
}

}  // namespace
}  // namespace judkins
