// The read half of the HTTP API (/api/v1): every GET that answers at once,
// over the store. It knows nothing of sockets: the server hands it the path's
// parts and the query, and sends what it answers. Every parameter is checked
// here, once: an unknown one, a bad value or an unknown id is a 400 or 404
// that names it.
#ifndef JUDKINS_COORDINATOR_HTTP_READ_API_H_
#define JUDKINS_COORDINATOR_HTTP_READ_API_H_

#include <cstdint>
#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "coordinator/http/http_answer.h"
#include "coordinator/store/store.h"
#include "records/record_conversion.h"

namespace judkins {

// The query string, decoded; a name may come more than once.
using QueryParameters = std::multimap<std::string, std::string>;

// Limits of the list's pages and of a tune's history.
inline constexpr int kDefaultTestsPerPage = 50;
inline constexpr int kMaxTestsPerPage = 500;
inline constexpr int kMaxSearchBytes = 100;
inline constexpr int kDefaultHistoryPoints = 200;  // a test's or a tune's
inline constexpr int kMaxHistoryPoints = 100'000;
inline constexpr int kMaxGameNumber = 1'000'000'000;
inline constexpr int kDefaultArtifacts = 200, kMaxArtifacts = 10'000;

// What GET /api/v1/tests/{id}/records?format=&game= asks for.
struct RecordsQuestion {
  uint64_t test_id = 0;
  RecordFormat format = RecordFormat::kPgn;
  int game = 0;  // 1-based, in the records' order; 0: every game
};

// "42" as a test id; InvalidArgument naming `what` otherwise.
absl::StatusOr<uint64_t> ParseId(const std::string& text, const char* what);

class ReadApi {
 public:
  explicit ReadApi(Store& store) : store_(store) {}

  // GET /api/v1/tests?state=&kind=&variant=&q=&owner=&page=&per_page=
  HttpAnswer Tests(const QueryParameters& query);
  // GET /api/v1/tests/{id}
  HttpAnswer Test(const std::string& id, const QueryParameters& query);
  // GET /api/v1/tests/{id}/workers
  HttpAnswer TestWorkers(const std::string& id, const QueryParameters& query);
  // GET /api/v1/tests/{id}/history?points=
  HttpAnswer TestHistory(const std::string& id, const QueryParameters& query);
  HttpAnswer TestLog(const std::string& id, const QueryParameters& query);
  // GET /api/v1/tests/{id}/records?format=pgn|kif|csa&game=N: checked here,
  // streamed by the server (a KIF file holds one game, so KIF needs game=).
  absl::StatusOr<RecordsQuestion> Records(const std::string& id, const QueryParameters& query);
  // GET /api/v1/tunes/{id}?points=
  HttpAnswer Tune(const std::string& id, const QueryParameters& query);
  // GET /api/v1/workers
  HttpAnswer Workers(const QueryParameters& query);
  // GET /api/v1/artifacts?limit=&sha256=: the newest uploads, for the test
  // form; with sha256=, that one (and its provenance), for the test page.
  HttpAnswer Artifacts(const QueryParameters& query);
  // GET /api/v1/sprt?pentanomial=&wdl=&elo0=&elo1=&alpha=&beta=&model=
  HttpAnswer Sprt(const QueryParameters& query);

 private:
  Store& store_;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_READ_API_H_
