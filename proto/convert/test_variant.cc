#include "proto/convert/test_variant.h"

namespace judkins {

absl::StatusOr<Variant> VariantOfSpec(const v1::TestSpec& spec) {
  if (spec.variant().empty()) return Variant::kJudkins;
  return ParseVariant(spec.variant());
}

}  // namespace judkins
