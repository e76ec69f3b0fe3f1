#include "coordinator/service/test_submission.h"

#include "coordinator/domain/test_rules.h"
#include "coordinator/service/validation.h"
#include "tuner/spsa_tune.h"

namespace judkins {

absl::StatusOr<v1::Test> SubmitTest(Store& store, const std::function<bool(const std::string&)>& artifact_known,
                                    const Caller& by, v1::TestSpec spec, absl::Time now) {
  if (absl::Status s = Permit(by, Action::kCreateTest); !s.ok()) return s;
  if (absl::Status s = ValidateTestSpec(spec, artifact_known); !s.ok()) return s;
  if (spec.has_spsa()) *spec.mutable_spsa() = tuner::WithDefaults(spec.spsa());
  if (spec.has_sprt()) *spec.mutable_sprt() = SprtWithDefaults(spec.sprt());
  return store.CreateTest(spec, now, by);
}

}  // namespace judkins
