// A tune's convergence as an SVG image: one small chart per parameter, theta
// against game pairs, with its start and bounds.
#ifndef JUDKINS_CLI_TUNE_CHART_H_
#define JUDKINS_CLI_TUNE_CHART_H_

#include <string>

#include "judkins/v1/coordinator.pb.h"

namespace judkins {

std::string ThetaChartSvg(const v1::Tune& tune);

}  // namespace judkins

#endif  // JUDKINS_CLI_TUNE_CHART_H_
