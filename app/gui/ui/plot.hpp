#pragma once
// A live plot widget drawn on ImGui's draw list (no ImPlot package exists on Debian):
// several series with a clickable legend, a scrolling window over simulation time, autofit or
// locked y range, log-y of |value| with a floor for zeros, tick labels with units, a hover
// read-out, vertical markers (h or integrator changed), and NaN breaking the line.
#include <imgui.h>

#include <string>
#include <utility>
#include <vector>

namespace lieride::gui {

struct TimeSeries {
  std::vector<double> t, y;
  void push(double time, double value);
  void clear() { t.clear(); y.clear(); }
  void trimBefore(double time);  // amortised: drops old samples in chunks
  void trimAfter(double time);   // drops the samples later than `time` (a seek back)
};

struct PlotMarker {
  double t;
  std::string label;
};

struct PlotLine {
  std::string name;  // legend entry; lines with equal names share one entry (integrator segments)
  ImU32 color;
  const TimeSeries* data;
  // Autofit frames this line (a copy that diverged does not count while another runs: its
  // blow-up flattened the running copies' curves into one line; it leaves the plot's top).
  bool fit = true;
};

struct PlotState {
  bool autofit = true;
  bool logY = false;
  bool legend = true;
  bool legendAbove = false;  // the Plots window draws one legend for this plot and its neighbours
  double floor = 1e-16;           // log-y: values <= floor are drawn at the floor
  double lockedMin = 0, lockedMax = 1;
  // Autofit never zooms closer than max(minSpan, minRelSpan * |value|) (linear) or one decade
  // (log): a flat line stays a flat line instead of tick labels with nine decimals.
  double minSpan = 1e-9, minRelSpan = 1e-3;
  bool nonNegative = false;  // counts (solver iterations): autofit never shows values below 0
  std::vector<std::string> hidden;  // line names hidden from the legend (a name may cover several lines)
  double shownLo = 0, shownHi = 1;  // the y range drawn last frame (log10 units when logY)
  bool isHidden(const std::string& name) const;
};

// The y range autofit picks for values in [lo, hi] (transformed: log10 units when logY).
std::pair<double, double> fitRange(double lo, double hi, const PlotState& st);

// Draws the plot filling `size` (width <= 0: available width). `window` seconds of history
// ending at `tNow`. `unit` labels the y axis ("J", "kg m^2/s", "", ...).
void plotWidget(const char* id, ImVec2 size, const std::vector<PlotLine>& lines,
                const std::vector<PlotMarker>& markers, double tNow, double window, const char* unit,
                PlotState& state);

// Helpers shared with tests.
double niceStep(double range, int targetTicks);
// Tick label with as many decimals as the tick spacing `step` needs, plus the unit.
std::string formatTick(double v, const char* unit, double step);
// Rows for labels spanning [left, right) (pixels), placed in drawing order: each takes the
// lowest row (0 = bottom) where it starts at least `gap` right of the last label there.
class LabelRows {
 public:
  explicit LabelRows(float gap) : gap_(gap) {}
  int place(float left, float right);

 private:
  float gap_;
  std::vector<float> rowEnd_;  // right edge of the last label in each row
};

}  // namespace lieride::gui
