#pragma once
// The options of the two subcommands that open a window or a GL context, `lieride app` and
// `lieride render` (docs/formats.md sections 1 and 6). They are parsed here with CLI11, like
// every other subcommand's, and handed to the desktop app (app/gui), which the headless build
// does not have.
#include <optional>
#include <string>
#include <vector>

namespace lieride::cli {

struct AppOptions {
  std::string scene;       // --scene: menu name, file stem or scenario TOML path
  std::string take;        // --take: open this take (docs/app.md, "Takes")
  double dt = 0;           // --dt: start with this time step (0: the scene's)
  std::string integrator;  // --integrator: start every copy with this integrator
  int frames = -1;         // --frames: run this many frames and exit (-1: interactive)
  bool untilScriptEnds = false;  // --screenshot with --input-script and no --frames: at least 120 frames, and until its last line has run
  double warmup = 0;       // --warmup: with --frames, count frames only from this simulated time on
  std::string screenshot;  // --screenshot: save the last frame as PNG
  std::string script;      // --input-script: synthetic key events and checks (tests)
  bool overlay = false;    // --shortcuts: start with the F1 overlay open
  bool listScenes = false; // --list-scenes: print the scene menu and exit
};

struct RenderOptions {
  std::string take, out, pngDir, camera = "chase";
  double fps = 60;
  int width = 1280, height = 720;
};

// Parse everything after `app` / `render`. Nothing: go on; else the exit code to return at
// once (0 after --help, 2 after a usage error reported on one line).
std::optional<int> parseAppArgs(const std::vector<std::string>& args, AppOptions& options);
std::optional<int> parseRenderArgs(const std::vector<std::string>& args, RenderOptions& options);

}  // namespace lieride::cli
