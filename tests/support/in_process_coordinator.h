// A coordinator in this process on loopback, for the worker daemon's tests:
// its admin stub, and an engine uploaded as a two-line script that runs one
// of our builds (these tests are about the daemon, and under ThreadSanitizer
// streaming the sanitized engine's 11 MB through uninstrumented gRPC takes
// minutes).
#ifndef JUDKINS_TESTS_SUPPORT_IN_PROCESS_COORDINATOR_H_
#define JUDKINS_TESTS_SUPPORT_IN_PROCESS_COORDINATOR_H_

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include <grpcpp/create_channel.h>

#include "absl/strings/str_cat.h"
#include "coordinator/server/coordinator_server.h"
#include "tests/support/admin_calls.h"
#include "tests/support/scratch_directory.h"

namespace judkins::testing {

struct LocalCoordinator {
  std::unique_ptr<CoordinatorServer> server;
  std::string target;
  std::unique_ptr<v1::AdminService::Stub> admin;
  std::string engine_sha;  // the uploaded script's
};

// Starts it in `scratch` and uploads a script that runs `engine_path`.
inline LocalCoordinator StartCoordinator(const ScratchDirectory& scratch, CoordinatorOptions options,
                                         const std::string& engine_path = JUDKINS_ENGINE_PATH) {
  options.listen = "127.0.0.1:0";
  options.data_dir = scratch.path() + "/coordinator";
  options.tokens = {kWorkerToken, kAdminToken};
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
  EXPECT_TRUE(server.ok()) << server.status();
  if (!server.ok()) return {};
  LocalCoordinator local{.server = *std::move(server)};
  local.target = absl::StrCat("127.0.0.1:", local.server->port());
  local.admin = v1::AdminService::NewStub(grpc::CreateChannel(local.target, grpc::InsecureChannelCredentials()));
  const std::string engine = absl::StrCat("#!/bin/sh\nexec '", engine_path, "' \"$@\"\n");
  local.engine_sha = UploadBytes(*local.admin, engine, kAdminToken);
  EXPECT_FALSE(local.engine_sha.empty());
  return local;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_IN_PROCESS_COORDINATOR_H_
