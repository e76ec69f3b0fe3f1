// Admin calls that coordinator tests and benchmarks share: an artifact
// uploaded in one chunk, a fixed-games test spec between two names, a test
// read back, and the batches workers hold.
#ifndef JUDKINS_TESTS_SUPPORT_ADMIN_CALLS_H_
#define JUDKINS_TESTS_SUPPORT_ADMIN_CALLS_H_

#include <grpcpp/client_context.h>
#include <gtest/gtest.h>

#include <string>

#include "common/channel.h"
#include "judkins/v1/coordinator.grpc.pb.h"

namespace judkins::testing {

// The tokens the test coordinators accept, a worker's and an admin's.
inline constexpr char kWorkerToken[] = "worker-token-for-tests-0001";
inline constexpr char kAdminToken[] = "admin-token-for-tests-00001";

// The artifact's SHA-256, or empty if the upload failed.
inline std::string UploadBytes(v1::AdminService::Stub& admin, const std::string& bytes, const std::string& token) {
  grpc::ClientContext context;
  AddBearerToken(context, token);
  v1::UploadArtifactResponse uploaded;
  auto writer = admin.UploadArtifact(&context, &uploaded);
  v1::ArtifactChunk chunk;
  chunk.set_data(bytes);
  writer->Write(chunk);
  writer->WritesDone();
  return writer->Finish().ok() ? uploaded.sha256() : "";
}

// dev and base on the same artifact, at fixed nodes, on the default book.
inline v1::TestSpec FixedPairsSpec(const std::string& sha256, uint64_t pairs, uint64_t nodes = 1000) {
  v1::TestSpec spec;
  for (v1::EngineSpec* engine : {spec.mutable_dev(), spec.mutable_base()}) {
    engine->set_name(engine == spec.mutable_dev() ? "dev" : "base");
    engine->set_artifact_sha256(sha256);
  }
  spec.mutable_time_control()->set_nodes(nodes);
  spec.set_book("default");
  spec.set_book_size(500);
  spec.set_fixed_pairs(pairs);
  return spec;
}

// The test as the coordinator has it now (a failed call fails the test).
inline v1::Test GetTest(v1::AdminService::Stub& admin, uint64_t id, const std::string& token) {
  v1::GetTestRequest request;
  request.set_test_id(id);
  v1::Test test;
  const grpc::Status status = admin.GetTest(BearerContext(token, absl::Seconds(10)).get(), request, &test);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return test;
}

// The batches all workers hold leases on; 0 when the call fails.
inline uint64_t BatchesInFlight(v1::AdminService::Stub& admin, const std::string& token) {
  v1::ListWorkersResponse workers;
  if (!admin.ListWorkers(BearerContext(token, absl::Seconds(10)).get(), {}, &workers).ok()) return 0;
  uint64_t leases = 0;
  for (const v1::WorkerInfo& worker : workers.workers()) leases += worker.batches_in_flight();
  return leases;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_ADMIN_CALLS_H_
