#include "coordinator/http/http_server.h"

#include <httplib.h>

#include <algorithm>
#include <functional>
#include <optional>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "common/decimal.h"
#include "common/log.h"
#include "common/secret.h"
#include "common/valid_text.h"
#include "common/version.h"
#include "coordinator/http/coalescing_server.h"
#include "coordinator/http/cookies.h"
#include "coordinator/http/openapi_json.h"
#include "coordinator/http/pages/app_js.h"
#include "coordinator/http/pages/icon_svg.h"
#include "coordinator/http/pages/shell_html.h"
#include "coordinator/http/pages/style_css.h"
#include "coordinator/http/yielding_thread_pool.h"
#include "coordinator/service/test_submission.h"
#include "proto/contract.h"
#include "proto/convert/json.h"
#include "records/game_record_format.h"
#include "records/numbered_game.h"
#include "records/replayed_game.h"

namespace judkins {
namespace {

void Send(httplib::Response& response, const HttpAnswer& answer) {
  response.status = answer.status;
  response.set_content(answer.body, answer.content_type.c_str());
}

// An answer a client may keep: with its entity tag, and without its body
// (304) when the client's copy is still current.
void SendRevalidated(const httplib::Request& request, httplib::Response& response, const HttpAnswer& answer) {
  if (answer.etag.empty()) return Send(response, answer);
  response.set_header("ETag", answer.etag);
  response.set_header("Cache-Control", "no-cache");  // ask each time: the answer moves with every report
  if (IfNoneMatchHits(request.get_header_value("If-None-Match"), answer.etag)) {
    response.status = 304;
    return;
  }
  Send(response, answer);
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

// Text safe inside an HTML attribute or element.
std::string HtmlEscaped(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}, {"'", "&#39;"}});
}

// A redirect target from a form: a path on this server, nothing else.
std::string LocalPath(const std::string& next) {
  return absl::StartsWith(next, "/") && !absl::StartsWith(next, "//") && next.find('\\') == std::string::npos ? next
                                                                                                              : "/";
}

void SendTooManyLongAnswers(httplib::Response& response) {
  response.set_header("Retry-After", absl::StrCat(absl::ToInt64Seconds(kLongAnswerRetryAfter)));
  Send(response, ErrorAnswer(503, absl::StrCat("too many event streams and downloads open (at most ",
                                               kMaxLongAnswersPerClient, " a client, ", kMaxLongAnswers,
                                               " in all): poll the API instead, or try again later")));
}

// A field of a POSTed form, from the body alone: httplib merges the query
// string into the same params, and a secret in a URL (the token, the CSRF
// token) ends up in logs, histories and Referer headers.
std::string FormField(const httplib::Request& request, const char* name) {
  if (!absl::StartsWith(request.get_header_value("Content-Type"), "application/x-www-form-urlencoded")) return "";
  httplib::Params fields;
  httplib::detail::parse_query_text(request.body, fields);
  auto it = fields.find(name);
  return it == fields.end() ? "" : it->second;
}

// What went wrong with a request httplib refused before any handler saw it.
std::string StatusMessage(const httplib::Request& request, int status) {
  switch (status) {
    case 400:
      return "the request could not be read (a POST needs a body, with its Content-Length)";
    case 404:
      return absl::StrCat("no such path: ", ValidText(request.path, kMaxQuotedBytes));
    case 413:
      return absl::StrCat("the body is too large: at most ", kMaxRequestBodyBytes, " bytes");
    case 414:
      return "the URL is too long: at most 8 KiB with its query";
    default:
      return absl::StrCat("HTTP ", status);
  }
}

// Where a script may send the CSRF token instead of a form field.
constexpr char kCsrfHeader[] = "X-CSRF-Token";

// How a web request came, for the logs: "web, 10.0.0.7".
std::string Via(const httplib::Request& request) { return absl::StrCat("web, ", request.remote_addr); }

}  // namespace

HttpServer::HttpServer(Passkey, const HttpOptions& options, Store& store, ChangeFeed& changes, AccountManager& accounts)
    : options_(options),
      sessions_(options.admin_token),
      store_(store),
      changes_(changes),
      accounts_(accounts),
      api_(store),
      server_(std::make_unique<CoalescingServer>()) {}

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(const HttpOptions& options, Store& store,
                                                              ChangeFeed& changes, AccountManager& accounts) {
  absl::StatusOr<std::pair<std::string, int>> address = HostAndPort(options.listen);
  if (!address.ok()) return address.status();
  if (options.admin_token.empty()) return absl::InvalidArgumentError("http: no admin token for the login");
  auto server = std::make_unique<HttpServer>(Passkey(), options, store, changes, accounts);
  httplib::Server& s = *server->server_;
  // httplib owns the queue it is given (its API takes a raw pointer).
  s.new_task_queue = [] { return new YieldingThreadPool(kHttpThreads); };
  s.set_payload_max_length(kMaxRequestBodyBytes);
  s.set_keep_alive_max_count(kKeepAliveRequests);
  // A response goes out as soon as it is written (in one write, see
  // CoalescingServer): an event stream's small events, or a response written
  // while the previous one is not yet acknowledged, would otherwise wait on
  // Nagle's algorithm for the client's delayed ACK (40 ms).
  s.set_tcp_nodelay(true);
  s.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                         {"Referrer-Policy", "same-origin"},
                         {"Content-Security-Policy",
                          "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
                          "frame-ancestors 'none'; form-action 'self'"}});
  server->RouteApi();
  server->RoutePages();
  server->RouteActions();
  const auto& [host, port] = *address;
  server->port_ =
      port == 0 ? server->server_->bind_to_any_port(host) : (server->server_->bind_to_port(host, port) ? port : -1);
  if (server->port_ <= 0) return absl::UnavailableError(absl::StrCat("http listen: cannot listen on ", options.listen));
  server->thread_ = std::thread([raw = server.get()] { raw->server_->listen_after_bind(); });
  return server;
}

HttpServer::~HttpServer() { Stop(); }

// Counted in while it lives: the last copy of its answer's provider frees it.
class LongAnswerSlot {
 public:
  template <typename Counts>
  LongAnswerSlot(Counts& counts, std::string client)
      : release_([&counts, client = std::move(client)] {
          absl::MutexLock lock(&counts.mutex);
          --counts.total;
          if (--counts.by_client[client] == 0) counts.by_client.erase(client);
        }) {}
  ~LongAnswerSlot() { release_(); }
  LongAnswerSlot(const LongAnswerSlot&) = delete;
  LongAnswerSlot& operator=(const LongAnswerSlot&) = delete;

 private:
  std::function<void()> release_;
};

// One game of a test's records, found by its number in the records' order
// (records/numbered_game: the CLI's --game counts the same way).
absl::StatusOr<std::string> HttpServer::FindGame(const RecordsQuestion& question) {
  NumberedGameSearch search(question.game, question.format);
  for (uint64_t after = 0;;) {
    absl::StatusOr<std::vector<Store::BatchRecords>> page =
        store_.RecordsAfter(question.test_id, after, kRecordsPerRead);
    if (!page.ok()) return page.status();
    if (page->empty())
      return absl::NotFoundError(absl::StrCat("game=", question.game, ": test ", question.test_id, " has ",
                                              search.games_seen(), " recorded games"));
    for (const Store::BatchRecords& batch : *page) {
      after = batch.batch_id;
      absl::StatusOr<std::optional<std::string>> game = search.Offer(batch.records);
      if (!game.ok()) return game.status();
      if (game->has_value()) return **std::move(game);
    }
  }
}

void HttpServer::SendOneGameRecord(const RecordsQuestion& question, httplib::Response& response) {
  absl::StatusOr<std::string> game = FindGame(question);
  if (!game.ok()) return Send(response, ErrorAnswer(game.status()));
  response.set_header("Content-Disposition", absl::StrCat("attachment; filename=\"test-", question.test_id, "-game-",
                                                          question.game, RecordFileSuffix(question.format), "\""));
  response.set_content(*game, std::string(RecordMediaType(question.format)));
}

HttpAnswer HttpServer::FirstGameEndedBy(const std::string& test_id, const QueryParameters& query) {
  absl::StatusOr<uint64_t> id = ParseId(test_id, "test id");
  if (!id.ok()) return ErrorAnswer(id.status());
  if (query.size() != 1 || query.begin()->first != "ending")
    return ErrorAnswer(400, "ending: give one, as TERMINATION_CRASH");
  const std::string& word = query.begin()->second;
  v1::Termination ending = v1::TERMINATION_UNSPECIFIED;
  if (!v1::Termination_Parse(word, &ending) || ending == v1::TERMINATION_UNSPECIFIED)
    return ErrorAnswer(400, absl::StrCat("ending: ", Quoted(word), " is not a Termination (TERMINATION_CRASH, ...)"));
  if (absl::Status exists = store_.CheckTestExists(*id); !exists.ok()) return ErrorAnswer(exists);
  const absl::string_view wanted = TerminationToken(ending);
  uint32_t game = 0;
  for (uint64_t after = 0;;) {
    absl::StatusOr<std::vector<Store::BatchRecords>> page = store_.RecordsAfter(*id, after, kRecordsPerRead);
    if (!page.ok()) return ErrorAnswer(page.status());
    if (page->empty())
      return ErrorAnswer(absl::NotFoundError(absl::StrCat("no recorded game of test ", *id, " ended by ", wanted)));
    for (const Store::BatchRecords& batch : *page) {
      after = batch.batch_id;
      absl::StatusOr<std::vector<ParsedRecord>> records = ParseGameRecords(batch.records);
      if (!records.ok()) return ErrorAnswer(records.status());
      for (const ParsedRecord& record : *records) {
        ++game;
        const auto termination = record.tags.find("Termination");
        if (termination == record.tags.end() || termination->second != wanted) continue;
        v1::GameNumber answer;
        answer.set_game(game);
        return JsonAnswer(answer);
      }
    }
  }
}

HttpAnswer HttpServer::GameReplayAnswer(const std::string& test_id, const std::string& game_number) {
  absl::StatusOr<uint64_t> id = ParseId(test_id, "test id");
  if (!id.ok()) return ErrorAnswer(id.status());
  int game = 0;
  if (!ParseDecimal(game_number, &game) || game < 1 || game > kMaxGameNumber)
    return ErrorAnswer(
        400, absl::StrCat("game: ", Quoted(game_number), " is not a game number (1 to ", kMaxGameNumber, ")"));
  if (absl::Status exists = store_.CheckTestExists(*id); !exists.ok()) return ErrorAnswer(exists);
  absl::StatusOr<std::string> text = FindGame({.test_id = *id, .format = RecordFormat::kPgn, .game = game});
  if (!text.ok()) return ErrorAnswer(text.status());
  absl::StatusOr<std::vector<ParsedRecord>> records = ParseGameRecords(*text);
  if (!records.ok()) return ErrorAnswer(records.status());
  if (records->size() != 1) return ErrorAnswer(absl::DataLossError(absl::StrCat("game ", game, ": not one record")));
  const ParsedRecord& record = records->front();
  absl::StatusOr<std::vector<std::string>> sfens = ReplaySfens(record.variant, record.start_sfen, record.moves);
  if (!sfens.ok()) return ErrorAnswer(sfens.status());
  v1::GameReplay replay;
  replay.set_test_id(*id);
  replay.set_game(uint32_t(game));
  replay.mutable_tags()->insert(record.tags.begin(), record.tags.end());
  replay.set_variant(std::string(VariantName(record.variant)));
  for (const std::string& sfen : *sfens) replay.add_sfens(sfen);
  for (const std::string& move : record.moves) replay.add_moves(move);
  for (const std::string& comment : record.comments) replay.add_comments(comment);
  return JsonAnswer(replay);
}

std::shared_ptr<LongAnswerSlot> HttpServer::TakeLongAnswerSlot(const httplib::Request& request) {
  const std::optional<WebSessions::Session> session = SessionOf(request);
  std::string client = session ? absl::StrCat("session ", session->id) : absl::StrCat("address ", request.remote_addr);
  absl::MutexLock lock(&long_answers_.mutex);
  int& held = long_answers_.by_client[client];
  if (long_answers_.total >= kMaxLongAnswers || held >= kMaxLongAnswersPerClient) {
    if (held == 0) long_answers_.by_client.erase(client);
    return nullptr;
  }
  ++held;
  ++long_answers_.total;
  return std::make_shared<LongAnswerSlot>(long_answers_, std::move(client));
}

std::optional<WebSessions::Session> HttpServer::SessionOf(const httplib::Request& request) {
  return sessions_.Find(SessionIdFromCookies(request.get_header_value("Cookie")), absl::Now());
}

void HttpServer::Stop() {
  stopping_ = true;
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

void HttpServer::SendCached(const httplib::Request& request, httplib::Response& response,
                            absl::FunctionRef<HttpAnswer()> answer) {
  // The version is read before the store: an answer is never newer than the
  // version it is kept under, so a change after it always misses.
  const uint64_t version = changes_.version();
  const std::string key = absl::StrCat(request.path, "?", httplib::detail::params_to_query_str(request.params));
  std::shared_ptr<const HttpAnswer> found = answers_.Find(key, version, absl::Now());
  if (!found) found = answers_.Put(key, version, absl::Now(), answer());
  SendRevalidated(request, response, *found);
}

void HttpServer::RouteApi() {
  httplib::Server& s = *server_;
  // With --http-require-login, the API answers only a logged-in browser.
  s.set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
    if (!options_.require_login || absl::StartsWith(request.path, "/static/") || request.path == "/login" ||
        SessionOf(request))
      return httplib::Server::HandlerResponse::Unhandled;
    if (absl::StartsWith(request.path, "/api/")) {
      Send(response, ErrorAnswer(401, "log in first (--http-require-login)"));
    } else {
      response.set_redirect(absl::StrCat("/login?next=", httplib::detail::encode_query_param(request.path)), 303);
    }
    return httplib::Server::HandlerResponse::Handled;
  });

  s.Get("/api/v1/openapi.json",
        [](const httplib::Request&, httplib::Response& response) { response.set_content(kOpenApiJson, kJsonType); });
  s.Get("/api/v1/tests", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.Tests(request.params); });
  });
  s.Get(R"(/api/v1/tests/([^/]+))", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.Test(request.matches[1], request.params); });
  });
  s.Get(R"(/api/v1/tests/([^/]+)/workers)", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.TestWorkers(request.matches[1], request.params); });
  });
  s.Get(R"(/api/v1/tests/([^/]+)/history)", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.TestHistory(request.matches[1], request.params); });
  });
  s.Get(R"(/api/v1/tests/([^/]+)/log)", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.TestLog(request.matches[1], request.params); });
  });
  s.Get(R"(/api/v1/tests/([^/]+)/games)", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return FirstGameEndedBy(request.matches[1], request.params); });
  });
  s.Get(R"(/api/v1/tests/([^/]+)/games/([^/]+))", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return GameReplayAnswer(request.matches[1], request.matches[2]); });
  });
  s.Get(R"(/api/v1/tunes/([^/]+))", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.Tune(request.matches[1], request.params); });
  });
  s.Get("/api/v1/workers", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.Workers(request.params); });
  });
  s.Get("/api/v1/artifacts", [this](const httplib::Request& request, httplib::Response& response) {
    SendCached(request, response, [&] { return api_.Artifacts(request.params); });
  });
  s.Get("/api/v1/sprt", [this](const httplib::Request& request, httplib::Response& response) {
    Send(response, api_.Sprt(request.params));
  });

  // The records, a page of batches at a time: a slow reader never holds the
  // store, and a test of any size streams in bounded memory. Stored as ours
  // (PGN-style); KIF and CSA are written from them page by page.
  s.Get(R"(/api/v1/tests/([^/]+)/records)", [this](const httplib::Request& request, httplib::Response& response) {
    absl::StatusOr<RecordsQuestion> question = api_.Records(request.matches[1], request.params);
    if (!question.ok()) return Send(response, ErrorAnswer(question.status()));
    std::shared_ptr<LongAnswerSlot> slot = TakeLongAnswerSlot(request);
    if (!slot) return SendTooManyLongAnswers(response);
    if (question->game > 0) return SendOneGameRecord(*question, response);
    response.set_header("Content-Disposition", absl::StrCat("attachment; filename=\"test-", question->test_id,
                                                            RecordFileSuffix(question->format), "\""));
    struct Progress {
      uint64_t after_batch = 0;
      int games_sent = 0;
    };
    auto progress = std::make_shared<Progress>();
    response.set_chunked_content_provider(
        std::string(RecordMediaType(question->format)),
        [this, question = *question, progress, slot](size_t, httplib::DataSink& sink) {
          absl::StatusOr<std::vector<Store::BatchRecords>> page =
              store_.RecordsAfter(question.test_id, progress->after_batch, kRecordsPerRead);
          if (!page.ok()) return false;  // the client sees the stream cut, not a complete file
          if (page->empty()) {
            sink.done();
            return true;
          }
          for (const Store::BatchRecords& batch : *page) {
            if (question.format == RecordFormat::kPgn) {
              if (!sink.write(batch.records.data(), batch.records.size())) return false;
            } else {
              absl::StatusOr<std::vector<std::string>> games = ConvertRecords(batch.records, question.format);
              if (!games.ok()) return false;
              const absl::string_view separator = GameSeparator(question.format);
              for (const std::string& game : *games) {
                if (progress->games_sent++ > 0 && !sink.write(separator.data(), separator.size())) return false;
                if (!sink.write(game.data(), game.size())) return false;
              }
            }
            progress->after_batch = batch.batch_id;
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
    absl::StatusOr<v1::Test> now = store_.GetTest(*id);
    if (!now.ok()) return Send(response, ErrorAnswer(now.status()));
    // An ended test changes no more: 204 tells EventSource not to reconnect.
    if (now->state() == v1::TEST_STATE_FINISHED || now->state() == v1::TEST_STATE_STOPPED) {
      response.status = 204;
      return;
    }
    std::shared_ptr<LongAnswerSlot> slot = TakeLongAnswerSlot(request);
    if (!slot) return SendTooManyLongAnswers(response);
    response.set_header("Cache-Control", "no-cache");
    struct StreamState {
      std::string last;
      absl::Time last_sent = absl::Now();
      bool ended = false;
    };
    auto state = std::make_shared<StreamState>();
    response.set_chunked_content_provider(
        "text/event-stream", [this, id = *id, state, slot](size_t, httplib::DataSink& sink) {
          if (state->ended || stopping_) {
            sink.done();
            return true;
          }
          const uint64_t version = changes_.version();
          absl::StatusOr<v1::Test> test = store_.GetTest(id);
          if (!test.ok()) return false;
          std::string json = JsonOf(*test, JsonStyle::kEveryField);  // as the API prints a test
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
          if (!state->ended) changes_.WaitPast(version, absl::Seconds(1));
          return true;
        });
  });

  // For the list: "something changed" (the feed's version), at most once per
  // kGlobalEventGap, so an open list redraws when it should and no more.
  s.Get("/api/v1/events", [this](const httplib::Request& request, httplib::Response& response) {
    if (!request.params.empty()) return Send(response, ErrorAnswer(400, "events take no parameters"));
    std::shared_ptr<LongAnswerSlot> slot = TakeLongAnswerSlot(request);
    if (!slot) return SendTooManyLongAnswers(response);
    response.set_header("Cache-Control", "no-cache");
    struct StreamState {
      uint64_t sent_version;
      absl::Time last_sent;
    };
    auto state = std::make_shared<StreamState>(StreamState{changes_.version(), absl::Now()});
    response.set_chunked_content_provider("text/event-stream", [this, state, slot](size_t, httplib::DataSink& sink) {
      if (stopping_) {
        sink.done();
        return true;
      }
      const uint64_t version = changes_.version();
      const absl::Time now = absl::Now();
      std::string out;
      if (version != state->sent_version && now - state->last_sent >= kGlobalEventGap) {
        out = absl::StrCat("event: changed\nid: ", version, "\ndata: ", version, "\n\n");
        state->sent_version = version;
      } else if (now - state->last_sent >= kEventKeepAlive) {
        out = ": still here\n\n";
      }
      if (!out.empty()) {
        if (!sink.write(out.data(), out.size())) return false;
        state->last_sent = now;
      }
      if (version == state->sent_version)
        changes_.WaitPast(version, absl::Seconds(1));
      else
        absl::SleepFor(std::min(kGlobalEventGap - (absl::Now() - state->last_sent), absl::Seconds(1)));
      return true;
    });
  });

  // The API only reads: any other method on it is named as such.
  const auto not_allowed = [](const httplib::Request& request, httplib::Response& response) {
    response.set_header("Allow", "GET");
    Send(response, ErrorAnswer(405, absl::StrCat(request.method, " ", ValidText(request.path, kMaxQuotedBytes),
                                                 ": the API only reads (GET)")));
  };
  constexpr char kApiPaths[] = R"(/api/.*)";
  s.Post(kApiPaths, not_allowed);
  s.Put(kApiPaths, not_allowed);
  s.Delete(kApiPaths, not_allowed);
  s.Patch(kApiPaths, not_allowed);

  // What httplib refuses itself, and paths nothing serves: JSON under /api/,
  // a page elsewhere (a person followed a link).
  s.set_error_handler([this](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;  // an answer of ours already
    const std::string message = StatusMessage(request, response.status);
    if (absl::StartsWith(request.path, "/api/") || request.method != "GET") {
      Send(response, ErrorAnswer(response.status, message));
      return;
    }
    SendPage(request, response, "error", "Not found", message);
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
    Send(response, ErrorAnswer(500, "internal error"));
  });
}

// Every page is the same shell; app.js draws it from the API. The shell
// carries the session's CSRF token for the forms it draws, and a message for
// the error page.
void HttpServer::SendPage(const httplib::Request& request, httplib::Response& response, const char* name,
                          const char* title, const std::string& message) {
  const std::optional<WebSessions::Session> session = SessionOf(request);
  const std::string login =
      session ? absl::StrCat(R"(<span class="muted" id="me">)", HtmlEscaped(session->caller.name), " (",
                             RoleWord(session->caller.role), R"()</span>)",
                             R"(<form method="post" action="/logout"><input type="hidden" name="csrf" value=")",
                             session->csrf, R"("><button type="submit">Log out</button></form>)")
              : R"(<a href="/login">Log in</a>)";
  response.set_header("Cache-Control", "no-store");
  response.set_content(
      absl::StrReplaceAll(kShellHtml, {{"{{page}}", name},
                                       {"{{title}}", title},
                                       {"{{csrf}}", session ? session->csrf : ""},
                                       {"{{logged_in}}", session ? "true" : "false"},
                                       {"{{account}}", session ? HtmlEscaped(session->caller.name) : ""},
                                       {"{{role}}", session ? RoleWord(session->caller.role) : ""},
                                       {"{{message}}", HtmlEscaped(message)},
                                       {"{{login}}", login},
                                       {"{{version}}", kVersion}}),
      "text/html; charset=utf-8");
}

void HttpServer::RoutePages() {
  httplib::Server& s = *server_;
  s.Get("/static/app.js", [](const httplib::Request&, httplib::Response& response) {
    response.set_content(kAppJs, "text/javascript; charset=utf-8");
  });
  s.Get("/static/icon.svg",
        [](const httplib::Request&, httplib::Response& response) { response.set_content(kIconSvg, "image/svg+xml"); });
  s.Get("/favicon.ico",
        [](const httplib::Request&, httplib::Response& response) { response.set_redirect("/static/icon.svg", 301); });
  s.Get("/static/style.css", [](const httplib::Request&, httplib::Response& response) {
    response.set_content(kStyleCss, "text/css; charset=utf-8");
  });
  auto page = [this](const char* name, const char* title) {
    return [this, name, title](const httplib::Request& request, httplib::Response& response) {
      SendPage(request, response, name, title);
    };
  };
  // A test's or a tune's page, or a page saying there is none (404).
  auto test_page = [this](const char* name, const char* title) {
    return [this, name, title](const httplib::Request& request, httplib::Response& response) {
      absl::StatusOr<uint64_t> id = ParseId(request.matches[1], "test id");
      absl::Status exists = id.ok() ? store_.CheckTestExists(*id) : id.status();
      if (exists.ok()) return SendPage(request, response, name, title);
      response.status = ErrorAnswer(exists).status;
      SendPage(request, response, "error", "Not found", std::string(exists.message()));
    };
  };
  s.Get("/", page("index", "Tests"));
  s.Get(R"(/tests/(\d+))", test_page("test", "Test"));
  s.Get("/tests/new", page("create", "New test"));
  s.Get(R"(/tests/(\d+)/games/(\d+|first))", test_page("game", "Game"));
  s.Get(R"(/tunes/(\d+))", test_page("tune", "Tune"));
  s.Get("/workers", page("workers", "Workers"));
  s.Get("/sprt", page("sprt", "SPRT calculator"));
  s.Get("/login", page("login", "Log in"));
  s.Get("/accounts", page("accounts", "Accounts"));
}

void HttpServer::RouteActions() {
  httplib::Server& s = *server_;
  s.Post("/login", [this](const httplib::Request& request, httplib::Response& response) {
    const std::string next = LocalPath(FormField(request, "next"));
    const std::string device = CookieValue(request.get_header_value("Cookie"), kDeviceCookie);
    // An account's name and password, or (with no name) the admin token.
    absl::StatusOr<WebSessions::Login> login = [&]() -> absl::StatusOr<WebSessions::Login> {
      const std::string name = FormField(request, "name");
      if (name.empty()) return sessions_.LogIn(FormField(request, "token"), device, absl::Now());
      absl::StatusOr<AccountManager::Login> account =
          accounts_.LogIn(name, FormField(request, "password"), device, Via(request), absl::Now());
      if (!account.ok()) return account.status();
      absl::StatusOr<WebSessions::Session> session = sessions_.Open(account->caller, absl::Now());
      if (!session.ok()) return session.status();
      return WebSessions::Login{*std::move(session), std::move(account->device)};
    }();
    if (!login.ok()) {
      Log("judkins-coordinator",
          absl::StrCat("web login refused from ", request.remote_addr, ": ", login.status().message()));
      const char* why = absl::IsResourceExhausted(login.status()) ? "wait" : "wrong";
      response.set_redirect(absl::StrCat("/login?error=", why, "&next=", httplib::detail::encode_query_param(next)),
                            303);
      return;
    }
    // Two cookies: the session's, and the device's that keeps this browser
    // out of others' failed logins (login_throttle.h).
    response.set_header("Set-Cookie", absl::StrCat(kSessionCookie, "=", login->session.id,
                                                   "; Path=/; HttpOnly; SameSite=Strict; Max-Age=",
                                                   absl::ToInt64Seconds(kSessionLifetime)));
    response.headers.emplace("Set-Cookie", absl::StrCat(kDeviceCookie, "=", login->device,
                                                        "; Path=/login; HttpOnly; SameSite=Strict; Max-Age=",
                                                        absl::ToInt64Seconds(kDeviceLifetime)));
    response.set_redirect(next, 303);
  });

  // An action needs a live session and that session's CSRF token, in the
  // form's body or an X-CSRF-Token header: never in the URL.
  // The action is given who asks, as the session's caller from this request's address.
  // `action` answers with the page to go to next.
  auto act = [this](const httplib::Request& request, httplib::Response& response,
                    absl::FunctionRef<absl::StatusOr<std::string>(const Caller&)> action) {
    const std::optional<WebSessions::Session> session = SessionOf(request);
    if (!session) return Send(response, ErrorAnswer(401, "log in first"));
    Caller caller = session->caller;
    caller.via = Via(request);
    const std::string csrf =
        request.has_header(kCsrfHeader) ? request.get_header_value(kCsrfHeader) : FormField(request, "csrf");
    if (!SameSecret(csrf, session->csrf)) {
      Log("judkins-coordinator", absl::StrCat("web action refused from ", request.remote_addr, ": bad CSRF token"));
      return Send(response, ErrorAnswer(403, "csrf: missing or wrong (reload the page)"));
    }
    absl::StatusOr<std::string> then = action(caller);
    if (!then.ok()) return Send(response, ErrorAnswer(then.status()));
    response.set_redirect(*then, 303);
  };
  s.Post("/logout", [this, act](const httplib::Request& request, httplib::Response& response) {
    act(request, response, [&](const Caller&) -> absl::StatusOr<std::string> {
      sessions_.Logout(SessionIdFromCookies(request.get_header_value("Cookie")));
      response.set_header("Set-Cookie",
                          absl::StrCat(kSessionCookie, "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"));
      return "/";
    });
  });
  // A test from the web form: its spec as JSON (the API's mapping of
  // TestSpec), submitted as from the command line (test_submission.h); then
  // the new test's page.
  s.Post("/tests/new", [this, act](const httplib::Request& request, httplib::Response& response) {
    act(request, response, [&](const Caller& caller) -> absl::StatusOr<std::string> {
      v1::TestSpec spec;
      if (absl::Status s = MessageFromJson(request.body, spec); !s.ok())
        return absl::InvalidArgumentError(absl::StrCat("spec: ", s.message()));
      auto known = [this](const std::string& sha) { return store_.HasArtifact(sha).value_or(false); };
      absl::StatusOr<v1::Test> test = SubmitTest(store_, known, caller, spec, absl::Now());
      if (!test.ok()) return test.status();
      Log("judkins-coordinator", absl::StrCat("test ", test->id(), " created from the web page by ", caller.Label()));
      changes_.Changed();
      return absl::StrCat("/tests/", test->id());
    });
  });
  // POST /tests/N/VERB: `change` made to test N by the caller once `action`
  // on it is permitted to them (permissions.h); then back to the test's page.
  using TestChange =
      std::function<absl::StatusOr<v1::Test>(uint64_t id, const Caller& by, const httplib::Request& request)>;
  auto on_test = [this, act](const char* verb, Action action, TestChange change) {
    server_->Post(absl::StrCat(R"(/tests/(\d+)/)", verb),
                  [this, act, verb, action, change](const httplib::Request& request, httplib::Response& response) {
                    act(request, response, [&](const Caller& caller) -> absl::StatusOr<std::string> {
                      absl::StatusOr<uint64_t> id = ParseId(request.matches[1], "test id");
                      if (!id.ok()) return id.status();
                      absl::StatusOr<std::string> owner = store_.TestOwner(*id);
                      if (!owner.ok()) return owner.status();
                      if (absl::Status s = Permit(caller, action, *owner); !s.ok()) return s;
                      absl::StatusOr<v1::Test> test = change(*id, caller, request);
                      if (!test.ok()) return test.status();
                      Log("judkins-coordinator",
                          absl::StrCat("test ", *id, ": ", verb, " from the web page by ", caller.Label()));
                      changes_.Changed();
                      return absl::StrCat("/tests/", *id);
                    });
                  });
  };
  on_test("stop", Action::kStopTest, [this](uint64_t id, const Caller& by, const httplib::Request&) {
    return store_.StopTest(id, absl::Now(), by);
  });
  on_test("approve", Action::kApproveTest, [this](uint64_t id, const Caller& by, const httplib::Request&) {
    return store_.ApproveTest(id, absl::Now(), by);
  });
  on_test(
      "priority", Action::kStopTest,
      [this](uint64_t id, const Caller& by, const httplib::Request& request) -> absl::StatusOr<v1::Test> {
        int priority = 0;
        const std::string text = FormField(request, "priority");
        if (!ParseDecimal(text, &priority) || priority < contract::kMinPriority || priority > contract::kMaxPriority)
          return absl::InvalidArgumentError(absl::StrCat("priority: ", Quoted(text), " is not an integer in [",
                                                         contract::kMinPriority, ", ", contract::kMaxPriority, "]"));
        return store_.SetPriority(id, priority, absl::Now(), by);
      });
  // Purge a worker: its results leave the test and are played again by others.
  on_test("exclude", Action::kExcludeWorker,
          [this](uint64_t id, const Caller& by, const httplib::Request& request) -> absl::StatusOr<v1::Test> {
            absl::StatusOr<uint64_t> worker = ParseId(FormField(request, "worker"), "worker");
            if (!worker.ok()) return worker.status();
            std::string reason = FormField(request, "reason");
            if (reason.size() > contract::kMaxExcludeReasonBytes || !IsValidText(reason))
              return absl::InvalidArgumentError(
                  absl::StrCat("reason: printable text, at most ", contract::kMaxExcludeReasonBytes, " bytes"));
            return store_.ExcludeWorker(id, *worker, reason.empty() ? "excluded from the web page" : reason,
                                        absl::Now(), by);
          });

  // Accounts, for admins (AccountManager checks the caller's role): the list
  // as JSON for the accounts page, a new account, a change to one.
  s.Get("/accounts/list", [this](const httplib::Request& request, httplib::Response& response) {
    const std::optional<WebSessions::Session> session = SessionOf(request);
    if (!session) return Send(response, ErrorAnswer(401, "log in first"));
    if (absl::Status s = Permit(session->caller, Action::kManageAccounts); !s.ok())
      return Send(response, ErrorAnswer(s));
    absl::StatusOr<std::vector<v1::Account>> accounts = accounts_.ListAccounts(session->caller);
    if (!accounts.ok()) return Send(response, ErrorAnswer(accounts.status()));
    v1::ListAccountsResponse answer;
    for (v1::Account& account : *accounts) *answer.add_accounts() = std::move(account);
    response.set_header("Cache-Control", "no-store");
    Send(response, JsonAnswer(answer));
  });
  s.Post("/accounts/new", [this, act](const httplib::Request& request, httplib::Response& response) {
    act(request, response, [&](const Caller& caller) -> absl::StatusOr<std::string> {
      v1::CreateAccountRequest account;
      account.set_name(FormField(request, "name"));
      account.set_password(FormField(request, "password"));
      account.set_role(ParseRole(FormField(request, "role")).value_or(v1::ACCOUNT_ROLE_UNSPECIFIED));
      if (absl::StatusOr<v1::Account> made = accounts_.CreateAccount(caller, account, absl::Now()); !made.ok())
        return made.status();
      return "/accounts";
    });
  });
  s.Post("/accounts/update", [this, act](const httplib::Request& request, httplib::Response& response) {
    act(request, response, [&](const Caller& caller) -> absl::StatusOr<std::string> {
      v1::UpdateAccountRequest change;
      change.set_name(FormField(request, "name"));
      if (const std::string role = FormField(request, "role"); !role.empty()) {
        std::optional<v1::AccountRole> parsed = ParseRole(role);
        if (!parsed)
          return absl::InvalidArgumentError(absl::StrCat("role: ", Quoted(role), " is not user, approver or admin"));
        change.set_role(*parsed);
      }
      change.set_password(FormField(request, "password"));
      if (const std::string disabled = FormField(request, "disabled"); !disabled.empty()) {
        change.set_set_disabled(true);
        change.set_disabled(disabled == "true");
      }
      if (absl::StatusOr<v1::Account> changed = accounts_.UpdateAccount(caller, change, absl::Now()); !changed.ok())
        return changed.status();
      return "/accounts";
    });
  });
}

}  // namespace judkins
