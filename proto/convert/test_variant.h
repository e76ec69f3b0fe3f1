// The game a test's spec names. Tests made before TestSpec.variant existed
// leave it empty and are Judkins's: every reader of a spec asks here.
#ifndef JUDKINS_PROTO_CONVERT_TEST_VARIANT_H_
#define JUDKINS_PROTO_CONVERT_TEST_VARIANT_H_

#include "absl/status/statusor.h"
#include "engine/rules/variant.h"
#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// InvalidArgument, naming the variants there are, for a name none has.
absl::StatusOr<Variant> VariantOfSpec(const v1::TestSpec& spec);

}  // namespace judkins

#endif  // JUDKINS_PROTO_CONVERT_TEST_VARIANT_H_
