// The coordinator's gRPC services, served for real on loopback with a real
// SQLite file: auth, validation, artifacts, scheduling, leases, reports.
#include <gmock/gmock.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "common/channel.h"
#include "common/sha256.h"
#include "common/thread_priority.h"
#include "coordinator/server/coordinator_server.h"
#include "proto/contract.h"
#include "proto/convert/results.h"
#include "tests/support/batch_reports.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/thread_niceness.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

constexpr char kWorkerToken[] = "worker-token-for-tests-0001";
constexpr char kAdminToken[] = "admin-token-for-tests-00001";

class CoordinatorTest : public ::testing::Test {
 protected:
  // A small artifact cap, so that a test can go past it.
  static constexpr uint64_t kMaxArtifactBytes = 4 << 20;

  void SetUp() override { StartServer(absl::Seconds(60)); }
  void StartServer(absl::Duration lease) {
    CoordinatorOptions options;
    options.listen = "127.0.0.1:0";
    options.data_dir = data_dir_;
    options.tokens = {kWorkerToken, kAdminToken};
    options.scheduler.lease = lease;
    options.scheduler.target_batch_time = absl::Seconds(10);
    options.expiry_interval = absl::Milliseconds(100);
    options.gauge_interval = absl::Milliseconds(100);
    options.max_artifact_bytes = kMaxArtifactBytes;
    absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    auto channel = grpc::CreateChannel(absl::StrCat("127.0.0.1:", server_->port()), grpc::InsecureChannelCredentials());
    worker_ = v1::WorkerService::NewStub(channel);
    admin_ = v1::AdminService::NewStub(channel);
  }
  static std::unique_ptr<grpc::ClientContext> As(const std::string& token) {
    if (token.empty()) {  // no authorization at all
      auto context = std::make_unique<grpc::ClientContext>();
      context->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(10)));
      return context;
    }
    return BearerContext(token, absl::Seconds(10));
  }
  std::string Upload(const std::string& bytes, const std::string& sha = "") {
    v1::UploadArtifactResponse response;
    auto context = As(kAdminToken);
    auto writer = admin_->UploadArtifact(context.get(), &response);
    v1::ArtifactChunk chunk;
    chunk.set_data(bytes);
    chunk.set_sha256(sha);
    chunk.set_name("engine");
    writer->Write(chunk);
    writer->WritesDone();
    last_status_ = writer->Finish();
    return response.sha256();
  }
  v1::TestSpec Spec(const std::string& sha) {
    v1::TestSpec spec;
    spec.mutable_dev()->set_name("dev");
    spec.mutable_dev()->set_artifact_sha256(sha);
    spec.mutable_base()->set_name("base");
    spec.mutable_base()->set_artifact_sha256(sha);
    spec.mutable_time_control()->set_nodes(1000);
    spec.set_book("default");
    spec.set_book_size(500);
    spec.mutable_sprt()->set_elo0(0);
    spec.mutable_sprt()->set_elo1(50);
    return spec;
  }
  uint64_t CreateTest(const v1::TestSpec& spec) {
    v1::CreateTestRequest request;
    *request.mutable_spec() = spec;
    v1::Test test;
    last_status_ = admin_->CreateTest(As(kAdminToken).get(), request, &test);
    return test.id();
  }
  uint64_t RegisterWorker(uint32_t concurrency = 2) {
    v1::RegisterRequest request;
    request.mutable_capabilities()->set_name("w");
    request.mutable_capabilities()->set_concurrency(concurrency);
    request.mutable_capabilities()->set_speed(1e6);
    v1::RegisterResponse response;
    EXPECT_TRUE(worker_->Register(As(kWorkerToken).get(), request, &response).ok());
    EXPECT_EQ(response.worker_secret().size(), 2 * contract::kWorkerSecretBytes);
    secrets_[response.worker_id()] = response.worker_secret();
    return response.worker_id();
  }
  // The worker token and the secret `worker` registered with.
  std::unique_ptr<grpc::ClientContext> AsWorker(uint64_t worker) {
    auto context = As(kWorkerToken);
    context->AddMetadata(contract::kWorkerSecretMetadata, secrets_[worker]);
    return context;
  }
  v1::Batch Work(uint64_t worker) {
    v1::WorkRequest request;
    request.set_worker_id(worker);
    v1::WorkResponse response;
    last_status_ = worker_->RequestWork(AsWorker(worker).get(), request, &response);
    EXPECT_TRUE(last_status_.ok()) << last_status_.error_message();
    return response.batch();
  }
  static v1::BatchReport Report(const v1::Batch& batch, uint64_t worker) { return testing::DevWinsAll(batch, worker); }
  // Sent as the worker the report names.
  v1::ReportAck Send(const v1::BatchReport& report) { return SendAs(report.worker_id(), report); }
  v1::ReportAck SendAs(uint64_t worker, const v1::BatchReport& report) {
    v1::ReportAck ack;
    last_status_ = worker_->ReportBatch(AsWorker(worker).get(), report, &ack);
    return ack;
  }
  v1::Test Get(uint64_t id) {
    v1::GetTestRequest request;
    request.set_test_id(id);
    v1::Test test;
    last_status_ = admin_->GetTest(As(kAdminToken).get(), request, &test);
    return test;
  }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};  // first: removed after the server stops
  const std::string data_dir_ = scratch_.path() + "/data";
  std::unique_ptr<CoordinatorServer> server_;
  std::unique_ptr<v1::WorkerService::Stub> worker_;
  std::unique_ptr<v1::AdminService::Stub> admin_;
  grpc::Status last_status_;
  std::map<uint64_t, std::string> secrets_;
};

TEST_F(CoordinatorTest, CallsWithoutTheRightTokenAreRefused) {
  v1::ListTestsResponse tests;
  EXPECT_EQ(admin_->ListTests(As("").get(), {}, &tests).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(admin_->ListTests(As("not-the-token-at-all-1234").get(), {}, &tests).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(admin_->ListTests(As(kWorkerToken).get(), {}, &tests).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(admin_->ListTests(As(kAdminToken).get(), {}, &tests).ok());
  v1::RegisterRequest request;
  request.mutable_capabilities()->set_name("w");
  request.mutable_capabilities()->set_concurrency(1);
  v1::RegisterResponse response;
  EXPECT_EQ(worker_->Register(As("").get(), request, &response).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(worker_->Register(As(kAdminToken).get(), request, &response).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(worker_->Register(As(kWorkerToken).get(), request, &response).ok());
}

TEST_F(CoordinatorTest, ArtifactsAreStoredByHashAndServedBack) {
  const std::string engine(3 << 20, 'x');  // more than one chunk
  const std::string sha = Upload(engine);
  ASSERT_TRUE(last_status_.ok()) << last_status_.error_message();
  EXPECT_EQ(sha, Sha256Hex(engine));
  EXPECT_EQ(Upload(engine, sha), sha);  // again, with the hash announced: fine
  Upload("something else", sha);        // a mismatch is refused and stores nothing
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::DATA_LOSS);
  Upload("", "");
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);

  v1::FetchArtifactRequest request;
  request.set_sha256(sha);
  auto context = As(kWorkerToken);
  auto reader = worker_->FetchArtifact(context.get(), request);
  std::string fetched;
  v1::ArtifactChunk chunk;
  while (reader->Read(&chunk)) fetched += chunk.data();
  EXPECT_TRUE(reader->Finish().ok());
  EXPECT_EQ(fetched, engine);
  request.set_sha256(std::string(64, 'a'));
  auto missing_context = As(kWorkerToken);
  auto missing = worker_->FetchArtifact(missing_context.get(), request);
  while (missing->Read(&chunk)) {
  }
  EXPECT_EQ(missing->Finish().error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(CoordinatorTest, EveryFieldIsValidatedWithItsNameInTheError) {
  const std::string sha = Upload("engine bytes");
  struct Case {
    std::function<void(v1::TestSpec&)> spoil;
    const char* field;
  };
  const Case cases[] = {
      {[](v1::TestSpec& s) { s.mutable_dev()->set_artifact_sha256("xyz"); }, "spec.dev.artifact_sha256"},
      {[](v1::TestSpec& s) { s.mutable_base()->set_artifact_sha256(std::string(64, 'b')); },
       "spec.base.artifact_sha256"},
      {[](v1::TestSpec& s) { s.mutable_dev()->set_name(""); }, "spec.dev.name"},
      // Names go into records' tag lines, logs and terminals as they are.
      {[](v1::TestSpec& s) { s.mutable_dev()->set_name(std::string("a\0bc", 4)); }, "spec.dev.name: printable text"},
      {[](v1::TestSpec& s) { s.mutable_base()->set_name("q\"]\n[Result \"0-1\"]"); }, "spec.base.name"},
      {[](v1::TestSpec& s) { s.mutable_dev()->set_name("\x1b[31mred"); }, "spec.dev.name"},
      {[](v1::TestSpec& s) { s.mutable_dev()->set_name(std::string(65, 'n')); }, "spec.dev.name"},
      // A book is a name, never a path.
      {[](v1::TestSpec& s) { s.set_book("../../../../etc/passwd"); }, "spec.book: a book's name"},
      {[](v1::TestSpec& s) { s.set_book("a/b"); }, "spec.book"},
      {[](v1::TestSpec& s) { s.set_book(".hidden"); }, "spec.book"},
      {[](v1::TestSpec& s) { s.mutable_sprt()->set_model(v1::EloModel(99)); }, "spec.sprt.model"},
      {[](v1::TestSpec& s) { s.mutable_sprt()->set_elo1(1e308); }, "spec.sprt.elo1"},
      {[](v1::TestSpec& s) { s.mutable_dev()->add_options()->set_name("a\nb"); }, "spec.dev.options"},
      {[](v1::TestSpec& s) { s.mutable_time_control()->set_fischer("fast"); }, "spec.time_control.fischer"},
      {[](v1::TestSpec& s) { s.mutable_time_control()->set_nodes(0); }, "spec.time_control.nodes"},
      {[](v1::TestSpec& s) { s.clear_time_control(); }, "spec.time_control"},
      {[](v1::TestSpec& s) { s.set_book_size(0); }, "spec.book_size"},
      {[](v1::TestSpec& s) { s.mutable_dev()->set_bundle_program("../../bin/sh"); },
       "spec.dev.bundle_program: a relative path inside the bundle"},
      {[](v1::TestSpec& s) { s.mutable_dev()->set_bundle_program("/bin/sh"); }, "spec.dev.bundle_program"},
      {[](v1::TestSpec& s) { s.mutable_base()->mutable_net()->set_artifact_sha256("beef"); },
       "spec.base.net.artifact_sha256: 64 lower-case hex digits"},
      {[](v1::TestSpec& s) {
         s.mutable_dev()->mutable_net()->set_artifact_sha256(std::string(64, 'c'));
         s.mutable_dev()->mutable_net()->set_option("EvalFile");
       },
       "spec.dev.net.artifact_sha256: no artifact"},
      {[](v1::TestSpec& s) {
         s.mutable_dev()->mutable_net()->set_artifact_sha256(s.dev().artifact_sha256());
         s.mutable_dev()->mutable_net()->set_option("Eval\nFile");
       },
       "spec.dev.net.option"},
      {[](v1::TestSpec& s) { s.mutable_dev()->set_ready_timeout_seconds(601); },
       "spec.dev.ready_timeout_seconds: at most 600 (0: the default, 60)"},
      {[](v1::TestSpec& s) { s.mutable_sprt()->set_elo1(-1); }, "spec.sprt"},
      {[](v1::TestSpec& s) { s.mutable_sprt()->set_alpha(0.7); }, "spec.sprt"},
      {[](v1::TestSpec& s) { s.mutable_sprt()->set_elo0(std::nan("")); }, "spec.sprt"},
      {[](v1::TestSpec& s) { s.mutable_sprt()->set_elo1(std::numeric_limits<double>::infinity()); }, "spec.sprt"},
      {[](v1::TestSpec& s) { s.clear_sprt(); }, "stop rule"},
      {[](v1::TestSpec& s) { s.set_priority(5000); }, "spec.priority"},
      {[](v1::TestSpec& s) { s.set_reference_speed(-1); }, "spec.reference_speed"},
      {[](v1::TestSpec& s) { s.set_reference_speed(std::nan("")); }, "spec.reference_speed"},
      {[](v1::TestSpec& s) { s.set_reference_speed(1e13); }, "spec.reference_speed"},
      {[](v1::TestSpec& s) { s.mutable_spsa()->set_pairs(10); }, "spec.spsa.parameters"},
      {[](v1::TestSpec& s) {
         v1::SpsaParameter& p = *s.mutable_spsa()->add_parameters();
         p.set_name("PawnValue");
         p.set_max(-1);
         s.mutable_spsa()->set_pairs(10);
       },
       "spec.spsa.parameters[PawnValue]: min < max"},
      {[](v1::TestSpec& s) {
         v1::SpsaParameter& p = *s.mutable_spsa()->add_parameters();
         p.set_name("PawnValue");
         p.set_max(200);
         p.set_c_end(5);
         p.set_r_end(0.002);
         s.mutable_spsa()->set_pairs(10);
         s.mutable_dev()->add_options()->set_name("PawnValue");
       },
       "'PawnValue' is tuned"}};
  for (const Case& c : cases) {
    v1::TestSpec spec = Spec(sha);
    c.spoil(spec);
    CreateTest(spec);
    EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.field;
    EXPECT_THAT(last_status_.error_message(), HasSubstr(c.field));
  }
  // An error quotes a bounded prefix of what it refuses, never all of it.
  v1::TestSpec huge = Spec(sha);
  huge.mutable_time_control()->set_fischer(std::string(1 << 20, '9'));
  CreateTest(huge);
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("spec.time_control.fischer"));
  EXPECT_LT(last_status_.error_message().size(), 300u);
  v1::RegisterRequest named_badly;
  named_badly.mutable_capabilities()->set_name("w\n1");
  named_badly.mutable_capabilities()->set_concurrency(1);
  v1::RegisterResponse named_badly_response;
  EXPECT_THAT(worker_->Register(As(kWorkerToken).get(), named_badly, &named_badly_response).error_message(),
              HasSubstr("capabilities.name: printable text"));
  v1::RegisterRequest bad_worker;
  bad_worker.mutable_capabilities()->set_name("w");  // concurrency 0
  v1::RegisterResponse response;
  EXPECT_THAT(worker_->Register(As(kWorkerToken).get(), bad_worker, &response).error_message(),
              HasSubstr("capabilities.concurrency"));
  v1::WorkRequest unknown;
  unknown.set_worker_id(999);
  v1::WorkResponse work;
  EXPECT_EQ(worker_->RequestWork(As(kWorkerToken).get(), unknown, &work).error_code(), grpc::StatusCode::NOT_FOUND);
  const uint64_t worker = RegisterWorker();
  v1::BatchReport no_batch;
  no_batch.set_worker_id(worker);
  Send(no_batch);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("batch_id"));
  v1::BatchReport binary = no_batch;
  binary.set_batch_id(1);
  binary.add_games();
  binary.set_records(std::string("a\0b", 3));
  Send(binary);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("records: text"));
  v1::BatchReport refused_with_games = binary;
  refused_with_games.clear_records();
  refused_with_games.set_refused_because("wrong build");
  Send(refused_with_games);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("refused_because: a refused batch has no games"));
  v1::BatchReport not_started_with_games = refused_with_games;
  not_started_with_games.clear_refused_because();
  not_started_with_games.set_cannot_play_because("no book");
  Send(not_started_with_games);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("cannot_play_because: a batch not started has no games"));
  v1::BatchReport unknown_reason = no_batch;
  unknown_reason.set_batch_id(1);
  unknown_reason.set_cannot_play_because("no book");
  unknown_reason.set_hand_back_reason(v1::HandBackReason(42));
  Send(unknown_reason);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("hand_back_reason: no reason 42"));
  v1::BatchReport long_refusal = no_batch;
  long_refusal.set_batch_id(1);
  long_refusal.set_refused_because(std::string(contract::kMaxRefusalBytes + 1, 'x'));
  Send(long_refusal);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("refused_because: at most"));
  Get(12345);
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::NOT_FOUND);
  v1::GetTuneRequest not_a_tune;
  not_a_tune.set_test_id(CreateTest(Spec(sha)));
  v1::Tune tune;
  EXPECT_THAT(admin_->GetTune(As(kAdminToken).get(), not_a_tune, &tune).error_message(), HasSubstr("is not a tune"));
}

TEST_F(CoordinatorTest, ReportsCountOnceAndTheSprtStopsTheTest) {
  const uint64_t test = CreateTest(Spec(Upload("engine")));
  ASSERT_TRUE(last_status_.ok()) << last_status_.error_message();
  const uint64_t worker = RegisterWorker();
  const v1::Batch batch = Work(worker);
  ASSERT_GT(batch.pairs_size(), 0);
  EXPECT_EQ(batch.spec().dev().name(), "dev");
  const v1::ReportAck first = Send(Report(batch, worker));
  EXPECT_TRUE(first.counted());
  EXPECT_FALSE(Send(Report(batch, worker)).counted());  // sent twice: counted once
  EXPECT_EQ(Get(test).pentanomial().ww(), uint64_t(batch.pairs_size()));
  bool stop = first.stop_test();
  for (int i = 0; i < 100 && !stop; ++i) {
    stop = Send(Report(Work(worker), worker)).stop_test();
    ASSERT_TRUE(last_status_.ok()) << last_status_.error_message();
  }
  EXPECT_TRUE(stop);
  EXPECT_EQ(Get(test).state(), v1::TEST_STATE_FINISHED);
  EXPECT_EQ(Get(test).finished_because(), "sprt accepted");
  EXPECT_EQ(Work(worker).id(), 0u);  // no more work
}

TEST_F(CoordinatorTest, EqualTestsShareTheWorkersAndPriorityComesFirst) {
  const std::string sha = Upload("engine");
  const uint64_t a = CreateTest(Spec(sha)), b = CreateTest(Spec(sha));
  std::map<uint64_t, int> pairs;
  for (int i = 0; i < 6; ++i) {
    const v1::Batch batch = Work(RegisterWorker());
    pairs[batch.test_id()] += batch.pairs_size();
  }
  EXPECT_EQ(pairs[a], pairs[b]);  // least work in flight goes first: they alternate
  v1::TestSpec urgent = Spec(sha);
  urgent.set_priority(10);
  const uint64_t c = CreateTest(urgent);
  EXPECT_EQ(Work(RegisterWorker()).test_id(), c);
  EXPECT_EQ(Work(RegisterWorker()).test_id(), c);
}

TEST_F(CoordinatorTest, ExpiredLeasesAreReissuedAndLateReportsStillCountOnce) {
  server_.reset();
  StartServer(absl::Milliseconds(300));
  const uint64_t test = CreateTest(Spec(Upload("engine")));
  const uint64_t slow = RegisterWorker(), fast = RegisterWorker();
  const v1::Batch lost = Work(slow);
  absl::SleepFor(absl::Seconds(1));  // the lease runs out
  const v1::Batch again = Work(fast);
  ASSERT_GE(again.pairs_size(), lost.pairs_size());
  EXPECT_EQ(again.pairs(0).pair_index(), lost.pairs(0).pair_index());
  EXPECT_TRUE(Send(Report(lost, slow)).counted());  // late, but first: counted
  Send(Report(again, fast));
  EXPECT_EQ(Get(test).pentanomial().ww(), uint64_t(again.pairs_size()));  // no pair twice
}

TEST_F(CoordinatorTest, AWorkerActsOnlyAsItselfWithTheSecretItRegisteredWith) {
  const uint64_t test = CreateTest(Spec(Upload("engine")));
  const uint64_t honest = RegisterWorker(), forger = RegisterWorker();
  const v1::Batch batch = Work(honest);
  ASSERT_GT(batch.pairs_size(), 0);
  // Made-up results for the honest worker's batch, in the forger's name ...
  SendAs(forger, testing::ReportOf(batch, forger, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_BLACK_WINS));
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("leased to another worker"));
  // ... in the honest worker's name with the forger's secret ...
  SendAs(forger, testing::ReportOf(batch, honest, v1::GAME_RESULT_WHITE_WINS, v1::GAME_RESULT_BLACK_WINS));
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(last_status_.error_message(), HasSubstr(absl::StrCat("not worker ", honest, "'s secret")));
  // ... or with the worker token alone: each refused, nothing counted.
  v1::ReportAck ack;
  EXPECT_EQ(worker_->ReportBatch(As(kWorkerToken).get(), Report(batch, honest), &ack).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(PairCount(Get(test).pentanomial()), 0u);
  // Nor can the forger keep the honest worker's lease alive, or lease as it.
  v1::HeartbeatRequest beat;
  beat.set_worker_id(forger);
  beat.add_batch_ids(batch.id());
  v1::HeartbeatResponse beaten;
  EXPECT_EQ(worker_->Heartbeat(AsWorker(forger).get(), beat, &beaten).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  v1::WorkRequest work;
  work.set_worker_id(honest);
  v1::WorkResponse leased;
  EXPECT_EQ(worker_->RequestWork(AsWorker(forger).get(), work, &leased).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // The honest report is the one that counts.
  EXPECT_TRUE(Send(Report(batch, honest)).counted()) << last_status_.error_message();
  EXPECT_EQ(Get(test).pentanomial().ww(), uint64_t(batch.pairs_size()));
  beat.set_worker_id(honest);
  EXPECT_TRUE(worker_->Heartbeat(AsWorker(honest).get(), beat, &beaten).ok());
}

TEST_F(CoordinatorTest, TheGaugeThreadYieldsTheCpuToTheRequests) {
  // It lowers itself as it starts.
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  std::multimap<std::string, int> nice = NiceValueByThreadName();
  while (!(nice.contains("judkins-gauges") && nice.find("judkins-gauges")->second == kYieldingNiceness) &&
         absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(20));
    nice = NiceValueByThreadName();
  }
  ASSERT_TRUE(nice.contains("judkins-gauges"));
  EXPECT_EQ(nice.find("judkins-gauges")->second, kYieldingNiceness);
  ASSERT_TRUE(nice.contains("judkins-commit"));
  EXPECT_EQ(nice.find("judkins-commit")->second, 0) << "the store's committer keeps its priority";
}

TEST_F(CoordinatorTest, AWorkerHoldsAtMostAFewLeasesAtOnce) {
  v1::TestSpec spec = Spec(Upload("engine"));
  spec.set_fixed_pairs(100'000);  // no SPRT to end it when the report counts
  CreateTest(spec);
  const uint64_t worker = RegisterWorker();
  std::vector<v1::Batch> held;
  for (int i = 0; i < contract::kMaxLeasesPerWorker; ++i) held.push_back(Work(worker));
  v1::WorkRequest request;
  request.set_worker_id(worker);
  v1::WorkResponse response;
  const grpc::Status refused = worker_->RequestWork(AsWorker(worker).get(), request, &response);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_THAT(refused.error_message(), HasSubstr(absl::StrCat("holds ", contract::kMaxLeasesPerWorker, " leases")));
  for (const v1::Batch& batch : held) request.mutable_held()->add_batch_ids(batch.id());
  EXPECT_EQ(worker_->RequestWork(AsWorker(worker).get(), request, &response).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED)
      << "listing what it holds does not lift the cap";
  EXPECT_TRUE(Send(Report(held[0], worker)).counted());
  EXPECT_GT(Work(worker).pairs_size(), 0);  // one reported, one more may be leased
}

TEST_F(CoordinatorTest, AWorkerListingWhatItHoldsGetsBackALeaseWhoseAnswerItNeverGot) {
  v1::TestSpec spec = Spec(Upload("engine"));
  spec.set_fixed_pairs(100'000);
  CreateTest(spec);
  const uint64_t worker = RegisterWorker();
  const v1::Batch lost = Work(worker);  // say the answer never arrived
  v1::WorkRequest request;
  request.set_worker_id(worker);
  request.mutable_held();  // it holds nothing
  v1::WorkResponse response;
  ASSERT_TRUE(worker_->RequestWork(AsWorker(worker).get(), request, &response).ok());
  ASSERT_TRUE(response.has_batch());
  EXPECT_EQ(response.batch().pairs(0).pair_index(), lost.pairs(0).pair_index());

  for (int i = 0; i <= contract::kMaxLeasesPerWorker; ++i) request.mutable_held()->add_batch_ids(lost.id());
  const grpc::Status refused = worker_->RequestWork(AsWorker(worker).get(), request, &response);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(refused.error_message(), HasSubstr("held.batch_ids: at most"));
}

TEST_F(CoordinatorTest, ARecordsFieldIsBoundedByTheGamesItDescribes) {
  CreateTest(Spec(Upload("engine")));
  const uint64_t worker = RegisterWorker();
  const v1::Batch batch = Work(worker);
  v1::BatchReport report = Report(batch, worker);
  report.set_records(std::string(size_t(report.games_size()) * contract::kMaxRecordBytesPerGame + 1, 'x'));
  Send(report);
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("records: "));
  report.set_records(std::string(size_t(report.games_size()) * contract::kMaxRecordBytesPerGame, 'x'));
  EXPECT_TRUE(Send(report).counted()) << last_status_.error_message();
}

TEST_F(CoordinatorTest, AnArtifactDamagedOnDiskIsRefusedNeverServed) {
  const std::string sha = Upload("#!/bin/sh\necho a real engine\n");
  ASSERT_TRUE(last_status_.ok());
  std::ofstream(data_dir_ + "/artifacts/" + sha, std::ios::binary | std::ios::trunc) << "#!/bin/sh\necho tampered\n";
  v1::FetchArtifactRequest request;
  request.set_sha256(sha);
  v1::RegisterResponse registered;
  auto fetch = [&] {
    auto context = As(kWorkerToken);
    auto reader = worker_->FetchArtifact(context.get(), request);
    for (v1::ArtifactChunk chunk; reader->Read(&chunk);) {
    }
    return reader->Finish();
  };
  const grpc::Status refused = fetch();
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::DATA_LOSS);
  EXPECT_THAT(refused.error_message(), HasSubstr("upload it again"));
  CreateTest(Spec(sha));
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  // Uploaded again, it is whole and served.
  EXPECT_EQ(Upload("#!/bin/sh\necho a real engine\n"), sha);
  EXPECT_TRUE(fetch().ok());
  // Replaced by one of the same size after a good check: hashed again, refused.
  const std::string same_size = "#!/bin/sh\necho a fake engine\n";
  ASSERT_EQ(same_size.size(), std::string("#!/bin/sh\necho a real engine\n").size());
  std::ofstream(data_dir_ + "/artifacts/" + sha, std::ios::binary | std::ios::trunc) << same_size;
  EXPECT_EQ(fetch().error_code(), grpc::StatusCode::DATA_LOSS);
}

TEST_F(CoordinatorTest, ReportsAndUploadsPastTheContractsLimitsAreRefusedWithTheFieldNamed) {
  CreateTest(Spec(Upload("engine")));
  const uint64_t worker = RegisterWorker();
  const v1::Batch batch = Work(worker);
  v1::BatchReport crowded = Report(batch, worker);
  while (crowded.games_size() <= contract::kMaxGamesPerReport) *crowded.add_games() = crowded.games(0);
  Send(crowded);
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(last_status_.error_message(), HasSubstr(absl::StrCat("games: at most ", contract::kMaxGamesPerReport)));
  v1::HeartbeatRequest beat;
  beat.set_worker_id(worker);
  for (int i = 0; i <= contract::kMaxHeartbeatBatches; ++i) beat.add_batch_ids(batch.id());
  v1::HeartbeatResponse beaten;
  EXPECT_THAT(worker_->Heartbeat(AsWorker(worker).get(), beat, &beaten).error_message(),
              HasSubstr("batch_ids: at most"));
  Upload(std::string(kMaxArtifactBytes + 1, 'x'));
  EXPECT_EQ(last_status_.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(last_status_.error_message(), HasSubstr("data: the artifact is larger than"));
  EXPECT_TRUE(Send(Report(batch, worker)).counted()) << "the honest report still counts";
}

TEST_F(CoordinatorTest, GetTestShowsEachWorkersShareAndAnAdminCanExcludeAWorker) {
  v1::TestSpec spec = Spec(Upload("engine"));
  spec.set_fixed_pairs(100'000);
  const uint64_t test = CreateTest(spec);
  const uint64_t kept = RegisterWorker(), excluded = RegisterWorker();
  Send(Report(Work(kept), kept));
  const v1::Batch batch = Work(excluded);
  Send(Report(batch, excluded));
  v1::Test shown = Get(test);
  ASSERT_EQ(shown.workers_size(), 2);
  EXPECT_EQ(shown.workers(1).worker_id(), excluded);
  EXPECT_EQ(shown.workers(1).pentanomial().ww(), uint64_t(batch.pairs_size()));

  v1::ExcludeWorkerRequest request;
  request.set_test_id(test);
  request.set_worker_id(excluded);
  request.set_reason("a different build");
  EXPECT_EQ(admin_->ExcludeWorker(As(kWorkerToken).get(), request, &shown).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(admin_->ExcludeWorker(As(kAdminToken).get(), request, &shown).ok());
  EXPECT_EQ(shown.workers(1).excluded_because(), "excluded by admin: a different build");
  EXPECT_EQ(PairCount(shown.pentanomial()), PairCount(shown.workers(0).pentanomial()));
  EXPECT_EQ(Work(excluded).pairs_size(), 0) << "no more of this test for it";
  request.set_worker_id(999);
  EXPECT_EQ(admin_->ExcludeWorker(As(kAdminToken).get(), request, &shown).error_code(), grpc::StatusCode::NOT_FOUND);
  request.set_reason(std::string(501, 'x'));
  EXPECT_THAT(admin_->ExcludeWorker(As(kAdminToken).get(), request, &shown).error_message(), HasSubstr("reason:"));
}

TEST_F(CoordinatorTest, WatchStreamsChangesUntilTheTestEnds) {
  const uint64_t test = CreateTest(Spec(Upload("engine")));
  v1::WatchTestRequest request;
  request.set_test_id(test);
  auto context = As(kAdminToken);
  context->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  auto reader = admin_->WatchTest(context.get(), request);
  v1::Test update;
  ASSERT_TRUE(reader->Read(&update));
  EXPECT_EQ(update.state(), v1::TEST_STATE_PENDING);
  v1::StopTestRequest stop;
  stop.set_test_id(test);
  v1::Test stopped;
  ASSERT_TRUE(admin_->StopTest(As(kAdminToken).get(), stop, &stopped).ok());
  while (reader->Read(&update)) {
  }
  EXPECT_EQ(update.state(), v1::TEST_STATE_STOPPED);
  EXPECT_TRUE(reader->Finish().ok());
}

TEST(CoordinatorTlsTest, ServesTlsAndRefusesPlainText) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string& dir = scratch.path();
  const std::string key = dir + "/key.pem", cert = dir + "/cert.pem";
  const std::string command =
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost "
      "-addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout " +
      key + " -out " + cert + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << "openssl is installed by scripts/bootstrap";
  CoordinatorOptions options;
  options.listen = "127.0.0.1:0";
  options.data_dir = dir + "/data";
  options.tokens = {kWorkerToken, kAdminToken};
  options.tls_cert_file = cert;
  options.tls_key_file = key;
  absl::StatusOr<std::unique_ptr<CoordinatorServer>> server = CoordinatorServer::Start(options);
  ASSERT_TRUE(server.ok()) << server.status();
  const std::string target = absl::StrCat("127.0.0.1:", (*server)->port());

  std::ifstream in(cert);
  std::stringstream pem;
  pem << in.rdbuf();
  grpc::SslCredentialsOptions ssl;
  ssl.pem_root_certs = pem.str();
  auto secure = v1::AdminService::NewStub(grpc::CreateChannel(target, grpc::SslCredentials(ssl)));
  auto context = BearerContext(kAdminToken, absl::InfiniteDuration());
  v1::ListTestsResponse tests;
  EXPECT_TRUE(secure->ListTests(context.get(), {}, &tests).ok());

  auto plain = v1::AdminService::NewStub(grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
  auto plain_context = BearerContext(kAdminToken, absl::Seconds(3));
  EXPECT_FALSE(plain->ListTests(plain_context.get(), {}, &tests).ok());

  server->reset();
  // Part of a TLS configuration is refused, never served as plain text.
  options.tls_key_file.clear();
  EXPECT_THAT(std::string(CoordinatorServer::Start(options).status().message()),
              HasSubstr("--tls-cert and --tls-key: give both"));
  options.tls_cert_file.clear();
  options.tls_client_ca_file = cert;
  const absl::Status client_ca_alone = CoordinatorServer::Start(options).status();
  EXPECT_TRUE(absl::IsInvalidArgument(client_ca_alone)) << client_ca_alone;
  EXPECT_THAT(std::string(client_ca_alone.message()), HasSubstr("--tls-client-ca: client certificates need TLS"));
}

TEST(ListenAddressTest, OnlyLoopbackAddressesCountAsThisMachine) {
  for (const char* local : {"127.0.0.1:50051", "127.0.0.2:0", "localhost:50051", "[::1]:50051"})
    EXPECT_TRUE(IsLoopbackAddress(local)) << local;
  // Plain text there warns at start.
  for (const char* network : {"0.0.0.0:50051", ":50051", "[::]:50051", "10.0.0.5:50051", "coordinator:50051"})
    EXPECT_FALSE(IsLoopbackAddress(network)) << network;
}

}  // namespace
}  // namespace judkins
