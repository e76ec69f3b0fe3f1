// The text of USI "info" and score fields.
#ifndef JUDKINS_ENGINE_USI_INFO_LINE_H_
#define JUDKINS_ENGINE_USI_INFO_LINE_H_

#include <string>

#include "engine/rules/edition.h"
#include "engine/search/search.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

std::string UsiScore(int score);  // "cp 35" or "mate 5" / "mate -4" (plies)
std::string InfoLine(const SearchInfo& info);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_INFO_LINE_H_
