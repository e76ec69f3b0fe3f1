// A test as someone submits it, from the command line (AdminService's
// CreateTest) or the web form (POST /tests/new): permitted to the caller,
// its spec checked field by field (validation.h), its defaults filled in,
// then stored as theirs, awaiting approval if their role says so.
#ifndef JUDKINS_COORDINATOR_SERVICE_TEST_SUBMISSION_H_
#define JUDKINS_COORDINATOR_SERVICE_TEST_SUBMISSION_H_

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "coordinator/domain/permissions.h"
#include "coordinator/store/store.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// `artifact_known` tells whether an artifact has been uploaded.
absl::StatusOr<v1::Test> SubmitTest(Store& store, const std::function<bool(const std::string&)>& artifact_known,
                                    const Caller& by, v1::TestSpec spec, absl::Time now);

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_SERVICE_TEST_SUBMISSION_H_
