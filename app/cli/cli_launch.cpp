// `lieride app` and `lieride render` options with CLI11 (launch_options.hpp), checked here so
// that every subcommand reports a usage error the same way: one line, exit 2, nothing run.
#include <climits>
#include <cctype>
#include <filesystem>

#include "cli/cli.hpp"
#include "cli/cli_args.hpp"
#include "cli/cli_output.hpp"
#include "cli/launch_options.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {
namespace {

namespace fs = std::filesystem;

constexpr double kMaxWarmup = 1e5;  // --warmup: seconds of simulated time (wall time at most 2 S + 10 s)

// A file that exists and is a regular file ("--take: no such file 'x'" otherwise).
CLI::Validator existingRegularFile() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::error_code ec;
        if (!fs::exists(text, ec)) return "no such file '" + shown(text, 200) + "'";
        if (!fs::is_regular_file(text, ec)) return "'" + shown(text, 200) + "' is not a regular file";
        return {};
      },
      "FILE");
}

// WIDTHxHEIGHT, each from 16 to 8192 and even (H.264 needs even sizes).
CLI::Validator frameSize() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::string expected = "expected WIDTHxHEIGHT, each even (H.264), from 16x16 to 8192x8192, got '" + shown(text) + "'";
        const std::size_t x = text.find('x');
        if (x == std::string::npos) return expected;
        const std::string w = text.substr(0, x), h = text.substr(x + 1);
        auto number = [](const std::string& s) {
          return !s.empty() && s.size() <= 5 && s.find_first_not_of("0123456789") == std::string::npos ? std::stoi(s) : -1;
        };
        const int width = number(w), height = number(h);
        if (width < 16 || height < 16 || width > 8192 || height > 8192 || width % 2 || height % 2) return expected;
        return {};
      },
      "WxH");
}

// One of `names`, the value shown escaped and quoted when it is not.
CLI::Validator oneOf(std::vector<std::string> names) {
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : " | ") + n;
  return CLI::Validator(
      [names, list](std::string& text) -> std::string {
        for (const std::string& n : names)
          if (text == n) return {};
        return "expected " + list + ", got '" + shown(text) + "'";
      },
      list);
}

int usage(const char* command, const std::string& problem) {
  reportError(std::string(command) + ": " + problem + " (see lieride " + command + " --help)");
  return kExitBadInput;
}

// An output file named by `option`, checked before anything runs (cli_output.hpp).
std::optional<OutputTarget> outputTarget(const char* command, const std::string& option, const std::string& given) {
  try {
    return checkOutputTarget(given, option);
  } catch (const OutputTargetError& e) {
    usage(command, e.what());
    return std::nullopt;
  }
}

}  // namespace

std::optional<int> parseAppArgs(const std::vector<std::string>& args, AppOptions& o) {
  CLI::App parser = makeParser("app", "The desktop app (docs/app.md). Without options: the last scene, or the helicopter.");
  parser.add_option("--scene", o.scene, "open a scene by menu name, file stem (large-steps) or scenario TOML path")
      ->option_text("NAME|FILE");
  parser.add_option("--take", o.take, "open a take and replay it (Takes panel: timeline, ghost copies, exports)")
      ->check(existingRegularFile())->option_text("FILE");
  // The Integrator panel's h range: a step of 1e300 s never advanced the clock on screen.
  parser.add_option("--dt", o.dt, "start with time step h = S seconds (1e-4 to 1)")->check(finiteRange(1e-4, 1.0));
  parser.add_option("--integrator", o.integrator, "start with this integrator (see `lieride list`)")->option_text("NAME");
  parser.add_option("--frames", o.frames, "run N frames, print frame-time and physics statistics, exit")
      ->check(decimalRange(1, INT_MAX));
  parser.add_option("--warmup", o.warmup,
                    "with --frames: start counting once the simulation reaches t = S s (full plots, long trails: "
                    "steady-state frame costs); at most 2 S + 10 s of wall time")
      ->check(finiteRange(0.0, kMaxWarmup));
  parser.add_option("--screenshot", o.screenshot, "with --frames (default 120; with --input-script, until its last line has run): save the last frame as PNG")->option_text("PNG");
  parser.add_flag("--shortcuts", o.overlay, "open the F1 shortcut overlay at start");
  parser.add_option("--input-script", o.script, "drive the app with synthetic key events and check the flight (tests)")
      ->option_text("FILE");
  parser.add_flag("--list-scenes", o.listScenes, "print the scene menu, one name a line, and exit");
  if (const auto code = parseArgs(parser, args)) return code;
  if (o.scene.empty() && parser.count("--scene")) return usage("app", "--scene: expected a scene name or file, got ''");
  if (parser.count("--warmup") && !parser.count("--frames") && !parser.count("--screenshot"))
    return usage("app", "--warmup applies to a run of --frames N (or --screenshot PNG)");
  if (parser.count("--screenshot")) {
    if (o.screenshot.empty() || o.screenshot == "-") return usage("app", "--screenshot: expected a PNG file name, got '" + o.screenshot + "'");
    const auto target = outputTarget("app", "--screenshot", o.screenshot);
    if (!target) return kExitBadInput;
  }
  if (!o.screenshot.empty() && o.frames < 0) {
    // With a script, the screenshot shows its end: 120 frames stopped a scripted flight at
    // t = 2 s with "9 line(s) not reached".
    o.frames = 120;
    o.untilScriptEnds = !o.script.empty();
  }
  return std::nullopt;
}

std::optional<int> parseRenderArgs(const std::vector<std::string>& args, RenderOptions& o) {
  CLI::App parser = makeParser("render", "Render a take (or any scenario) offscreen to a video or PNG frames (docs/formats.md 6).");
  parser.add_option("TAKE", o.take, "take or scenario file (.toml) or built-in scene name")->required();
  parser.add_option("--out", o.out, "the video to write (H.264 through ffmpeg; PNG frames beside it without ffmpeg)")
      ->option_text("FILE");
  parser.add_option("--png-dir", o.pngDir, "write one PNG a frame into DIR instead (also without ffmpeg)")->option_text("DIR");
  parser.add_option("--fps", o.fps, "frames per second of the take clock")->check(finiteRange(0.001, 1000.0))->capture_default_str();
  std::string size = "1280x720";
  parser.add_option("--size", size, "frame size, even")->check(frameSize())->capture_default_str();
  parser.add_option("--camera", o.camera, "chase, orbit or fixed")->check(oneOf({"chase", "orbit", "fixed"}))->capture_default_str();
  if (const auto code = parseArgs(parser, args)) return code;
  if (parser.count("--out") && parser.count("--png-dir"))
    return usage("render", "give --out take.mp4 or --png-dir DIR, not both");
  if (parser.count("--out") && o.out.empty()) return usage("render", "--out: expected a video file name, got ''");
  if (parser.count("--png-dir") && o.pngDir.empty()) return usage("render", "--png-dir: expected a folder name, got ''");
  const std::size_t x = size.find('x');
  o.width = std::stoi(size.substr(0, x));
  o.height = std::stoi(size.substr(x + 1));
  if (o.out.empty() && o.pngDir.empty()) return usage("render", "give --out take.mp4 or --png-dir DIR");
  std::error_code ec;
  if (parser.count("--out")) {
    if (!o.out.empty() && (o.out.back() == '/' || fs::is_directory(o.out, ec)))
      return usage("render", "--out '" + shown(o.out, 200) + "': is a folder, expected a video file name (or --png-dir DIR)");
    const auto target = outputTarget("render", "--out", o.out);
    if (!target) return kExitBadInput;
    // ffmpeg writes a file it names itself (temporary, then renamed): no device, FIFO or '-'.
    if (target->kind != OutputTarget::Kind::Replace)
      return usage("render", "--out '" + shown(o.out, 200) + "': expected a video file name, got " +
                                 (target->kind == OutputTarget::Kind::Stdout ? "standard output" : "a device or FIFO") +
                                 " (--png-dir DIR writes frames)");
    o.out = target->resolved;  // a symbolic link: its target is replaced, the link kept
    // H.264 goes into these containers; ffmpeg refused others (.gif, .png) only after the
    // frames had started, with its own lines.
    const std::string ext = lowerExtension(o.out);
    if (ext != ".mp4" && ext != ".mkv" && ext != ".mov")
      return usage("render", "--out '" + shown(o.out, 200) + "': expected a .mp4, .mkv or .mov name (H.264 video; --png-dir DIR writes frames)");
  }
  if (!o.pngDir.empty() && fs::exists(o.pngDir, ec) && !fs::is_directory(o.pngDir, ec))
    return usage("render", "--png-dir '" + shown(o.pngDir, 200) + "': exists and is not a folder");
  return std::nullopt;
}

}  // namespace lieride::cli
