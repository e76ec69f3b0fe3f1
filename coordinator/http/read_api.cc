#include "coordinator/http/read_api.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/decimal.h"
#include "common/sha256.h"
#include "common/valid_text.h"
#include "engine/rules/variant.h"
#include "judkins/v1/http_api.pb.h"
#include "proto/convert/sprt_calculator.h"
#include "proto/convert/test_variant.h"

namespace judkins {
namespace {

// Refuses a parameter the endpoint does not take, or one given twice: a
// misspelt filter must not silently show everything.
absl::Status CheckParameters(const QueryParameters& query, std::initializer_list<const char*> known) {
  for (auto it = query.begin(); it != query.end(); it = query.upper_bound(it->first)) {
    if (std::find_if(known.begin(), known.end(), [&](const char* name) { return it->first == name; }) == known.end())
      return absl::InvalidArgumentError(
          known.size() == 0
              ? absl::StrCat("unknown parameter ", Quoted(it->first), ": this path takes none")
              : absl::StrCat("unknown parameter ", Quoted(it->first), " (known: ", absl::StrJoin(known, ", "), ")"));
    if (query.count(it->first) > 1)
      return absl::InvalidArgumentError(absl::StrCat(Quoted(it->first), ": given more than once"));
  }
  return absl::OkStatus();
}

std::optional<std::string> Get(const QueryParameters& query, const char* name) {
  auto it = query.find(name);
  return it == query.end() ? std::nullopt : std::optional<std::string>(it->second);
}

// An integer parameter in [low, high], or `otherwise` when absent.
absl::StatusOr<int> IntParameter(const QueryParameters& query, const char* name, int low, int high, int otherwise) {
  std::optional<std::string> text = Get(query, name);
  if (!text) return otherwise;
  int value = 0;
  if (!ParseDecimal(*text, &value) || value < low || value > high)
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": ", Quoted(*text), " is not an integer in [", low, ", ", high, "]"));
  return value;
}

absl::StatusOr<double> DoubleParameter(const QueryParameters& query, const char* name, double otherwise) {
  std::optional<std::string> text = Get(query, name);
  if (!text) return otherwise;
  double value = 0;
  if (!ParseDecimal(*text, &value))
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", Quoted(*text), " is not a number"));
  return value;
}

// The state filter's words: "finished" is both ways a test ends.
absl::StatusOr<std::vector<v1::TestState>> StatesOf(const std::string& word) {
  if (word == "awaiting_approval") return std::vector{v1::TEST_STATE_AWAITING_APPROVAL};
  if (word == "pending") return std::vector{v1::TEST_STATE_PENDING};
  if (word == "running") return std::vector{v1::TEST_STATE_RUNNING};
  if (word == "finished") return std::vector{v1::TEST_STATE_FINISHED, v1::TEST_STATE_STOPPED};
  if (word == "stopped") return std::vector{v1::TEST_STATE_STOPPED};
  return absl::InvalidArgumentError(
      absl::StrCat("state: ", Quoted(word), " is not awaiting_approval, pending, running, finished or stopped"));
}

absl::Status CheckKind(const std::string& word) {
  if (word == "sprt" || word == "fixed" || word == "spsa") return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("kind: ", Quoted(word), " is not sprt, fixed or spsa"));
}

std::string KindOf(const v1::TestSpec& spec) {
  if (spec.has_spsa()) return "spsa";
  if (spec.has_sprt()) return "sprt";
  return "fixed";
}

}  // namespace

absl::StatusOr<uint64_t> ParseId(const std::string& text, const char* what) {
  uint64_t id = 0;
  if (!ParseDecimal(text, &id) || id == 0 || !absl::ascii_isdigit(text.empty() ? 'x' : text[0]))
    return absl::InvalidArgumentError(absl::StrCat(what, ": ", Quoted(text), " is not a positive integer"));
  return id;
}

HttpAnswer ReadApi::Tests(const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {"state", "kind", "variant", "q", "owner", "page", "per_page"}); !s.ok())
    return ErrorAnswer(s);
  std::optional<std::vector<v1::TestState>> states;
  if (std::optional<std::string> state = Get(query, "state")) {
    absl::StatusOr<std::vector<v1::TestState>> parsed = StatesOf(*state);
    if (!parsed.ok()) return ErrorAnswer(parsed.status());
    states = *parsed;
  }
  const std::optional<std::string> kind = Get(query, "kind");
  if (kind)
    if (absl::Status s = CheckKind(*kind); !s.ok()) return ErrorAnswer(s);
  std::optional<Variant> variant;
  if (std::optional<std::string> name = Get(query, "variant")) {
    absl::StatusOr<Variant> parsed = ParseVariant(*name);  // the one list of names
    if (!parsed.ok()) return ErrorAnswer(400, absl::StrCat("variant: ", parsed.status().message()));
    variant = *parsed;
  }
  const std::string search = absl::AsciiStrToLower(Get(query, "q").value_or(""));
  if (search.size() > size_t(kMaxSearchBytes) || !IsValidText(search))
    return ErrorAnswer(400, absl::StrCat("q: printable text, at most ", kMaxSearchBytes, " bytes"));
  const std::optional<std::string> owner = Get(query, "owner");
  if (owner && (owner->size() > size_t(kMaxSearchBytes) || !IsValidText(*owner)))
    return ErrorAnswer(400, absl::StrCat("owner: printable text, at most ", kMaxSearchBytes, " bytes"));
  absl::StatusOr<int> per_page = IntParameter(query, "per_page", 1, kMaxTestsPerPage, kDefaultTestsPerPage);
  if (!per_page.ok()) return ErrorAnswer(per_page.status());
  absl::StatusOr<int> page = IntParameter(query, "page", 1, 1'000'000, 1);
  if (!page.ok()) return ErrorAnswer(page.status());

  // q searches the engines' names and the owner's; owner= is one owner's tests.
  std::function<bool(const v1::TestSpec&, const std::string&)> matches;
  if (kind || variant || !search.empty() || owner)
    matches = [&](const v1::TestSpec& spec, const std::string& test_owner) {
      return (!kind || KindOf(spec) == *kind) &&
             (!variant || VariantOfSpec(spec).value_or(Variant::kJudkins) == *variant) &&
             (!owner || test_owner == *owner) &&
             (search.empty() || absl::StrContains(absl::AsciiStrToLower(spec.dev().name()), search) ||
              absl::StrContains(absl::AsciiStrToLower(spec.base().name()), search) ||
              absl::StrContains(absl::AsciiStrToLower(test_owner), search));
    };
  absl::StatusOr<Store::TestPageRows> rows = store_.ListTestsPage(
      states.value_or(std::vector<v1::TestState>{}), matches, size_t(*page - 1) * *per_page, size_t(*per_page));
  if (!rows.ok()) return ErrorAnswer(rows.status());
  v1::TestPage answer;
  answer.set_total(rows->total);
  answer.set_page(uint32_t(*page));
  answer.set_pages(uint32_t(std::max<uint64_t>(1, (rows->total + *per_page - 1) / *per_page)));
  for (v1::Test& test : rows->tests) *answer.add_tests() = std::move(test);
  return JsonAnswer(answer);
}

HttpAnswer ReadApi::Test(const std::string& id, const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<uint64_t> test_id = ParseId(id, "test id");
  if (!test_id.ok()) return ErrorAnswer(test_id.status());
  absl::StatusOr<v1::Test> test = store_.GetTest(*test_id);
  if (!test.ok()) return ErrorAnswer(test.status());
  return JsonAnswer(*test);
}

HttpAnswer ReadApi::TestWorkers(const std::string& id, const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<uint64_t> test_id = ParseId(id, "test id");
  if (!test_id.ok()) return ErrorAnswer(test_id.status());
  absl::StatusOr<v1::Test> test = store_.GetTest(*test_id);
  if (!test.ok()) return ErrorAnswer(test.status());
  v1::TestWorkers answer;
  *answer.mutable_workers() = test->workers();
  *answer.mutable_homogeneity() = test->homogeneity();
  return JsonAnswer(answer);
}

HttpAnswer ReadApi::TestHistory(const std::string& id, const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {"points"}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<uint64_t> test_id = ParseId(id, "test id");
  if (!test_id.ok()) return ErrorAnswer(test_id.status());
  absl::StatusOr<int> points = IntParameter(query, "points", 1, kMaxHistoryPoints, kDefaultHistoryPoints);
  if (!points.ok()) return ErrorAnswer(points.status());
  absl::StatusOr<v1::TestHistory> history = store_.GetTestHistory(*test_id, size_t(*points));
  if (!history.ok()) return ErrorAnswer(history.status());
  return JsonAnswer(*history);
}

HttpAnswer ReadApi::TestLog(const std::string& id, const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<uint64_t> test_id = ParseId(id, "test id");
  if (!test_id.ok()) return ErrorAnswer(test_id.status());
  absl::StatusOr<v1::TestLog> log = store_.GetTestLog(*test_id);
  if (!log.ok()) return ErrorAnswer(log.status());
  return JsonAnswer(*log);
}

absl::StatusOr<RecordsQuestion> ReadApi::Records(const std::string& id, const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {"format", "game"}); !s.ok()) return s;
  RecordsQuestion question;
  absl::StatusOr<uint64_t> test_id = ParseId(id, "test id");
  if (!test_id.ok()) return test_id.status();
  question.test_id = *test_id;
  if (std::optional<std::string> format = Get(query, "format")) {
    absl::StatusOr<RecordFormat> parsed = ParseRecordFormat(*format);
    if (!parsed.ok()) return parsed.status();
    question.format = *parsed;
  }
  absl::StatusOr<int> game = IntParameter(query, "game", 1, kMaxGameNumber, 0);
  if (!game.ok()) return game.status();
  question.game = *game;
  if (!HoldsManyGames(question.format) && question.game == 0)
    return absl::InvalidArgumentError(
        absl::StrCat("format ", RecordFormatName(question.format), " holds one game to a file: name it with game=N"));
  if (absl::Status exists = store_.CheckTestExists(question.test_id); !exists.ok()) return exists;
  return question;
}

HttpAnswer ReadApi::Tune(const std::string& id, const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {"points"}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<uint64_t> test_id = ParseId(id, "tune id");
  if (!test_id.ok()) return ErrorAnswer(test_id.status());
  absl::StatusOr<int> points = IntParameter(query, "points", 1, kMaxHistoryPoints, kDefaultHistoryPoints);
  if (!points.ok()) return ErrorAnswer(points.status());
  absl::StatusOr<v1::Tune> tune = store_.GetTune(*test_id, size_t(*points));
  if (!tune.ok()) return ErrorAnswer(tune.status());
  return JsonAnswer(*tune);
}

HttpAnswer ReadApi::Artifacts(const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {"limit", "sha256"}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<int> limit = IntParameter(query, "limit", 1, kMaxArtifacts, kDefaultArtifacts);
  if (!limit.ok()) return ErrorAnswer(limit.status());
  const std::string sha256 = Get(query, "sha256").value_or("");
  if (!sha256.empty() && !IsSha256Hex(sha256))
    return ErrorAnswer(400, absl::StrCat("sha256: ", Quoted(sha256), " is not 64 lower-case hex digits"));
  absl::StatusOr<v1::Artifacts> artifacts = store_.ListArtifacts(size_t(*limit), sha256);
  if (!artifacts.ok()) return ErrorAnswer(artifacts.status());
  return JsonAnswer(*artifacts);
}

HttpAnswer ReadApi::Workers(const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {}); !s.ok()) return ErrorAnswer(s);
  absl::StatusOr<std::vector<v1::WorkerInfo>> workers = store_.ListWorkers();
  if (!workers.ok()) return ErrorAnswer(workers.status());
  v1::ListWorkersResponse answer;
  for (v1::WorkerInfo& worker : *workers) *answer.add_workers() = std::move(worker);
  return JsonAnswer(answer);
}

HttpAnswer ReadApi::Sprt(const QueryParameters& query) {
  if (absl::Status s = CheckParameters(query, {"pentanomial", "wdl", "elo0", "elo1", "alpha", "beta", "model"});
      !s.ok())
    return ErrorAnswer(s);
  SprtQuestion question{.pentanomial = Get(query, "pentanomial").value_or(""),
                        .wdl = Get(query, "wdl").value_or(""),
                        .sprt = {},
                        .model = Get(query, "model").value_or("normalized")};
  for (auto [name, field] : {std::pair{"elo0", &question.sprt.elo0}, std::pair{"elo1", &question.sprt.elo1},
                             std::pair{"alpha", &question.sprt.alpha}, std::pair{"beta", &question.sprt.beta}}) {
    if (!Get(query, name) && (std::string(name) == "elo0" || std::string(name) == "elo1"))
      return ErrorAnswer(400, absl::StrCat(name, ": required"));
    absl::StatusOr<double> value = DoubleParameter(query, name, *field);
    if (!value.ok()) return ErrorAnswer(value.status());
    *field = *value;
  }
  absl::StatusOr<v1::StatsReport> report = AnswerSprt(question, "");
  if (!report.ok()) return ErrorAnswer(report.status());
  return JsonAnswer(*report);
}

}  // namespace judkins
