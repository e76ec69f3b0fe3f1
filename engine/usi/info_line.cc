#include "engine/usi/info_line.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

std::string UsiScore(int score) {
  if (score >= kMateBound) return absl::StrCat("mate ", kMate - score);
  if (score <= -kMateBound) return absl::StrCat("mate -", kMate + score);
  return absl::StrCat("cp ", score);
}

std::string InfoLine(const SearchInfo& info) {
  const int64_t ms = absl::ToInt64Milliseconds(info.elapsed);
  const double seconds = std::max(absl::ToDoubleSeconds(info.elapsed), 1e-3);
  std::string line = absl::StrCat("info depth ", info.depth, " seldepth ", info.seldepth, " score ",
                                  UsiScore(info.score), " nodes ", info.nodes, " nps ", uint64_t(info.nodes / seconds),
                                  " time ", ms, " hashfull ", info.hashfull, " pv");
  for (Move m : info.pv) absl::StrAppend(&line, " ", MoveToUsi(m));
  return line;
}

JUDKINS_EDITION_END
}  // namespace judkins
