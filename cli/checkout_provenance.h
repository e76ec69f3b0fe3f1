// Where an engine was built, read from its git checkout for `judkins engine
// upload --checkout DIR`: the origin's URL (else the checkout's path), the
// branch, the commit, whether the work tree had uncommitted changes, and the
// bench signature its commit message states ("Bench: N", fishtest's custom)
// unless one is given.
#ifndef JUDKINS_CLI_CHECKOUT_PROVENANCE_H_
#define JUDKINS_CLI_CHECKOUT_PROVENANCE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

absl::StatusOr<v1::Provenance> ReadCheckoutProvenance(const std::string& checkout);

// The number after the last "Bench:" line of a commit message; 0 when none.
uint64_t BenchFromCommitMessage(absl::string_view message);

}  // namespace judkins

#endif  // JUDKINS_CLI_CHECKOUT_PROVENANCE_H_
