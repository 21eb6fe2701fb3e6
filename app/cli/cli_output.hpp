#pragma once
// The output file of `lieride sim --out` (docs/formats.md section 1, "Output files"): a regular
// file (or a new one) is written under a short temporary name in the same folder and renamed
// over the target on success, so no half-written CSV ever carries its name; a symlink is
// followed (its target is replaced, not the link); a device or FIFO is written directly and
// never replaced; '-' is standard output. On SIGINT/SIGTERM the temporary file is removed.
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lieride::cli {

// A target that cannot be written (bad input: exit 2).
class OutputTargetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where the output goes, checked before any work: '' , a directory, a name ending in '/' and
// a missing folder are refused.
struct OutputTarget {
  enum class Kind { Stdout, Replace, Direct };
  Kind kind = Kind::Stdout;
  std::string given;     // as the user wrote it
  std::string resolved;  // symlinks followed
};
// option: the flag named in messages ("--out", "--screenshot"). A folder this process cannot
// write in is refused too.
OutputTarget checkOutputTarget(const std::string& given, const std::string& option = "--out");
// A file name's extension in lower case (".GLB" -> ".glb"), as export and render check names.
std::string lowerExtension(const std::string& path);

class OutputFile {
 public:
  explicit OutputFile(const OutputTarget& target);  // throws OutputTargetError
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream();
  // Flushes and, for a replaced file, renames the temporary over the target. Throws
  // std::runtime_error (an internal error: exit 1) when writing or renaming fails.
  void commit();

 private:
  OutputTarget target_;
  std::string temporary_;
  std::ofstream file_;
  bool committed_ = false;
};

// `lieride optimize --out DIR`: creates DIR (and its parents) and checks that each of `names`
// can be written there, before the solve. Returns the one-line reason it cannot, or "".
std::string prepareOutputFolder(const std::string& dir, const std::vector<std::string>& names);

// Names the command in the line a cleanup signal (SIGINT, SIGTERM, SIGHUP) prints before the
// process dies by it: "lieride: COMMAND: stopped by signal N (nothing written)". Until it is
// called such a signal removes what it must and prints nothing (lieride sim).
void nameStoppedCommand(const std::string& command);

// An output folder whose files appear together (`lieride bench --out DIR`): DIR (and missing
// parents) is created, the work writes into a hidden staging folder inside it, and commit()
// moves every file into DIR. A cleanup signal before that removes the staging folder and the
// folders it created, so an interrupted run leaves DIR as it was. Throws OutputTargetError.
class StagedFolder {
 public:
  StagedFolder(const std::string& dir, const std::string& option);
  ~StagedFolder();
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;
  const std::string& path() const { return stage_; }  // where the work writes
  // Throws std::runtime_error when a file cannot be moved (an internal error: exit 1).
  void commit();

 private:
  std::string dir_, stage_;
  bool committed_ = false;
};

// Writes the named files into `dir` through a StagedFolder: all of them appear together, or
// none (a signal or an error before the move). Throws as StagedFolder does.
void writeOutputFiles(const std::string& dir,
                      const std::vector<std::pair<std::string, std::function<void(std::ostream&)>>>& files);

// The files `lieride optimize --out DIR` writes.
inline const std::vector<std::string> kOptimizeOutputs = {"trajectory.csv", "controls.csv", "replay.toml", "report.md"};
// `lieride optimize`'s folder without --out: out/optimize/<the problem file's stem>, or
// out/optimize/problem for a stem that names no folder of its own ("..toml": ".").
inline std::string defaultOptimizeFolder(const std::string& problemPath) {
  const std::string stem = std::filesystem::path(problemPath).stem().string();
  return "out/optimize/" + (stem.empty() || stem == "." || stem == ".." ? std::string("problem") : stem);
}

}  // namespace lieride::cli
