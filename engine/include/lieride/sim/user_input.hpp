#pragma once
// Hostile-input hygiene shared by every loader (docs/formats.md, "Limits"): user text echoed in
// an error message is escaped and cut, and input files are read only when they are regular files
// of bounded size (a directory, a device such as /dev/zero or a FIFO is refused by name).
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lieride {

// Size caps for input files (docs/formats.md, "Limits").
inline constexpr std::size_t kMaxScenarioBytes = 4u << 20;    // scenario TOML: 4 MiB
inline constexpr std::size_t kMaxControlFileBytes = 256u << 20;  // controls CSV: 256 MiB
inline constexpr std::size_t kMaxHullFileBytes = 256u << 20;     // OBJ hull: 256 MiB

// The sizes an obstacle (a problem's, a boat scene's) may have and how far out it may lie
// (docs/formats.md sections 3 and 4): a box of 1e-300 m made the smooth outlines divide by
// nothing, a radius of 1e300 overflowed the distances.
inline constexpr double kMinObstacleSize = 1e-3, kMaxObstacleSize = 1e5, kMaxObstacleCoordinate = 1e6;
inline constexpr const char* kObstacleSizeRange = "between 0.001 and 1e5 m";
inline constexpr const char* kObstacleReach = "within 1e6 m";

// An optimal control problem's horizon (DMOC and PMP alike, docs/formats.md section 4): a plan
// of hours is a typo (1e300 s wrote a replay that reproduced nothing), and a step below a
// microsecond wrote NaN controls through its 1/h^2 terms.
inline constexpr double kMaxProblemHorizon = 1e4, kMinProblemStep = 1e-6;

// A user value as it may appear inside a one-line message: control characters (newline, ESC,
// DEL, ...) escaped as \n, \t, \r or \xHH, and cut to `maxChars` characters with "..." appended.
std::string shown(std::string_view value, std::size_t maxChars = 80);

class InputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The whole text of a regular file of at most maxBytes bytes. Throws InputFileError with a
// message "<shown path>: no such file | is a directory | not a regular file | larger than N bytes
// | cannot be read".
std::string readRegularFile(const std::string& path, std::size_t maxBytes);

// Whether `path` is (the same file as) one that readRegularFile read in this process: an
// output must not replace the command's own input (`lieride sim s.toml --out s.toml` replaced
// the scenario with its CSV).
bool wasReadAsInput(const std::string& path);

}  // namespace lieride
