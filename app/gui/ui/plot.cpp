#include "ui/plot.hpp"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace lieride::gui {

void TimeSeries::push(double time, double value) {
  t.push_back(time);
  y.push_back(value);
}

void TimeSeries::trimBefore(double time) {
  const auto it = std::lower_bound(t.begin(), t.end(), time);
  const auto n = it - t.begin();
  if (n > 4096 || (n > 0 && static_cast<std::size_t>(n) * 2 > t.size())) {
    t.erase(t.begin(), it);
    y.erase(y.begin(), y.begin() + n);
  }
}

void TimeSeries::trimAfter(double time) {
  const auto n = std::upper_bound(t.begin(), t.end(), time) - t.begin();
  t.resize(static_cast<std::size_t>(n));
  y.resize(static_cast<std::size_t>(n));
}

double niceStep(double range, int targetTicks) {
  if (!(range > 0) || !std::isfinite(range)) return 1.0;
  const double raw = range / std::max(targetTicks, 1);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / mag;
  return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * mag;
}

std::string formatTick(double v, const char* unit, double step) {
  char buf[48];
  if (v == 0)
    std::snprintf(buf, sizeof buf, "0");
  else if (std::abs(v) >= 1e5 || (std::abs(v) < 1e-3 && step < 1e-3))
    std::snprintf(buf, sizeof buf, "%.3g", v);
  else if (step > 0 && std::isfinite(step))
    std::snprintf(buf, sizeof buf, "%.*f", std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 9), v);
  else
    std::snprintf(buf, sizeof buf, "%.4g", v);
  std::string s = buf;
  if (unit && *unit) s += std::string(" ") + unit;
  return s;
}

bool PlotState::isHidden(const std::string& name) const {
  return std::find(hidden.begin(), hidden.end(), name) != hidden.end();
}

std::pair<double, double> fitRange(double lo, double hi, const PlotState& st) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {0.0, 1.0};
  const double dataLo = lo;
  const double minSpan = st.logY ? 1.0 : std::max(st.minSpan, st.minRelSpan * std::max(std::abs(lo), std::abs(hi)));
  if (hi - lo < minSpan) {
    const double c = 0.5 * (hi + lo);
    lo = c - 0.5 * minSpan;
    hi = c + 0.5 * minSpan;
  }
  const double pad = 0.06 * (hi - lo);
  double bottom = lo - pad, top = hi + pad;
  if (st.nonNegative && !st.logY && bottom < 0.0 && dataLo >= 0.0) {  // counts: start at 0, same span (a flat 0 read -1 to 1)
    top -= bottom;
    bottom = 0.0;
  }
  return {bottom, top};
}

namespace {
double transform(double v, const PlotState& st) {
  if (!std::isfinite(v)) return v;
  return st.logY ? std::log10(std::max(std::abs(v), st.floor)) : v;  // log: |v|, zeros at the floor
}

// Drops the points of a polyline that lie within `tol` pixels of the segment from the last
// point kept to the next one: a flat or straight stretch becomes one segment instead of one
// per pixel column, which is what a software rasteriser pays for (triangles, not pixels).
void dropCollinear(std::vector<ImVec2>& pts, float tol) {
  if (pts.size() < 3) return;
  std::size_t kept = 0;
  for (std::size_t i = 1; i + 1 < pts.size(); ++i) {
    const ImVec2 a = pts[kept], p = pts[i], b = pts[i + 1];
    const float dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    const float t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0.0f;
    const float ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
    if (t >= 0 && t <= 1 && ex * ex + ey * ey <= tol * tol) continue;
    pts[++kept] = p;
  }
  pts[++kept] = pts.back();
  pts.resize(kept + 1);
}
}  // namespace

int LabelRows::place(float left, float right) {
  std::size_t row = 0;
  while (row < rowEnd_.size() && left < rowEnd_[row] + gap_) ++row;
  if (row == rowEnd_.size()) rowEnd_.push_back(0.0f);
  rowEnd_[row] = right;
  return static_cast<int>(row);
}

void plotWidget(const char* id, ImVec2 size, const std::vector<PlotLine>& lines,
                const std::vector<PlotMarker>& markers, double tNow, double window, const char* unit,
                PlotState& st) {
  ImGui::PushID(id);
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##plot", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float padL = 84.0f, padB = 18.0f, padT = 4.0f, padR = 8.0f;
  ImVec2 a(origin.x + padL, origin.y + padT);
  const ImVec2 b(origin.x + size.x - padR, origin.y + size.y - padB);
  const double t1 = std::max(tNow, window), t0 = t1 - window;  // fills from t = 0, then scrolls

  // y range over the visible window, and each line's extremes there (one pass: a line that
  // leaves the range is marked with how far it went, below).
  double lo = INFINITY, hi = -INFINITY;
  const bool anyFit = std::any_of(lines.begin(), lines.end(), [&](const PlotLine& l) { return l.fit && !st.isHidden(l.name); });
  struct Extremes {
    std::size_t iMin = SIZE_MAX, iMax = SIZE_MAX;
    double min = INFINITY, max = -INFINITY;
  };
  std::vector<Extremes> extremes(lines.size());
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (st.isHidden(lines[k].name) || !lines[k].data) continue;
    const bool fits = !anyFit || lines[k].fit;
    const auto& s = *lines[k].data;
    Extremes& e = extremes[k];
    for (auto i = static_cast<std::size_t>(std::lower_bound(s.t.begin(), s.t.end(), t0) - s.t.begin()); i < s.t.size(); ++i) {
      const double v = transform(s.y[i], st);
      if (!std::isfinite(v)) continue;
      if (v < e.min) { e.min = v; e.iMin = i; }
      if (v > e.max) { e.max = v; e.iMax = i; }
    }
    if (fits && e.iMin != SIZE_MAX) {
      lo = std::min(lo, e.min);
      hi = std::max(hi, e.max);
    }
  }
  if (!st.autofit) {
    lo = transform(st.lockedMin, st);
    hi = transform(st.lockedMax, st);
  } else if (std::isfinite(lo)) {
    st.lockedMin = st.logY ? std::pow(10.0, lo) : lo;
    st.lockedMax = st.logY ? std::pow(10.0, hi) : hi;
  }
  if (st.autofit) {
    std::tie(lo, hi) = fitRange(lo, hi, st);
  } else if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) {
    lo = std::isfinite(lo) ? lo : 0.0;
    hi = lo + 1.0;
  }
  st.shownLo = lo;
  st.shownHi = hi;
  if (!ImGui::IsItemVisible()) {  // scrolled out of the Plots window: the range is kept, nothing drawn
    ImGui::PopID();
    return;
  }
  // The curves keep 3 px from the frame, and stay below the legend (laid out once the tick
  // labels have set the plot's left edge).
  float dataTop = a.y + 3.0f;
  const float dataBottom = b.y - 3.0f;
  auto X = [&](double t) { return a.x + static_cast<float>((t - t0) / window) * (b.x - a.x); };
  auto Y = [&](double v) { return dataBottom - static_cast<float>((v - lo) / (hi - lo)) * (dataBottom - dataTop); };

  // Grid and ticks.
  const ImU32 grid = IM_COL32(255, 255, 255, 22), text = IM_COL32(170, 176, 188, 255);
  // As many y ticks as the height has room for (a label and a gap each): four in a tall plot,
  // two in the short ones at the default window size, whose five labels overlapped.
  const float lineH = ImGui::GetTextLineHeight();
  const int yTarget = std::clamp(static_cast<int>((b.y - a.y) / (2.2f * lineH)), 2, 4);
  double ys = st.logY ? std::max(1.0, std::round(niceStep(hi - lo, yTarget))) : niceStep(hi - lo, yTarget);
  // Two labelled ticks at least, so that the scale can be read (a 500 J step over a 250-700 J
  // range left "500 J" alone): a finer nice step while only one falls in the range.
  auto ticksIn = [&](double step) { return std::floor(hi / step) - std::ceil(lo / step) + 1.0; };
  for (int refine = 0; refine < 3 && ticksIn(ys) < 2.0; ++refine) {
    const double finer = st.logY ? std::max(1.0, std::floor(ys / 2.0)) : niceStep(ys, 2);
    if (!(finer < ys)) break;
    ys = finer;
  }
  std::vector<std::pair<double, std::string>> yticks;
  float labelWidth = 0;
  for (double v = std::ceil(lo / ys) * ys; v <= hi; v += ys) {
    std::string label;
    if (st.logY) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "1e%d", static_cast<int>(std::lround(v)));
      label = buf;
      if (unit && *unit) label += std::string(" ") + unit;
    } else {
      label = formatTick(std::abs(v) < ys * 1e-6 ? 0.0 : v, unit, ys);
    }
    labelWidth = std::max(labelWidth, ImGui::CalcTextSize(label.c_str()).x);
    yticks.emplace_back(v, std::move(label));
  }
  a.x = origin.x + std::max(40.0f, labelWidth + 12.0f);  // room for the widest tick label
  dl->AddRectFilled(a, b, IM_COL32(30, 34, 42, 255));
  // The legend's entries run along the top edge and wrap at the plot's width (stacked, five
  // costates covered the whole plot); one entry per name (an integrator's stretches share it).
  struct LegendEntry {
    std::size_t line;
    ImVec2 pos, text;
    bool compact = false;  // the name in its curve's colour, no swatch (legendRow)
  };
  std::vector<LegendEntry> legend;
  float legendBottom = a.y;
  // One curve in a short plot: no legend (the read-out names the integrator), the height is
  // the curve's and its tick labels'.
  std::vector<std::size_t> firstOfName;  // one entry per name (an integrator's stretches share it)
  for (std::size_t k = 0; k < lines.size(); ++k) {
    bool seen = false;
    for (std::size_t j : firstOfName) seen = seen || lines[j].name == lines[k].name;
    if (!seen) firstOfName.push_back(k);
  }
  if (st.legend && !st.legendAbove && (firstOfName.size() > 1 || b.y - a.y >= 90.0f)) {
    // Names in their curves' colours without swatches where the swatched entries would take two
    // rows or more of a short plot (the five costates' two rows covered it).
    std::vector<ImVec2> sizes;
    float swatched = 0.0f;
    for (const std::size_t k : firstOfName) {
      sizes.push_back(ImGui::CalcTextSize(lines[k].name.c_str()));
      swatched += sizes.back().x + 30.0f;
    }
    const bool compact = swatched > b.x - a.x - 12.0f && b.y - a.y < 120.0f;
    const float extra = compact ? 0.0f : 22.0f, gap = compact ? 10.0f : 8.0f;
    ImVec2 p(a.x + 8, a.y + 6);
    for (std::size_t i = 0; i < firstOfName.size(); ++i) {
      const std::size_t k = firstOfName[i];
      const ImVec2 ts = sizes[i];
      if (p.x > a.x + 8 && p.x + ts.x + extra > b.x - 4) p = ImVec2(a.x + 8, p.y + ts.y + 4);
      legend.push_back({k, p, ts, compact});
      legendBottom = p.y + ts.y + 2;
      p.x += ts.x + extra + gap;
    }
  }
  // Below the legend (it covered the curves of a short plot) while that leaves them half the
  // height at least.
  dataTop = std::min(std::max(a.y + 3.0f, legendBottom + 2.0f), a.y + 0.5f * (b.y - a.y));
  // A log axis labelled every few decades: a faint line at each decade between, so that a size
  // can be read off by counting (an rk4 energy error between 1e-10 and 1e-5 showed no line).
  if (st.logY && ys > 1.0 && hi - lo <= 60.0) {
    const ImU32 minor = IM_COL32(255, 255, 255, 10);
    for (double v = std::ceil(lo); v <= hi; v += 1.0)
      if (std::abs(std::remainder(v, ys)) > 1e-9) dl->AddLine(ImVec2(a.x, Y(v)), ImVec2(b.x, Y(v)), minor);
  }
  float lastTop = 1e9f;  // the top of the last label drawn (labels go bottom to top)
  for (const auto& [v, label] : yticks) {
    const float y = Y(v);
    dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
    const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
    const float top = y - ts.y * 0.5f;
    if (top + ts.y > lastTop - 1.0f) continue;  // never overlap labels
    dl->AddText(ImVec2(a.x - ts.x - 6, top), text, label.c_str());
    lastTop = top;
  }
  const double xs = niceStep(window, std::max(2, static_cast<int>((b.x - a.x) / 70.0f)));
  float lastRight = -1e9f;
  for (double t = std::ceil(t0 / xs) * xs; t <= t1 + 1e-9; t += xs) {
    const float x = X(t);
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
    const std::string label = formatTick(std::abs(t) < xs * 1e-6 ? 0.0 : t, "s", xs);
    const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
    const float lx = std::clamp(x - ts.x * 0.5f, a.x, b.x - ts.x);
    if (lx < lastRight + 6) continue;  // never overlap labels
    dl->AddText(ImVec2(lx, b.y + 2), text, label.c_str());
    lastRight = lx + ts.x;
  }

  dl->PushClipRect(a, b, true);
  // Markers where h or the integrator changed.
  // Labels of nearby markers stack upwards from the bottom instead of overwriting each other
  // (each in the lowest row where it clears the labels already there); the same change
  // reported by several vehicles is drawn once. Newest first: where rows run out it is the
  // older labels that are left out, never the change just made.
  LabelRows rows(6.0f);
  struct MarkerLabel {
    ImVec2 at;
    float width;
    const std::string* text;
  };
  std::vector<MarkerLabel> markerLabels;  // drawn over the curves (drawn under them they were unreadable)
  for (std::size_t k = markers.size(); k-- > 0;) {
    const auto& m = markers[k];
    if (m.t < t0 || m.t > t1) continue;
    bool duplicate = false;
    for (std::size_t j = k + 1; j < markers.size() && !duplicate; ++j)
      duplicate = markers[j].t == m.t && markers[j].label == m.label;
    if (duplicate) continue;
    const float x = X(m.t);
    for (float y = a.y; y < b.y; y += 8) dl->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 4, b.y)), IM_COL32(255, 210, 90, 170));
    // Right of the line, or left of it where the label would run past the plot's right edge
    // (a change just made sits at the right edge).
    const float w = ImGui::CalcTextSize(m.label.c_str()).x;
    const float tx = x + 3 + w <= b.x ? x + 3 : std::max(a.x, x - 3 - w);
    const int row = rows.place(tx, tx + w);
    const float ty = b.y - lineH * static_cast<float>(row + 1) - 2;  // from the bottom: the legend sits at the top
    // A label with no free row below the legend's is left out (its dashed line stays): eight
    // quick h changes stacked their labels over the legend and each other.
    if (ty < a.y + 1.5f * lineH) continue;
    markerLabels.push_back({ImVec2(tx, ty), w, &m.label});
  }
  // Series: at most two points (min, max) per pixel column; NaN starts a new polyline.
  std::vector<ImVec2> pts;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (st.isHidden(lines[k].name) || !lines[k].data) continue;
    const auto& s = *lines[k].data;
    auto i = static_cast<std::size_t>(std::lower_bound(s.t.begin(), s.t.end(), t0) - s.t.begin());
    if (i > 0) --i;
    pts.clear();
    auto flush = [&] {
      dropCollinear(pts, 0.35f);
      // Integer width: textured lines where the atlas is filtered (HiDPI), else geometric anti-aliasing (gui_main.cpp).
      if (pts.size() >= 2) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), lines[k].color, 0, 2.0f);
      else if (pts.size() == 1) dl->AddCircleFilled(pts[0], 1.6f, lines[k].color);
      pts.clear();
    };
    // Columns as wide as the line (2 px): a column's extremes in the order they came, and where
    // the stretch ends; finer columns only pile up triangles under the same 2 px line.
    int column = -1;
    float cmin = 0, cmax = 0, clast = 0, xmin = 0, xmax = 0, xlast = 0;  // each extreme where it came
    bool open = false, minFirst = true;
    auto add = [&](ImVec2 p) {
      if (pts.empty() || pts.back().x != p.x || pts.back().y != p.y) pts.push_back(p);
    };
    auto closeColumn = [&](bool end) {
      add(minFirst ? ImVec2(xmin, cmin) : ImVec2(xmax, cmax));
      add(minFirst ? ImVec2(xmax, cmax) : ImVec2(xmin, cmin));
      if (end) add(ImVec2(xlast, clast));
    };
    for (; i < s.t.size(); ++i) {
      const double v = transform(s.y[i], st);
      if (!std::isfinite(v)) {
        if (open) { closeColumn(true); open = false; }
        flush();
        column = -1;
        continue;
      }
      const float x = X(s.t[i]), y = std::clamp(Y(v), a.y - 1e4f, b.y + 1e4f);
      const int col = static_cast<int>(std::floor(0.5f * x));
      if (col != column) {
        if (open) closeColumn(false);
        column = col;
        cmin = cmax = clast = y;
        xmin = xmax = xlast = x;
        minFirst = true;
        open = true;
      } else {
        if (y < cmin) { cmin = y; xmin = x; minFirst = false; }  // the newest extreme comes second
        if (y > cmax) { cmax = y; xmax = x; minFirst = true; }
        clast = y;
        xlast = x;
      }
    }
    if (open) closeColumn(true);
    flush();
  }
  for (const MarkerLabel& l : markerLabels) {
    dl->AddRectFilled(ImVec2(l.at.x - 2, l.at.y), ImVec2(l.at.x + l.width + 2, l.at.y + lineH - 1), IM_COL32(26, 29, 36, 200), 2.0f);
    dl->AddText(l.at, IM_COL32(255, 210, 90, 230), l.text->c_str());
  }
  // A curve that leaves the range (a diverging copy, which autofit leaves out so that the
  // running ones stay readable, or any curve under a locked range) is marked where it goes
  // furthest past the edge, with how far it went: "up to 55.1 J".
  float offscaleRow = dataTop + 1.0f;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (st.isHidden(lines[k].name) || !lines[k].data) continue;
    const auto& s = *lines[k].data;
    const Extremes& e = extremes[k];
    for (const bool up : {true, false}) {
      if (up ? !(e.max > hi) : !(e.min < lo)) continue;  // within the range shown
      const std::size_t i = up ? e.iMax : e.iMin;
      const float x = X(s.t[i]), edge = up ? dataTop : dataBottom, dir = up ? 1.0f : -1.0f;
      dl->AddTriangleFilled(ImVec2(x, edge), ImVec2(x - 5, edge + dir * 8), ImVec2(x + 5, edge + dir * 8), lines[k].color);
      char label[64];
      // What the curve shows: |y| on a log axis (the plot titled "|E - E(0) - W|" was marked
      // "up to -4.545 J").
      const double shown = st.logY ? std::abs(s.y[i]) : s.y[i];
      std::snprintf(label, sizeof label, "%s %.4g%s%s", up ? "up to" : "down to", shown, unit && *unit ? " " : "", unit ? unit : "");
      const ImVec2 ts = ImGui::CalcTextSize(label);
      const float tx = std::clamp(x + 8, a.x + 2, b.x - ts.x - 4);
      const float ty = up ? offscaleRow : dataBottom - ts.y - 10;
      if (up) offscaleRow += ts.y + 2;
      dl->AddRectFilled(ImVec2(tx - 3, ty - 1), ImVec2(tx + ts.x + 3, ty + ts.y + 1), IM_COL32(26, 29, 36, 220), 3.0f);
      dl->AddText(ImVec2(tx, ty), lines[k].color, label);
    }
  }
  dl->PopClipRect();

  // Hover read-out.
  if (hovered) {
    const ImVec2 mp = ImGui::GetIO().MousePos;
    if (mp.x >= a.x && mp.x <= b.x) {
      dl->AddLine(ImVec2(mp.x, a.y), ImVec2(mp.x, b.y), IM_COL32(255, 255, 255, 90));
      const double t = t0 + (mp.x - a.x) / (b.x - a.x) * window;
      ImGui::BeginTooltip();
      ImGui::Text("t = %.3f s", t);
      for (std::size_t k = 0; k < lines.size(); ++k) {
        if (st.isHidden(lines[k].name) || !lines[k].data || lines[k].data->t.empty()) continue;
        const auto& s = *lines[k].data;
        if (t < s.t.front() || t > s.t.back()) continue;  // this stretch does not cover t
        auto it = std::lower_bound(s.t.begin(), s.t.end(), t);
        if (it == s.t.end()) --it;
        const double v = s.y[static_cast<std::size_t>(it - s.t.begin())];
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(lines[k].color), "%s: %.6g %s", lines[k].name.c_str(), v, unit ? unit : "");
      }
      ImGui::EndTooltip();
    }
  }

  // Legend (laid out above): click an entry to hide or show its curve.
  for (const LegendEntry& e : legend) {
    const PlotLine& line = lines[e.line];
    const bool hidden = st.isHidden(line.name);
    const ImVec2 p = e.pos, ts = e.text;
    const ImVec2 r0(p.x - 3, p.y - 1), r1(p.x + ts.x + (e.compact ? 3 : 22), p.y + ts.y + 1);
    const bool over = ImGui::IsMouseHoveringRect(r0, r1);
    dl->AddRectFilled(r0, r1, over ? IM_COL32(60, 66, 80, 230) : IM_COL32(26, 29, 36, 210), 3.0f);
    const ImU32 c = hidden ? IM_COL32(110, 110, 110, 255) : line.color;
    if (e.compact) {
      dl->AddText(p, c, line.name.c_str());
    } else {
      dl->AddRectFilled(ImVec2(p.x, p.y + ts.y * 0.5f - 2), ImVec2(p.x + 14, p.y + ts.y * 0.5f + 2), c);
      dl->AddText(ImVec2(p.x + 18, p.y), hidden ? IM_COL32(120, 120, 120, 255) : IM_COL32(225, 228, 235, 255), line.name.c_str());
    }
    if (over && ImGui::IsMouseClicked(0)) {
      if (hidden) st.hidden.erase(std::find(st.hidden.begin(), st.hidden.end(), line.name));
      else st.hidden.push_back(line.name);
    }
  }
  ImGui::PopID();
}

}  // namespace lieride::gui
