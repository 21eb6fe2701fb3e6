#pragma once
// PNG line plots for the benchmark suites, drawn by matplotlib (/usr/bin/python3, installed by
// scripts/install-deps.sh). The data also goes to a CSV next to the PNG, so plots can be
// redrawn by any tool.
#include <string>
#include <vector>

namespace lieride::bench {

struct Series {
  std::string label;
  std::vector<double> x, y;  // NaN or inf values are left out (blow-ups)
  bool dashed = false;
};

struct PlotSpec {
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
};

// Writes pngPath (and pngPath with .csv, unless writeData is false: a suite whose own CSV has
// that name passes false, or the two writers would interleave in one file). Returns false (and
// says why on stderr) if matplotlib is not available; the CSV is written either way.
bool writeLinePlot(const std::string& pngPath, const PlotSpec& spec, const std::vector<Series>& series,
                   bool writeData = true);

// Several plots drawn by one matplotlib process (one interpreter start instead of one each).
struct PlotJob {
  std::string pngPath;
  PlotSpec spec;
  std::vector<Series> series;
};
bool writeLinePlots(const std::vector<PlotJob>& jobs);

// A Python string literal of s (quotes, backslashes and line breaks escaped).
std::string pyQuote(const std::string& s);
// Runs /usr/bin/python3 SCRIPT without a shell, output discarded; true when it exits 0.
bool runPythonScript(const std::string& scriptPath);

// Markdown table helper: header cells and rows of cells.
std::string markdownTable(const std::vector<std::string>& header,
                          const std::vector<std::vector<std::string>>& rows);
std::string formatNumber(double v, int significant = 3);

}  // namespace lieride::bench
