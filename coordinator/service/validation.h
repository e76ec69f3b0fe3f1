// Checks of every field that comes in over the wire; an error names the field.
#ifndef JUDKINS_COORDINATOR_SERVICE_VALIDATION_H_
#define JUDKINS_COORDINATOR_SERVICE_VALIDATION_H_

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// artifact_known tells whether an artifact has been uploaded.
absl::Status ValidateTestSpec(const v1::TestSpec& spec, const std::function<bool(const std::string&)>& artifact_known);
absl::Status ValidateCapabilities(const v1::WorkerCapabilities& capabilities);
// Where an upload says it was built: printable text of bounded length, the
// commit in hex. `field` prefixes the errors ("provenance").
absl::Status ValidateProvenance(const v1::Provenance& provenance, const std::string& field);
// What can be checked of a report before the store looks at its batch: its
// id, and the contract's bounds on games and records.
absl::Status ValidateReport(const v1::BatchReport& report);
// The contract's bounds on the batches a request lists.
absl::Status ValidateWorkRequest(const v1::WorkRequest& request);
absl::Status ValidateHeartbeat(const v1::HeartbeatRequest& request);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_VALIDATION_H_
