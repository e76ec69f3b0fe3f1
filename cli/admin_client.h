// A connection to the coordinator's AdminService, with the caller's token
// (the admin token or a personal one) on every call.
#ifndef JUDKINS_CLI_ADMIN_CLIENT_H_
#define JUDKINS_CLI_ADMIN_CLIENT_H_

#include <grpcpp/client_context.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "common/channel.h"
#include "judkins/v1/coordinator.grpc.pb.h"

namespace judkins {

inline constexpr char kDefaultServer[] = "127.0.0.1:50051";

struct ServerAddress {
  std::string target = kDefaultServer;  // host:port
  std::string token_file;               // empty: $JUDKINS_ADMIN_TOKEN, else the saved login (saved_token.h)
  TlsClientFiles tls;                   // empty: plain text (loopback or a trusted network)
};

class AdminClient {
 public:
  // With the caller's token: the admin token or a personal one.
  static absl::StatusOr<AdminClient> Connect(const ServerAddress& address);
  // With this token; empty for the one call that needs none (IssueToken).
  static absl::StatusOr<AdminClient> Connect(const ServerAddress& address, std::string token);
  std::unique_ptr<grpc::ClientContext> Context(absl::Duration timeout = absl::Seconds(30)) const;
  v1::AdminService::Stub& stub() { return *stub_; }
  // Uploads a file (an engine binary) in chunks, with where it was built
  // when known; returns its SHA-256.
  absl::StatusOr<std::string> UploadFile(const std::string& path, const v1::Provenance& provenance = {});
  absl::StatusOr<v1::Test> CreateTest(const v1::TestSpec& spec);

 private:
  AdminClient(std::unique_ptr<v1::AdminService::Stub> stub, std::string token)
      : stub_(std::move(stub)), token_(std::move(token)) {}
  std::unique_ptr<v1::AdminService::Stub> stub_;
  std::string token_;
};

// "NOT_FOUND: no test 7" as one line.
std::string Describe(const grpc::Status& status);

}  // namespace judkins

#endif  // JUDKINS_CLI_ADMIN_CLIENT_H_
