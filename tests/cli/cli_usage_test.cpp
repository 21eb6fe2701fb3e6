// Command-line usage (docs/formats.md section 1): --help on every subcommand, and one-line
// usage errors with exit 2 for an unknown option, a missing value and an extra argument.
#include <catch2/catch.hpp>

#include "cli_test_util.hpp"

using namespace cli_test;

TEST_CASE("every subcommand and the top level answer --help on stdout with exit 0", "[cli]") {
  struct Case {
    std::string args, mustMention;
  };
  for (const Case& c : {Case{"--help", "lieride sim"}, Case{"help", "lieride bench"}, Case{"sim --help", "--max-steps"},
                        Case{"sim -h", "--duration"}, Case{"list --help", "lieride list"},
                        Case{"bench --help", "--out"}, Case{"export --help", "--fps"},
                        Case{"optimize --help", "--max-iter"}}) {
    const Result r = lieride(c.args);
    CAPTURE(c.args, r.err);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find(c.mustMention) != std::string::npos);
  }
}

TEST_CASE("usage errors: one line naming the problem, exit 2, nothing written", "[cli]") {
  const fs::path scenario = writeFile("usage.toml", kRigidBody);
  const fs::path csv = scratch() / "usage.csv";
  const std::string s = scenario.string(), out = " --out " + csv.string();
  struct Case {
    std::string args, mustMention;
  };
  const Case cases[] = {
      {"sim " + s + out + " --bogus", "--bogus"},                      // unknown option
      {"sim " + s + out + " --dt", "--dt"},                            // missing value
      {"sim " + s + " --out", "--out"},                                // missing value
      {"sim " + s + " --out --dt 0.1", "--out needs a value (got the option '--dt')"},  // an option for a value
      {"sim " + s + out + " extra.toml", "extra.toml"},                // extra argument
      {"sim" + out, "SCENARIO"},                                       // missing argument
      {"sim " + s + out + " --dt 0", "--dt"},                          // invalid value
      {"sim " + s + out + " --duration -1", "--duration"},             // invalid value
      {"sim " + s + out + " --dt 1e-2x", "--dt"},                      // trailing text
      {"sim " + s + out + " --max-steps 0", "--max-steps"},            // invalid limit
      {"list extra", "extra"},                                         // list takes nothing
      {"list --all", "--all"},                                         // unknown option
      {"bench --out", "--out"},                                        // missing value
      {"bench rigid-body extra", "extra"},                             // extra argument
      {"bench no-such-suite", "no-such-suite"},                        // unknown suite
      {"frobnicate", "unknown command 'frobnicate' (commands: app, sim"},  // unknown command
      {"--frobnicate", "--frobnicate"},                                // unknown top-level option
  };
  for (const Case& c : cases) {
    const Result r = lieride(c.args);
    CAPTURE(c.args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.rfind("lieride: ", 0) == 0);
    CHECK(r.err.find(c.mustMention) != std::string::npos);
    // docs/formats.md: "lieride: <command>: <problem> (see lieride <command> --help)".
    const std::string command = c.args.substr(0, c.args.find(' '));
    if (command == "sim" || command == "list" || command == "bench")
      CHECK(r.err.find("(see lieride " + command + " --help)") != std::string::npos);
    CHECK(r.out.empty());
    CHECK(!fs::exists(csv));
  }
}

TEST_CASE("a misspelt option is named as unknown, with the option it is closest to", "[cli]") {
  const fs::path scenario = writeFile("misspelt.toml", kRigidBody);
  const fs::path csv = scratch() / "misspelt.csv";
  struct Case {
    std::string args, message;
  };
  // Before the option: CLI11 took "--outt" and the scenario as extra arguments and blamed both.
  const Case cases[] = {
      {"sim --outt " + csv.string() + " " + scenario.string(), "sim: unknown option '--outt' (did you mean --out?)"},
      {"sim " + scenario.string() + " --integrater rk4", "sim: unknown option '--integrater' (did you mean --integrator?)"},
      {"optimize p.toml --max-iters 3", "optimize: unknown option '--max-iters' (did you mean --max-iter?)"},
      {"list -x", "list: unknown option '-x' (see"},  // no near miss among the short options
  };
  for (const Case& c : cases) {
    const Result r = lieride(c.args);
    CAPTURE(c.args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(c.message) != std::string::npos);
    CHECK(!fs::exists(csv));
  }
  // Negative numbers, "-" (standard output) and --name=value are not taken for unknown options.
  CHECK(lieride("sim " + scenario.string() + " --duration -1").err.find("expected a finite number >= 0") != std::string::npos);
  CHECK(lieride("sim " + scenario.string() + " --out - --duration=0.02").code == 0);
}

TEST_CASE("lieride --help says how to start", "[cli]") {
  const Result r = lieride("--help");
  CHECK(r.code == 0);
  CHECK(r.out.find("to start:") != std::string::npos);
  CHECK(r.out.find("lieride app --list-scenes") != std::string::npos);
  // The example it gives runs.
  const fs::path csv = scratch() / "start.csv";
  CHECK(lieride("sim helicopter-hover --duration 0.05 --out " + csv.string()).code == 0);
  CHECK(lineCount(slurp(csv)) > 1);
}

TEST_CASE("lieride --version prints the project's version", "[cli]") {
  const Result r = lieride("--version");
  CHECK(r.code == 0);
  CHECK(r.out == std::string("lieride ") + LIERIDE_VERSION + "\n");
  CHECK(r.err.empty());
}

TEST_CASE("a scene name that is neither a file nor a built-in scene is named as typed", "[cli]") {
  for (const std::string command : {"sim", "export"}) {
    const Result r = lieride(command + " helicopter-hovr --out " + (scratch() / (command == "sim" ? "never.csv" : "never.glb")).string());
    CAPTURE(command, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.rfind("lieride: helicopter-hovr: no such file, and no built-in scene of that name", 0) == 0);
    CHECK(r.err.find("assets/scenes") == std::string::npos);
  }
}

TEST_CASE("a built-in scene runs by its menu name as by its file stem", "[cli]") {
  // "helicopter free flight" is the app menu's name of assets/scenes/helicopter-flight.toml.
  const Result byStem = lieride("sim helicopter-flight --duration 0.05 --out -");
  const Result byName = lieride("sim 'helicopter free flight' --duration 0.05 --out -");
  CAPTURE(byName.err);
  CHECK(byStem.code == 0);
  CHECK(byName.code == 0);
  CHECK(byName.out == byStem.out);
  CHECK(lieride("sim 'helicopter free flite' --duration 0.05 --out -").code == 2);
}

TEST_CASE("lieride app --help reaches the app's own parser through dispatch", "[cli]") {
  const Result r = lieride("app --help");
  CAPTURE(r.err);
  // With the desktop app built: its usage on stdout, exit 0. Without it: one line saying so.
  if (r.code == 0) CHECK(r.out.find("lieride app") != std::string::npos);
  else CHECK(lineCount(r.err) == 1);
}

TEST_CASE("lieride app: a usage error is one line, as for the other subcommands", "[cli]") {
  for (const std::string args : {"app --scen x", "app --frames x", "app --take no-such-take.toml"}) {
    const Result r = lieride(args);
    CAPTURE(args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.rfind("lieride: app: ", 0) == 0);
    CHECK(r.out.empty());
  }
}

TEST_CASE("lieride render --help lists its options on stdout and a usage error is one line", "[cli]") {
  const Result help = lieride("render --help");
  CAPTURE(help.err);
  if (help.code != 0) {  // a build without the renderer says so in one line
    CHECK(lineCount(help.err) == 1);
    return;
  }
  CHECK(help.err.empty());
  for (const char* option : {"--out", "--png-dir", "--fps", "--size", "--camera"}) CHECK(help.out.find(option) != std::string::npos);
  const fs::path csv = scratch() / "render-usage.mp4";
  for (const std::string& args : std::vector<std::string>{"render", "render take.toml", "render take.toml --out " + csv.string() + " --fps 0",
                                 "render take.toml --out " + csv.string() + " --bogus"}) {
    const Result r = lieride(args);
    CAPTURE(args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find("lieride render --help") != std::string::npos);
    CHECK(r.out.empty());
    CHECK(!fs::exists(csv));
  }
}

TEST_CASE("lieride app and render: options checked before anything opens, one line each", "[cli]") {
  if (lieride("render --help").code != 0) return;  // a build without the desktop app
  const fs::path dir = scratch() / "launch-usage";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string take = std::string(LIERIDE_SOURCE_DIR) + "/assets/takes/helicopter-flight-take.toml";
  const std::string mp4 = (dir / "v.mp4").string(), frames = (dir / "frames").string();
  struct Case {
    std::string args, mustMention;
  };
  for (const Case& c : std::vector<Case>{
           {"render " + take + " --out " + mp4 + " --png-dir " + frames, "not both"},
           {"render " + take + " --out /dev/null", "got a device or FIFO"},
           {"render " + take + " --out -", "got standard output"},
           {"render " + take + " --out " + (dir / std::string(300, 'v')).string() + ".mp4", "file name too long"},
           {"render " + take + " --png-dir " + frames + " --fps 0x10", "--fps: expected a number"},
           {"render " + take + " --png-dir " + frames + " --size 17x16", "each even"},
           {"render " + take + " --png-dir " + frames + " --fps", "--fps needs a value"},
           {"render " + take + " --png-dir " + frames + " --camera top", "--camera: expected chase | orbit | fixed, got 'top'"},
           {"app --warmup 1", "--warmup applies to a run of --frames"},
           {"app --frames 2 --warmup 1e308", "--warmup: expected a number from 0 to"},
           {"app --screenshot ''", "--screenshot: expected a PNG file name"},
           {"app --screenshot " + (dir / "no-such" / "x.png").string(), "no such folder"},
           {"app --frames 1 -- --frames 1", "unexpected arguments '--frames', '1'"},
           {"app --dt 0x10", "--dt: expected a number from 0.0001 to 1"},
           {"app --dt 1e300", "--dt: expected a number from 0.0001 to 1"},
           {"app --take --frames 5", "--take needs a value (got the option '--frames')"},
           {"render " + take + " --out ''", "--out: expected a video file name, got ''"},
       }) {
    const Result r = lieride(c.args);
    CAPTURE(c.args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(c.mustMention) != std::string::npos);
  }
  CHECK(fs::is_empty(dir));
}

TEST_CASE("lieride app --input-script: every line checked at start, a bad one refused in one line", "[cli]") {
  if (lieride("render --help").code != 0) return;  // a build without the desktop app
  // Found by a hostile round: speed -3 stopped the clock (the quit line never came), an "inf
  // quit" never came due, "assist maybe" and "integrator bogus" ran with exit 0.
  struct Case {
    std::string line, mustMention;
  };
  for (const Case& c : std::vector<Case>{
           {"0 speed -3", "speed <x>' with x from 0.1 to 4"},
           {"0 speed nan", "speed <x>' with x from 0.1 to 4"},
           {"inf quit", "expected a simulation time from 0 to 1e7 s, got 'inf'"},
           {"nan quit", "expected a simulation time"},
           {"0,1 quit", "expected a simulation time"},
           {"0 assist maybe", "expected 'assist on' or 'assist off'"},
           {"0 integrator bogus", "unknown integrator 'bogus'"},
           {"0 copy rk4 -1", "expected a step h from 1e-4 to 1 s"},
           {"0 copy rk4 nan", "expected a step h from 1e-4 to 1 s"},
           {"0 expect z < nan", "expected a finite number, got 'nan'"},
           {"0 expect z = 1", "expected '<' or '>'"},
           {"0 expect height < 1", "unknown quantity 'height'"},
           {"0 down NoSuchKey", "unknown SDL key name"},
           {"0 quit now", "expected 'quit' alone"},
           {"0 fly", "unknown action 'fly'"},
           {"0 export video 1", "expected 'export video 0'"},
           {"0 export mp4 0", "expected 'export csv|gltf|video <copy number>'"},
           {"0 expect integrator foo", "unknown integrator 'foo'"},
           {"0x10 quit", "expected a simulation time"},
       }) {
    const fs::path script = writeFile("bad.script", "0 assist off\n" + c.line + "\n");
    const Result r = lieride("app --input-script " + script.string() + " --frames 5");
    CAPTURE(c.line, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find("bad.script:2: ") != std::string::npos);
    CHECK(r.err.find(c.mustMention) != std::string::npos);
  }
  // A folder as the script: said so (it ran as an empty script).
  const Result folder = lieride("app --input-script " + scratch().string() + " --frames 5");
  CHECK(folder.code == 2);
  CHECK(folder.err.find("is a directory, expected an input script") != std::string::npos);
  // A device: /dev/zero was read until memory ran out (a FIFO waited for ever).
  const Result zero = lieride("app --input-script /dev/zero --frames 5");
  CHECK(zero.code == 2);
  CHECK(lineCount(zero.err) == 1);
  CHECK(zero.err.find("/dev/zero: not a regular file") != std::string::npos);
}
