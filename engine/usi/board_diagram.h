// A text picture of a position for the USI "d" command.
#ifndef JUDKINS_ENGINE_USI_BOARD_DIAGRAM_H_
#define JUDKINS_ENGINE_USI_BOARD_DIAGRAM_H_

#include <string>

#include "engine/rules/edition.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

std::string BoardDiagram(const Position& pos);

JUDKINS_EDITION_END
}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_BOARD_DIAGRAM_H_
