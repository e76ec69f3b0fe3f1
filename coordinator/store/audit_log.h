// The audit log (table audit_log): what people did to accounts and tokens,
// and failed logins. What they did to tests is in each test's log
// (test_events.h); LoadAuditLog merges both, newest first.
#ifndef JUDKINS_COORDINATOR_STORE_AUDIT_LOG_H_
#define JUDKINS_COORDINATOR_STORE_AUDIT_LOG_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "coordinator/store/sqlite.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

inline constexpr size_t kDefaultAuditEntries = 100, kMaxAuditEntries = 10'000;

absl::Status AppendAuditEntry(sqlite::Database& db, int64_t at_unix, const std::string& by, const std::string& action,
                              const std::string& detail);
absl::StatusOr<v1::AuditLog> LoadAuditLog(sqlite::Database& db, size_t limit);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_AUDIT_LOG_H_
