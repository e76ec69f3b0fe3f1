#include "coordinator/http/http_server.h"

#include <httplib.h>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "coordinator/http/openapi_json.h"
#include "proto/convert/json.h"

namespace judkins {
namespace {

void Send(httplib::Response& response, const HttpAnswer& answer) {
  response.status = answer.status;
  response.set_content(answer.body, answer.content_type.c_str());
}

// "HOST:PORT" split at the last colon (an IPv6 host is in brackets).
absl::StatusOr<std::pair<std::string, int>> HostAndPort(const std::string& listen) {
  const size_t colon = listen.rfind(':');
  int port = -1;
  if (colon == std::string::npos || !absl::SimpleAtoi(listen.substr(colon + 1), &port) || port < 0 || port > 65535)
    return absl::InvalidArgumentError(absl::StrCat("http listen: '", listen, "' is not HOST:PORT"));
  std::string host = listen.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  return std::pair{host, port};
}

}  // namespace

HttpServer::HttpServer(Passkey, Store& store, ChangeFeed& changes)
    : store_(store), changes_(changes), api_(store), server_(std::make_unique<httplib::Server>()) {}

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(const std::string& listen, Store& store,
                                                              ChangeFeed& changes) {
  absl::StatusOr<std::pair<std::string, int>> address = HostAndPort(listen);
  if (!address.ok()) return address.status();
  auto server = std::make_unique<HttpServer>(Passkey(), store, changes);
  server->Route();
  const auto& [host, port] = *address;
  server->port_ =
      port == 0 ? server->server_->bind_to_any_port(host) : (server->server_->bind_to_port(host, port) ? port : -1);
  if (server->port_ <= 0) return absl::UnavailableError(absl::StrCat("http listen: cannot listen on ", listen));
  server->thread_ = std::thread([raw = server.get()] { raw->server_->listen_after_bind(); });
  return server;
}

HttpServer::~HttpServer() { Stop(); }

void HttpServer::Stop() {
  stopping_ = true;
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

void HttpServer::Route() {
  httplib::Server& s = *server_;
  // httplib owns the queue it is given (its API takes a raw pointer).
  s.new_task_queue = [] { return new httplib::ThreadPool(kHttpThreads); };
  s.set_payload_max_length(0);  // only GETs: no request has a body

  s.Get("/api/v1/openapi.json",
        [](const httplib::Request&, httplib::Response& response) { response.set_content(kOpenApiJson, kJsonType); });
  s.Get("/api/v1/tests", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.Tests(request.params));
  });
  s.Get(R"(/api/v1/tests/([^/]+))", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.Test(request.matches[1], request.params));
  });
  s.Get(R"(/api/v1/tests/([^/]+)/workers)", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.TestWorkers(request.matches[1], request.params));
  });
  s.Get(R"(/api/v1/tests/([^/]+)/history)", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.TestHistory(request.matches[1], request.params));
  });
  s.Get(R"(/api/v1/tunes/([^/]+))", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.Tune(request.matches[1], request.params));
  });
  s.Get("/api/v1/workers", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.Workers(request.params));
  });
  s.Get("/api/v1/sprt", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.Sprt(request.params));
  });

  // The records, a page of batches at a time: a slow reader never holds the
  // store, and a test of any size streams in bounded memory.
  s.Get(R"(/api/v1/tests/([^/]+)/records)", [this](const httplib::Request& request, httplib::Response& response) {
    const std::string id_text = request.matches[1];
    absl::StatusOr<uint64_t> id = ParseId(id_text, "test id");
    if (!id.ok()) return Send(response, ErrorAnswer(id.status()));
    if (!request.params.empty()) return Send(response, ErrorAnswer(400, "records take no parameters"));
    if (absl::StatusOr<v1::Test> test = store_.GetTest(*id); !test.ok())
      return Send(response, ErrorAnswer(test.status()));
    response.set_header("Content-Disposition", absl::StrCat("attachment; filename=\"test-", *id, ".pgn\""));
    auto after = std::make_shared<uint64_t>(0);
    response.set_chunked_content_provider(
        "application/x-shogi-records", [this, id = *id, after](size_t, httplib::DataSink& sink) {
          absl::StatusOr<std::vector<Store::BatchRecords>> page = store_.RecordsAfter(id, *after, kRecordsPerRead);
          if (!page.ok()) return false;  // the client sees the stream cut, not a complete file
          if (page->empty()) {
            sink.done();
            return true;
          }
          for (const Store::BatchRecords& batch : *page) {
            if (!sink.write(batch.records.data(), batch.records.size())) return false;
            *after = batch.batch_id;
          }
          return true;
        });
  });

  // One event per change of the test: the test as JSON. The stream ends
  // after the event that shows the test finished or stopped.
  s.Get(R"(/api/v1/tests/([^/]+)/events)", [this](const httplib::Request& request, httplib::Response& response) {
    absl::StatusOr<uint64_t> id = ParseId(request.matches[1], "test id");
    if (!id.ok()) return Send(response, ErrorAnswer(id.status()));
    if (!request.params.empty()) return Send(response, ErrorAnswer(400, "events take no parameters"));
    if (absl::StatusOr<v1::Test> test = store_.GetTest(*id); !test.ok())
      return Send(response, ErrorAnswer(test.status()));
    response.set_header("Cache-Control", "no-cache");
    struct StreamState {
      uint64_t seen = 0;
      std::string last;
      absl::Time last_sent = absl::Now();
      bool ended = false;
    };
    auto state = std::make_shared<StreamState>();
    response.set_chunked_content_provider(
        "text/event-stream", [this, id = *id, state](size_t, httplib::DataSink& sink) {
          if (state->ended || stopping_) {
            sink.done();
            return true;
          }
          const uint64_t version = changes_.version();
          absl::StatusOr<v1::Test> test = store_.GetTest(id);
          if (!test.ok()) return false;
          std::string json = JsonOf(*test);
          std::string out;
          if (json != state->last) {
            // SSE: a data line may not hold a newline, so each of the JSON's lines is
            // one; EventSource joins them with newlines again.
            absl::StrAppend(&out, "event: test\nid: ", version, "\n");
            for (absl::string_view line : absl::StrSplit(json, '\n')) absl::StrAppend(&out, "data: ", line, "\n");
            out += "\n";
            state->last = std::move(json);
            state->ended = test->state() == v1::TEST_STATE_FINISHED || test->state() == v1::TEST_STATE_STOPPED;
          } else if (absl::Now() - state->last_sent >= kEventKeepAlive) {
            out = ": still here\n\n";
          }
          if (!out.empty()) {
            if (!sink.write(out.data(), out.size())) return false;
            state->last_sent = absl::Now();
          }
          if (!state->ended) state->seen = changes_.WaitPast(version, absl::Seconds(1));
          return true;
        });
  });

  s.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;  // an answer of ours, already JSON
    Send(response, ErrorAnswer(response.status, response.status == 404 ? absl::StrCat("no such path: ", request.path)
                                                                       : absl::StrCat("HTTP ", response.status)));
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
    Send(response, ErrorAnswer(500, "internal error"));
  });
}

}  // namespace judkins
