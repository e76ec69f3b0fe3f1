// What the wire contract says beyond its messages: the metadata a worker
// authenticates with and the limits both sides enforce (the worker keeps
// within them, the coordinator refuses what exceeds them).
#ifndef JUDKINS_PROTO_CONTRACT_H_
#define JUDKINS_PROTO_CONTRACT_H_

#include <cstddef>
#include <cstdint>

namespace judkins::contract {

// Every call carries its token as "authorization: Bearer TOKEN".
inline constexpr char kAuthorizationMetadata[] = "authorization";
inline constexpr char kBearerPrefix[] = "Bearer ";

// Every WorkerService call but Register and FetchArtifact carries, beside the
// shared worker token, the secret its Register returned under this key: a
// worker acts only as itself.
inline constexpr char kWorkerSecretMetadata[] = "judkins-worker-secret";
// Random bytes in a worker's secret (sent as lower-case hex).
inline constexpr size_t kWorkerSecretBytes = 32;

// Batches one worker may hold leased at once; a worker plays one at a time,
// the rest covers answers lost on the way back.
// Keepalive on every connection to the coordinator: a connection the network
// dropped without a word (a partition, a moved address) is found dead within
// kKeepaliveTime + kKeepaliveTimeout and made anew, instead of calls timing
// out on it until TCP gives up a quarter of an hour later. The coordinator
// accepts pings this often (gRPC's default refuses more than one in 5 min).
inline constexpr int kKeepaliveTimeMs = 20'000;
inline constexpr int kKeepaliveTimeoutMs = 10'000;
inline constexpr int kMinPingIntervalMs = 10'000;

inline constexpr int kMaxLeasesPerWorker = 4;
// Batch ids one heartbeat may renew.
inline constexpr int kMaxHeartbeatBatches = kMaxLeasesPerWorker;

inline constexpr int kMaxGamesPerReport = 4096;
// How a game ended, in words (GameOutcome.reason, the record's Reason tag):
// a runner cuts what it writes to this, quoting only the start of an
// engine's line.
inline constexpr size_t kMaxGameReasonBytes = 600;
// A game's record: its tags, a reason cut to a few hundred bytes, and up to
// 400 plies of about 40 bytes with their comments, with room to spare.
inline constexpr size_t kMaxRecordBytesPerGame = 64 << 10;

// A test's priority (higher first) and its share of the workers among tests
// of equal priority (0: the default share, 100).
inline constexpr int kMinPriority = -1000;
inline constexpr int kMaxPriority = 1000;
inline constexpr uint32_t kDefaultThroughput = 100;
inline constexpr uint32_t kMaxThroughput = 10000;

// A test's reference speed, in bench nodes per second: far above any machine.
inline constexpr double kMaxReferenceSpeed = 1e12;
// How far a worker's speed may scale a time control either way: a worker
// more than this much slower or faster than the reference plays at this
// bound, not at a time control that makes its games meaningless or endless.
inline constexpr double kMaxTimeControlScale = 10;
// Names people give, bounded: they reach records, logs, pages and terminals.
inline constexpr size_t kMaxEngineNameBytes = 64;
inline constexpr size_t kMaxWorkerNameBytes = 100;
inline constexpr size_t kMaxOptionNameBytes = 100;
inline constexpr size_t kMaxOptionValueBytes = 1000;
// How long an engine may take to answer its first isready: engines read
// their evaluation files (tens of MB, for NNUE ones) then. A test's engine
// may ask for up to the maximum; 0 asks for the default.
inline constexpr uint32_t kDefaultReadyTimeoutSeconds = 60;
inline constexpr uint32_t kMaxReadyTimeoutSeconds = 600;
// A bundle's program is a path inside it, bounded.
inline constexpr size_t kMaxBundlePathBytes = 4096;
// A book is named, never pathed: workers read BOOKS/NAME.sfen.
inline constexpr size_t kMaxBookNameBytes = 100;

// A refusal's reason, as a worker reports it.
inline constexpr size_t kMaxRefusalBytes = 1000;

// A reason given for taking a worker off a test (ExcludeWorkerRequest.reason).
inline constexpr size_t kMaxExcludeReasonBytes = 500;

}  // namespace judkins::contract

#endif  // JUDKINS_PROTO_CONTRACT_H_
