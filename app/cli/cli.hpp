#pragma once
// The headless commands of the `lieride` executable (docs/formats.md section 1).
#include <string>
#include <vector>

namespace lieride::cli {

// Exit codes: 0 success, 1 internal error, 2 bad input, 3 the simulation diverged.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDiverged = 3;

// One function per subcommand: the arguments after its name in, the exit code out. Each
// parses its own arguments (--help, one-line usage errors with exit 2; cli_args.hpp).
int runSim(const std::vector<std::string>& args);
int runList(const std::vector<std::string>& args);
int runBench(const std::vector<std::string>& args);
int runOptimize(const std::vector<std::string>& args);
int runExport(const std::vector<std::string>& args);

// Directory holding assets/ (scenes, meshes): $LIERIDE_ASSETS, next to the executable, or
// the source tree the binary was built from.
std::string assetsDir();
// Resolves a scene given by name ("helicopter-hover") or path to a scenario file path; throws
// std::runtime_error for a name that is neither a file nor a built-in scene.
std::string resolveScene(const std::string& nameOrPath);
std::string resolveProblem(const std::string& nameOrPath);
std::vector<std::string> builtinScenes();

// One-line error on stderr: "lieride: <message>", control characters escaped and the line
// cut to a few hundred characters (user values inside are cut shorter where they are echoed).
void reportError(const std::string& message);

}  // namespace lieride::cli
