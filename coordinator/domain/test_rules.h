// A test's rules: how a counted pair changes it, when its stop rule ends it,
// and when one of its workers is taken off it. Decided here, on typed values;
// the store (coordinator/store) persists them, in the one transaction of the
// report that brought the pair.
#ifndef JUDKINS_COORDINATOR_DOMAIN_TEST_RULES_H_
#define JUDKINS_COORDINATOR_DOMAIN_TEST_RULES_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "judkins/v1/coordinator.pb.h"
#include "judkins/v1/http_api.pb.h"
#include "stats/sprt.h"

namespace judkins {

// A test as the rules see it and the store keeps it (one row of `tests`).
struct TestRow {
  uint64_t id = 0;
  v1::TestSpec spec;
  v1::TestState state = v1::TEST_STATE_PENDING;
  v1::Pentanomial pentanomial;
  v1::WinDrawLoss wdl;
  uint64_t next_pair = 0;
  stats::OvershootRecord overshoot;
  std::string finished_because;
  int64_t created = 0, updated = 0;
  // Batches handed back unplayed in a row, by any worker (hand_backs.h), and
  // why no worker can play it once that is too many; cleared by a counted pair.
  int64_t hand_backs = 0;
  std::string unplayable_because;
  std::string owner;  // the account that created it (permissions.h)
};

// The error rates an SPRT spec leaves at zero mean fishtest's defaults.
inline constexpr double kDefaultSprtAlpha = 0.05;
inline constexpr double kDefaultSprtBeta = 0.05;

std::optional<stats::SprtParameters> SprtOf(const v1::TestSpec& spec);
// The spec as it is played: alpha, beta and the model filled in where the
// request left them at zero, so a test says what its statistics use.
v1::SprtSpec SprtWithDefaults(v1::SprtSpec sprt);
bool Ended(v1::TestState state);
// The entry a change of state puts in the test's log: approved, started,
// finished, stopped or reopened; none when the state did not change.
std::optional<v1::TestEventKind> StateChangeEvent(v1::TestState before, v1::TestState after);

// Both games of one pair, Black first for the dev engine in game 0.
using PairGames = std::array<const v1::GameOutcome*, 2>;

// Counts a pair into the test's totals and, for an SPRT, updates it pair by
// pair: a decision finishes the test.
void CountPair(const PairGames& games, TestRow& test);
// Counts a pair into what one report adds (for its worker's share and the
// caller's answer).
void CountPair(const PairGames& games, v1::Pentanomial& pentanomial, v1::WinDrawLoss& wdl);

// How many pairs the test will hand out in all: its fixed pairs or its
// tune's pairs, within its cap (max_pairs); nullopt for an uncapped SPRT.
std::optional<uint64_t> PairCap(const v1::TestSpec& spec);

// Finishes a running test whose counted pairs reached its fixed number, its
// tune's iterations or its maximum (the SPRT decides in CountPair).
void FinishIfCountReached(TestRow& test);

// Takes a purged worker's share out of the test's totals and decides the
// stop rules afresh on what remains: a test its share had finished runs again
// (the SPRT's overshoot history restarts from the remaining totals).
void RemoveWorkerShare(const v1::Pentanomial& pentanomial, const v1::WinDrawLoss& wdl, TestRow& test);

// True when the worker is past the crash / time-loss rule on this test; only
// then do the other workers' results matter (ExclusionReason).
bool PastCrashOrTimeLossRule(const v1::WorkerResult& worker);
// Why a worker whose engines keep crashing or losing on time on this test,
// when the others' do not, plays no more of it (its games so far still
// count, as in fishtest); nullopt when it stays.
std::optional<std::string> ExclusionReason(const v1::WorkerResult& worker, const std::vector<v1::WorkerResult>& all);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_DOMAIN_TEST_RULES_H_
