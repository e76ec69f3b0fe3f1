// The HTTP API's query strings, as a client sends them: the bytes are a
// query string (decoded as the server decodes it) handed to the read API's
// endpoints that take parameters, over a real store with a test in it. Every
// answer must come at once (libFuzzer's -timeout catches a hang: once, one
// request spun an HTTP thread for ten minutes) and be a 200 whose figures hold
// no "NaN" (protobuf's JSON for a double that is not a number), or a 4xx whose
// JSON says what is wrong (it may quote the input, "NaN" and all); either is
// valid UTF-8 (protobuf writes a string that is not, logging an error).
#include <httplib.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_replace.h"
#include "common/valid_text.h"
#include "coordinator/http/read_api.h"
#include "coordinator/store/store.h"

namespace {

// One store for the whole run, made once (in a directory of its own).
judkins::Store& FuzzStore() {
  static const std::unique_ptr<judkins::Store> store = [] {
    const std::string directory = std::filesystem::temp_directory_path() / "judkins-http-query-fuzz-XXXXXX";
    std::string pattern = directory;
    if (!mkdtemp(pattern.data())) std::abort();
    absl::StatusOr<std::unique_ptr<judkins::Store>> opened = judkins::Store::Open(pattern + "/store.db");
    if (!opened.ok()) std::abort();
    judkins::v1::TestSpec spec;
    spec.mutable_dev()->set_name("dev");
    spec.mutable_base()->set_name("base");
    spec.mutable_time_control()->set_nodes(1000);
    spec.set_book("default");
    spec.set_book_size(500);
    spec.mutable_sprt()->set_elo1(5);
    if (!(*opened)->CreateTest(spec, absl::Now()).ok()) std::abort();
    return *std::move(opened);
  }();
  return *store;
}

void Check(const judkins::HttpAnswer& answer) {
  if (!judkins::IsValidText(absl::StrReplaceAll(answer.body, {{"\n", ""}}))) std::abort();
  if (answer.status == 200) {
    if (answer.body.empty() || answer.body.find("NaN") != std::string::npos) std::abort();
    return;
  }
  if (answer.status < 400 || answer.status >= 500) std::abort();
  if (answer.body.find("\"message\"") == std::string::npos) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string query(reinterpret_cast<const char*>(data), size);
  judkins::QueryParameters parameters;
  httplib::detail::parse_query_text(query, parameters);
  judkins::ReadApi api(FuzzStore());
  Check(api.Sprt(parameters));
  Check(api.Tests(parameters));
  Check(api.TestHistory("1", parameters));
  Check(api.Tune("1", parameters));
  return 0;
}
