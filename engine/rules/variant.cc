#include "engine/rules/variant.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/valid_text.h"

namespace judkins {

absl::string_view VariantName(Variant variant) {
  switch (variant) {
    case Variant::kShogi:
      return "shogi";
    case Variant::kMinishogi:
      return "minishogi";
    case Variant::kJudkins:
      break;
  }
  return "judkins";
}

absl::string_view VariantTitle(Variant variant) {
  switch (variant) {
    case Variant::kShogi:
      return "standard shogi";
    case Variant::kMinishogi:
      return "minishogi";
    case Variant::kJudkins:
      break;
  }
  return "Judkins shogi";
}

absl::StatusOr<Variant> ParseVariant(absl::string_view name) {
  for (Variant variant : kAllVariants)
    if (absl::EqualsIgnoreCase(name, VariantName(variant))) return variant;
  return absl::InvalidArgumentError(absl::StrCat("unknown variant ", Quoted(name), " (judkins, shogi or minishogi)"));
}

}  // namespace judkins
