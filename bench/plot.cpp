#include "plot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

extern char** environ;

namespace lieride::bench {

std::string pyQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else {
      if (c == '\\' || c == '\'') out += '\\';
      out += c;
    }
  }
  return out + "'";
}

bool runPythonScript(const std::string& scriptPath) {
  // No shell: the folder's name is an argument whatever it holds (spaces, ';', quotes), and
  // SIGINT still reaches lieride (system() ignores it in the caller while the child runs).
  std::string python = "/usr/bin/python3", script = scriptPath;
  char* const argv[] = {python.data(), script.data(), nullptr};
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, python.c_str(), &files, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) return false;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

namespace {

// The CSV next to the PNG, and the matplotlib commands that draw one figure.
void writePlotData(const std::string& pngPath, const std::vector<Series>& series) {
  const std::string csvPath = pngPath.substr(0, pngPath.rfind('.')) + ".csv";
  std::ofstream csv(csvPath);
  csv << "series,x,y\n";
  for (const auto& s : series)
    for (std::size_t i = 0; i < s.x.size(); ++i) csv << '"' << s.label << "\"," << s.x[i] << ',' << s.y[i] << '\n';
}

void writeFigureScript(std::ostream& py, const std::string& pngPath, const PlotSpec& spec,
                       const std::vector<Series>& series) {
  py << "fig, ax = plt.subplots(figsize=(7.5, 5), dpi=110)\n";
  for (const auto& s : series) {
    // The points as two list literals (one line each: quick for Python to parse); markers only
    // on sparse series (thousands of markers cost more to draw than they show).
    std::ostringstream xs, ys;
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      if ((spec.logy && s.y[i] <= 0) || (spec.logx && s.x[i] <= 0)) continue;
      xs << (n ? "," : "") << s.x[i];
      ys << (n ? "," : "") << s.y[i];
      ++n;
    }
    py << "xs=[" << xs.str() << "]\nys=[" << ys.str() << "]\n";
    py << "ax.plot(xs, ys, " << (n <= 200 ? "marker='o', markersize=3, " : "") << "linestyle="
       << (s.dashed ? "'--'" : "'-'") << ", label=" << pyQuote(s.label) << ")\n";
  }
  if (spec.logx) py << "ax.set_xscale('log')\n";
  if (spec.logy) py << "ax.set_yscale('log')\n";
  py << "ax.set_title(" << pyQuote(spec.title) << ")\nax.set_xlabel(" << pyQuote(spec.xlabel)
     << ")\nax.set_ylabel(" << pyQuote(spec.ylabel) << ")\n";
  py << "ax.grid(True, which='both', alpha=0.3)\nax.legend(fontsize=8)\nfig.tight_layout()\n";
  py << "fig.savefig(" << pyQuote(pngPath) << ")\nplt.close(fig)\n";
}

bool runPlotScript(const std::string& scriptPath, const std::string& what) {
  const bool ok = runPythonScript(scriptPath);
  std::remove(scriptPath.c_str());
  if (!ok) {
    std::cerr << "warning: could not draw " << what << " (python3-matplotlib missing?); data in the CSV next to it\n";
    return false;
  }
  return true;
}

const char* kPlotPreamble = "import math\nimport matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n";

}  // namespace

bool writeLinePlot(const std::string& pngPath, const PlotSpec& spec, const std::vector<Series>& series,
                   bool writeData) {
  if (writeData) writePlotData(pngPath, series);
  const std::string scriptPath = pngPath + ".py";
  {
    std::ofstream py(scriptPath);
    py << kPlotPreamble;
    writeFigureScript(py, pngPath, spec, series);
  }
  return runPlotScript(scriptPath, pngPath);
}

bool writeLinePlots(const std::vector<PlotJob>& jobs) {
  if (jobs.empty()) return true;
  for (const auto& j : jobs) writePlotData(j.pngPath, j.series);
  const std::string scriptPath = jobs.front().pngPath + ".all.py";
  {
    std::ofstream py(scriptPath);
    py << kPlotPreamble;
    for (const auto& j : jobs) writeFigureScript(py, j.pngPath, j.spec, j.series);
  }
  return runPlotScript(scriptPath, jobs.front().pngPath + " and " + std::to_string(jobs.size() - 1) + " more");
}

std::string markdownTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::ostringstream s;
  s << '|';
  for (const auto& h : header) s << ' ' << h << " |";
  s << "\n|";
  for (std::size_t i = 0; i < header.size(); ++i) s << "---|";
  s << '\n';
  for (const auto& r : rows) {
    s << '|';
    for (const auto& c : r) s << ' ' << c << " |";
    s << '\n';
  }
  return s.str();
}

std::string formatNumber(double v, int significant) {
  if (std::isnan(v)) return "blow-up";
  if (std::isinf(v)) return "inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", significant, v);
  return buf;
}

}  // namespace lieride::bench
