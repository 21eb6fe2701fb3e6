#pragma once
// Running the built `lieride` from the CLI tests: exit code, stdout, stderr; scratch files;
// run CSV parsing.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace cli_test {

namespace fs = std::filesystem;

struct Result {
  int code;
  std::string out, err;
};

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("lieride-cli-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

inline std::string binary() { return std::string(LIERIDE_BINARY_DIR) + "/lieride"; }

// Runs `lieride <args>` through the shell (args are shell words).
inline Result lieride(const std::string& args) {
  const fs::path dir = scratch();
  const std::string cmd = binary() + " " + args + " >" + (dir / "stdout").string() + " 2>" + (dir / "stderr").string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "stdout"), slurp(dir / "stderr")};
}

inline fs::path writeFile(const std::string& name, const std::string& text) {
  const fs::path p = scratch() / name;
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

inline int lineCount(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

inline std::vector<std::string> split(const std::string& line, char sep = ',') {
  std::vector<std::string> cells;
  std::stringstream s(line);
  std::string cell;
  while (std::getline(s, cell, sep)) cells.push_back(cell);
  return cells;
}

// A run CSV: header and rows of cells.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::size_t column(const std::string& name) const {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    return header.size();
  }
  double value(std::size_t row, const std::string& name) const { return std::stod(rows.at(row).at(column(name))); }
};

inline Csv parseCsv(const std::string& text) {
  Csv csv;
  std::stringstream s(text);
  std::string line;
  if (std::getline(s, line)) csv.header = split(line);
  while (std::getline(s, line)) csv.rows.push_back(split(line));
  return csv;
}

// The shell-quoted form of a word.
inline std::string sh(const std::string& word) {
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline const std::string kRigidBody = "[vehicle]\ntype = \"rigid-body\"\n[initial]\nangular_velocity = [1.0, 2.0, 3.0]\n"
                                      "linear_velocity = [1.0, 0.3, 0.0]\n";

}  // namespace cli_test
