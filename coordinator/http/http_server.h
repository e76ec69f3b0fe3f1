// The coordinator's HTTP face: the web pages (built into the binary), the
// read API under /api/v1 (JSON, the gRPC messages' field names), its OpenAPI
// document, a test's records streamed, a test's changes (and, for the list,
// that anything changed) pushed as Server-Sent Events, and the admin's actions (stop a test, change its
// priority) behind a login. Served by cpp-httplib (Debian's libcpp-httplib,
// with a leaner connection loop: CoalescingServer) on its own threads, from
// the same store.
#ifndef JUDKINS_COORDINATOR_HTTP_HTTP_SERVER_H_
#define JUDKINS_COORDINATOR_HTTP_HTTP_SERVER_H_

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/accounts/account_manager.h"
#include "coordinator/http/answer_cache.h"
#include "coordinator/http/read_api.h"
#include "coordinator/http/web_sessions.h"
#include "coordinator/service/change_feed.h"
#include "coordinator/store/store.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace judkins {

// Threads that serve requests: each open event stream or download holds one.
inline constexpr int kHttpThreads = 32;
// Event streams and record downloads open at once: at most half the threads,
// so the API and the pages always keep the other half. Beyond it, 503.
inline constexpr int kMaxLongAnswers = kHttpThreads / 2;
// Of those, what one client may hold: an anonymous one counted by its
// address, a logged-in browser by its session (many share a proxy's
// address). Beyond it, 503 with Retry-After.
inline constexpr int kMaxLongAnswersPerClient = 4;
inline constexpr absl::Duration kLongAnswerRetryAfter = absl::Seconds(30);
// The global event stream says "something changed" at most this often.
inline constexpr absl::Duration kGlobalEventGap = absl::Seconds(1);
// A comment line on an idle event stream this often, so proxies keep it open.
inline constexpr absl::Duration kEventKeepAlive = absl::Seconds(15);
// Records sent per store read while a test's records stream out.
inline constexpr int kRecordsPerRead = 64;

// Requests one kept-alive connection may carry before the server closes it
// (httplib's default is 5: a page polling the API reconnected every fifth
// request, and the reconnections cost more than the requests). nginx's default.
inline constexpr size_t kKeepAliveRequests = 1000;

// The largest request body taken (a login or an action form).
inline constexpr size_t kMaxRequestBodyBytes = 64 << 10;

class LongAnswerSlot;  // http_server.cc

struct HttpOptions {
  std::string listen;          // HOST:PORT; port 0: any free port
  std::string admin_token;     // what the login form must be given
  bool require_login = false;  // reads too need a session (else they are public)
};

class HttpServer {
 public:
  // Listens and serves until destroyed.
  // Logins with an account's password go through `accounts`.
  static absl::StatusOr<std::unique_ptr<HttpServer>> Start(const HttpOptions& options, Store& store,
                                                           ChangeFeed& changes, AccountManager& accounts);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int port() const { return port_; }
  // Ends the event streams and stops serving; the destructor does it too.
  void Stop();

  struct Passkey {
    explicit Passkey() = default;
  };
  HttpServer(Passkey, const HttpOptions& options, Store& store, ChangeFeed& changes, AccountManager& accounts);

 private:
  // Sends the read API's answer, from the cache while nothing changed.
  void SendCached(const httplib::Request& request, httplib::Response& response, absl::FunctionRef<HttpAnswer()> answer);
  void RouteApi();
  void RoutePages();
  void RouteActions();

  // One of the kMaxLongAnswers for the request's client, or null when all
  // are taken, or its own kMaxLongAnswersPerClient. Held by the answer's
  // content provider: given back when httplib drops it.
  std::shared_ptr<LongAnswerSlot> TakeLongAnswerSlot(const httplib::Request& request);
  void SendOneGameRecord(const RecordsQuestion& question, httplib::Response& response);
  // The game's text as stored (ours), found batch by batch; NOT_FOUND
  // saying how many games the test has.
  absl::StatusOr<std::string> FindGame(const RecordsQuestion& question);
  // GET /api/v1/tests/{id}/games/{n}: the game replayed, for the viewer.
  HttpAnswer GameReplayAnswer(const std::string& test_id, const std::string& game_number);
  // GET /api/v1/tests/{id}/games?ending=TERMINATION_...: the number of the
  // first recorded game that ended that way.
  HttpAnswer FirstGameEndedBy(const std::string& test_id, const QueryParameters& query);
  // The page shell for app.js's page `name` (message: the error page's text).
  void SendPage(const httplib::Request& request, httplib::Response& response, const char* name, const char* title,
                const std::string& message = "");
  // The session of the request's cookie, if live.
  std::optional<WebSessions::Session> SessionOf(const httplib::Request& request);

  const HttpOptions options_;
  WebSessions sessions_;
  Store& store_;
  ChangeFeed& changes_;
  AccountManager& accounts_;
  ReadApi api_;
  AnswerCache answers_;
  // Before server_: they outlive its threads.
  struct LongAnswers {
    absl::Mutex mutex;
    int total ABSL_GUARDED_BY(mutex) = 0;
    absl::flat_hash_map<std::string, int> by_client ABSL_GUARDED_BY(mutex);
  };
  LongAnswers long_answers_;
  std::unique_ptr<httplib::Server> server_;
  std::atomic<bool> stopping_ = false;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_HTTP_SERVER_H_
