// The store's schema, as numbered migrations applied in order.
#ifndef JUDKINS_COORDINATOR_STORE_MIGRATIONS_H_
#define JUDKINS_COORDINATOR_STORE_MIGRATIONS_H_

#include "coordinator/store/sqlite.h"

namespace judkins {

// Brings the database to the newest schema; a database newer than this
// program is refused rather than misread.
absl::Status Migrate(sqlite::Database& db);
int LatestSchemaVersion();

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_STORE_MIGRATIONS_H_
