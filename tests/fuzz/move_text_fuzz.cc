// A move in USI or Hodges notation from outside, against positions of every
// kind (the start, a handicap, hands full of drops): parsed to a legal move
// or refused; a parsed move writes back to the same move.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/rules/edition.h"

namespace {

constexpr const char* kPositions[] = {
    "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
    "rbnsgk/5p/6/6/P5/KGSN1R w B 2",
    "5k/6/6/6/6/K5 b RBGSNPrbgsnp 1",
    "2s2k/1P4/6/6/4p1/K5 b G 30",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  absl::StatusOr<judkins::Position> position =
      judkins::Position::FromSfen(kPositions[data[0] % (sizeof kPositions / sizeof kPositions[0])]);
  if (!position.ok()) std::abort();
  if (absl::StatusOr<judkins::Move> usi = judkins::ParseUsiMove(*position, text); usi.ok()) {
    if (judkins::ParseUsiMove(*position, judkins::MoveToUsi(*usi)).value() != *usi) std::abort();
    if (judkins::ParseHodgesMove(*position, judkins::MoveToHodges(*position, *usi)).value() != *usi) std::abort();
  }
  if (absl::StatusOr<judkins::Move> hodges = judkins::ParseHodgesMove(*position, text); hodges.ok())
    if (judkins::ParseUsiMove(*position, judkins::MoveToUsi(*hodges)).value() != *hodges) std::abort();
  return 0;
}
