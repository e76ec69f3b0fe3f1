#include "cli/tune_chart.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"

namespace judkins {
namespace {

constexpr int kColumns = 4;
constexpr double kWidth = 260, kHeight = 150;                      // one panel
constexpr double kLeft = 44, kRight = 8, kTop = 22, kBottom = 20;  // its margins

std::string Escape(const std::string& text) {
  return absl::StrReplaceAll(text, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}});
}

// One panel at (x0, y0): theta's path, a dashed line at the start value.
std::string Panel(const v1::Tune& tune, int index, double x0, double y0) {
  const v1::SpsaParameter& spec = tune.parameters(index).spec();
  double low = spec.start(), high = spec.start();
  for (const v1::TuneSnapshot& snapshot : tune.history()) {
    low = std::min(low, snapshot.theta(index));
    high = std::max(high, snapshot.theta(index));
  }
  // Show a little more than the path, but never past the bounds.
  const double pad = std::max((high - low) * 0.1, std::max(spec.c_end(), 1.0));
  low = std::max(spec.min(), low - pad);
  high = std::min(spec.max(), high + pad);
  if (high <= low) high = low + 1;
  const double last_x = std::max<double>(1, tune.history().empty() ? 1 : tune.history().rbegin()->iterations());
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  auto x = [&](double iterations) { return x0 + kLeft + plot_w * iterations / last_x; };
  auto y = [&](double value) { return y0 + kTop + plot_h * (1 - (value - low) / (high - low)); };

  const double now = tune.parameters(index).value();
  std::string svg = absl::StrFormat(
      "<g><rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='#fff' stroke='#ccc'/>"
      "<text x='%.1f' y='%.1f' font-size='12' font-weight='bold'>%s</text>"
      "<text x='%.1f' y='%.1f' font-size='11' text-anchor='end'>%.1f &#8594; %.1f</text>",
      x0 + kLeft, y0 + kTop, plot_w, plot_h, x0 + kLeft, y0 + 15, Escape(spec.name()), x0 + kWidth - kRight, y0 + 15,
      spec.start(), now);
  absl::StrAppendFormat(&svg,
                        "<text x='%.1f' y='%.1f' font-size='10' text-anchor='end'>%.0f</text>"
                        "<text x='%.1f' y='%.1f' font-size='10' text-anchor='end'>%.0f</text>"
                        "<text x='%.1f' y='%.1f' font-size='10' text-anchor='end'>%.0f pairs</text>",
                        x0 + kLeft - 4, y(high) + 4, high, x0 + kLeft - 4, y(low), low, x0 + kWidth - kRight,
                        y0 + kHeight - 5, last_x);
  absl::StrAppendFormat(&svg, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#999' stroke-dasharray='4 3'/>",
                        x(0), y(spec.start()), x(last_x), y(spec.start()));
  std::string points;
  for (const v1::TuneSnapshot& snapshot : tune.history())
    absl::StrAppendFormat(&points, "%.1f,%.1f ", x(double(snapshot.iterations())), y(snapshot.theta(index)));
  absl::StrAppendFormat(&svg, "<polyline fill='none' stroke='#1f6feb' stroke-width='1.5' points='%s'/></g>\n", points);
  return svg;
}

}  // namespace

std::string ThetaChartSvg(const v1::Tune& tune) {
  const int panels = tune.parameters_size();
  const int columns = std::min(kColumns, std::max(panels, 1));
  const int rows = (panels + columns - 1) / columns;
  const double width = columns * kWidth, height = 30 + rows * kHeight;
  std::string svg = absl::StrFormat(
      "<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' font-family='sans-serif'>\n"
      "<rect width='100%%' height='100%%' fill='#f6f8fa'/>\n"
      "<text x='8' y='20' font-size='14'>tune #%d: %d of %d pairs, theta per parameter</text>\n",
      width, height, tune.test().id(), tune.iterations(), tune.test().spec().spsa().pairs());
  for (int i = 0; i < panels; ++i) svg += Panel(tune, i, (i % columns) * kWidth, 30 + (i / columns) * kHeight);
  return svg + "</svg>\n";
}

}  // namespace judkins
