#include "cli/admin_client.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "cli/saved_token.h"
#include "common/channel.h"
#include "common/token.h"

namespace judkins {

namespace {

constexpr char kAdminTokenVariable[] = "JUDKINS_ADMIN_TOKEN";

// --token-file, else $JUDKINS_ADMIN_TOKEN, else the token `judkins login` saved.
absl::StatusOr<std::string> CallersToken(const ServerAddress& address) {
  std::string file = address.token_file;
  if (file.empty() && std::getenv(kAdminTokenVariable) == nullptr) {
    absl::StatusOr<std::string> saved = SavedTokenPath();
    if (saved.ok() && access(saved->c_str(), F_OK) == 0) file = *saved;
  }
  absl::StatusOr<std::string> token = LoadToken(file, kAdminTokenVariable);
  if (!token.ok())
    return absl::Status(token.status().code(),
                        absl::StrCat("token: ", token.status().message(), " (or run `judkins login NAME`)"));
  return token;
}

}  // namespace

absl::StatusOr<AdminClient> AdminClient::Connect(const ServerAddress& address) {
  absl::StatusOr<std::string> token = CallersToken(address);
  if (!token.ok()) return token.status();
  return Connect(address, *std::move(token));
}

absl::StatusOr<AdminClient> AdminClient::Connect(const ServerAddress& address, std::string token) {
  if (address.target.empty()) return absl::InvalidArgumentError("no coordinator address (--server or $JUDKINS_SERVER)");
  absl::StatusOr<std::shared_ptr<grpc::Channel>> channel = OpenChannel(address.target, address.tls);
  if (!channel.ok()) return channel.status();
  return AdminClient(v1::AdminService::NewStub(*channel), std::move(token));
}

std::unique_ptr<grpc::ClientContext> AdminClient::Context(absl::Duration timeout) const {
  return BearerContext(token_, timeout);
}

absl::StatusOr<std::string> AdminClient::UploadFile(const std::string& path, const v1::Provenance& provenance) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read '", path, "'"));
  auto context = Context(absl::Minutes(10));
  v1::UploadArtifactResponse response;
  auto writer = stub_->UploadArtifact(context.get(), &response);
  std::string buffer(1 << 20, '\0');
  bool first = true;
  while (in.read(buffer.data(), std::streamsize(buffer.size())) || in.gcount() > 0) {
    v1::ArtifactChunk chunk;
    chunk.set_data(buffer.data(), size_t(in.gcount()));
    if (first) {
      chunk.set_name(path.substr(path.rfind('/') + 1));
      *chunk.mutable_provenance() = provenance;
    }
    first = false;
    if (!writer->Write(chunk)) break;
  }
  writer->WritesDone();
  const grpc::Status status = writer->Finish();
  if (!status.ok()) return absl::UnavailableError(Describe(status));
  return response.sha256();
}

absl::StatusOr<v1::Test> AdminClient::CreateTest(const v1::TestSpec& spec) {
  v1::CreateTestRequest request;
  *request.mutable_spec() = spec;
  v1::Test test;
  const grpc::Status status = stub_->CreateTest(Context().get(), request, &test);
  if (!status.ok()) return absl::UnavailableError(Describe(status));
  return test;
}

std::string Describe(const grpc::Status& status) {
  static constexpr const char* kNames[] = {
      "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
      "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
      "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
      "DATA_LOSS", "UNAUTHENTICATED"};
  const int code = status.error_code();
  return absl::StrCat(code >= 0 && code <= 16 ? kNames[code] : "ERROR", ": ", status.error_message());
}

}  // namespace judkins
