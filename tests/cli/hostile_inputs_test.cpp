// Hostile inputs (docs/formats.md, "Limits"): each is refused with one clear line and exit 2
// within seconds, or gives a correct run. Never a partial output file, never `ok` beside a
// non-finite value. Output targets and signals: hostile_outputs_test.cpp.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <vector>

#include "cli_test_util.hpp"

using namespace cli_test;

namespace {

const std::string kBoat = "[vehicle]\ntype = \"boat\"\n";
const std::string kSnakeboard = "[vehicle]\ntype = \"snakeboard\"\n";

std::string objWithLine5(const std::string& line) {
  const auto lines = split(slurp(std::string(LIERIDE_SOURCE_DIR) + "/assets/meshes/skiff.obj"), '\n');
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) text += (i == 4 ? line : lines[i]) + "\n";
  return text;
}

struct Refusal {
  std::string name;      // the hostile input
  std::string scenario;  // scenario text; "" when `target` names an existing path instead
  std::string flags;
  std::string mustMention;
  std::string target = "";  // the scenario argument when not the written file
};

void checkRefused(const Refusal& c) {
  const fs::path csv = scratch() / "refused.csv";
  fs::remove(csv);
  const std::string scenario = c.target.empty() ? writeFile("hostile.toml", c.scenario).string() : c.target;
  const Result r = lieride("sim " + sh(scenario) + " --out " + csv.string() + " " + c.flags);
  CAPTURE(c.name, r.err);
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find(c.mustMention) != std::string::npos);
  CHECK(r.err.find('\x1b') == std::string::npos);
  CHECK(r.err.size() < 700);
  CHECK(!fs::exists(csv));
}

}  // namespace

TEST_CASE("step-count limits and the solver bounds: exit 2 naming the flag or key and the count", "[cli][hostile]") {
  const std::string body = kRigidBody + "[integrator]\nname = \"rk4\"\n";
  for (const Refusal& c : {
           Refusal{"--dt 1e-300", body, "--dt 1e-300", "--dt 1e-300 s = 1e+301 steps"},
           Refusal{"--duration 1e20", body, "--duration 1e20", "--duration 1e+20 s / --dt 0.01 s = 1e+22 steps"},
           Refusal{"--dt 1e-12", body, "--dt 1e-12", "--dt 1e-12 s = 1e+13 steps"},
           Refusal{"1e9 rows of CSV", body, "--dt 1e-12 --duration 1e-3", "--max-rows"},
           Refusal{"--max-steps lowered", body, "--max-steps 100", "above the limit of 100 (use a larger --dt or a shorter --duration, or raise the limit with --max-steps)"},
           // The count in full beside the limit: 10^7 + 1 rows, not "1e+07 rows, above the limit of 1e+07".
           Refusal{"1e7 + 1 rows", body, "--dt 1e-6 --duration 10", "writing 10000001 CSV rows, above the limit of 1e+07"},
           Refusal{"tolerance = 1e-300", body + "tolerance = 1e-300\n", "", "integrator.tolerance"},
           Refusal{"max_iterations = 2e9", body + "max_iterations = 2000000000\n", "", "integrator.max_iterations"},
       })
    checkRefused(c);
}

TEST_CASE("sim: NaN limits and a file name longer than NAME_MAX are refused before the run", "[cli][hostile]") {
  const std::string body = kRigidBody + "[integrator]\nname = \"rk4\"\n";
  for (const Refusal& c : {
           Refusal{"--max-steps nan", body, "--max-steps nan", "--max-steps: expected a number from 1"},
           Refusal{"--max-rows nan", body, "--max-rows nan", "--max-rows: expected a number from 1"},
       })
    checkRefused(c);
  const fs::path scenario = writeFile("named.toml", body);
  const Result r = lieride("sim " + scenario.string() + " --out " + (scratch() / (std::string(300, 'a') + ".csv")).string());
  CAPTURE(r.err);
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("file name too long") != std::string::npos);
  const Result named = lieride("sim " + std::string(300, 'b') + " --out " + (scratch() / "b.csv").string());
  CAPTURE(named.err);
  CHECK(named.code == 2);
  CHECK(lineCount(named.err) == 1);
  CHECK(named.err.size() < 400);  // the name cut once, not echoed again by the file system's message
}

TEST_CASE("export and render: the step-count limit, --fps nan, folders as --out or --png-dir", "[cli][hostile]") {
  const fs::path tiny = writeFile("tiny.toml", "[vehicle]\ntype = \"sleigh\"\n[integrator]\ndt = 1e-9\nduration = 30\n");
  const fs::path dir = scratch() / "render-refusals";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string take = std::string(LIERIDE_SOURCE_DIR) + "/assets/takes/helicopter-flight-take.toml";
  for (const auto& [args, mention] : std::vector<std::pair<std::string, std::string>>{
           {"export " + tiny.string() + " --out " + (dir / "t.glb").string(), "30000000000 steps, above the limit of 1e+09 (use a larger --dt or a shorter --duration)"},
           {"export sleigh --dt 1e-9 --out " + (dir / "s.glb").string(), "above the limit of 1e+09"},
           {"export " + take + " --fps nan --out " + (dir / "n.glb").string(), "--fps: expected a number"},
           {"render " + tiny.string() + " --png-dir " + (dir / "frames").string(), "above the limit of 1e+09"},
           {"render " + take + " --out " + dir.string(), "is a folder"},
           {"render " + take + " --out " + dir.string() + "/", "is a folder"},
           {"render " + take + " --png-dir /dev/null", "--png-dir '/dev/null': exists and is not a folder"},
           {"render " + take + " --png-dir " + (dir / "x").string() + " --size 320x180x2", "--size"},
           // Each option once, as sim, optimize and export take them.
           {"render " + take + " --png-dir " + (dir / "a").string() + " --png-dir " + (dir / "b").string(),
            "--png-dir given more than once"},
           {"render " + take + " --png-dir " + (dir / "a").string() + " --size 64x48 --size 32x32",
            "--size given more than once"},
       }) {
    const Result r = lieride(args);
    CAPTURE(args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(mention) != std::string::npos);
  }
  CHECK(fs::is_empty(dir));  // nothing written, no frame folder made
  CHECK(fs::is_character_file("/dev/null"));
}

TEST_CASE("the step-count limit can be raised: max-rows with output every thinning", "[cli][hostile]") {
  const fs::path file = writeFile("thin.toml", kRigidBody + "[integrator]\nname = \"rk4\"\n[output]\nevery = 100\n");
  const Result r = lieride("sim " + file.string() + " --dt 1e-4 --duration 0.1 --max-rows 11 --out -");
  CHECK(r.code == 0);
  CHECK(parseCsv(r.out).rows.size() == 11);
}

TEST_CASE("absurd initial states and values are refused at load", "[cli][hostile]") {
  const std::string rb = "[vehicle]\ntype = \"rigid-body\"\n";
  for (const Refusal& c : {
           Refusal{"angular velocity 1e200", rb + "[initial]\nangular_velocity = [1e200, 0.0, 0.0]\n", "",
                   "key 'initial.angular_velocity'"},
           Refusal{"position 1e308 (planar)", kSnakeboard + "[initial]\nposition = [1e308, 1e308]\n", "",
                   "key 'initial.position': expected coordinates within 1e9 m of the origin"},
           Refusal{"position 2e9 (SE(3))", rb + "[initial]\nposition = [0.0, 2e9, 0.0]\n", "",
                   "key 'initial.position': expected coordinates within 1e9 m of the origin"},
           Refusal{"tolerance 1e308", rb + "[integrator]\ntolerance = 1e308\n", "",
                   "key 'integrator.tolerance': expected a relative residual from 1e-16"},
           // The value echoed as it reads back: "got 0.1" beside "to 0.1" read as 0.1 refused.
           Refusal{"tolerance just above 0.1", rb + "[integrator]\ntolerance = 0.10000001\n", "", "to 0.1, got 0.10000001"},
           Refusal{"speed above diverge_speed", rb + "[initial]\nlinear_velocity = [2e4, 0.0, 0.0]\n", "",
                   "key 'initial.linear_velocity': expected speeds at most integrator.diverge_speed"},
           Refusal{"shape rate above diverge_speed", kSnakeboard + "[initial]\nshape_velocity = [1e5, 0.0]\n", "",
                   "key 'initial.shape_velocity': expected speeds at most integrator.diverge_speed"},
           Refusal{"integer beyond 2^53", rb + "mass = 9007199254740993\n", "", "vehicle.mass"},
           Refusal{"integer beyond 2^53 in an array", rb + "inertia = [1, 2, 9007199254740993]\n", "", "vehicle.inertia"},
           Refusal{"huge every", rb + "[output]\nevery = 10000000000000\n", "", "got 10000000000000"},
           // Blamed on the boat's mass ("the hull would sink") and on [initial], before.
           Refusal{"water level 1e17", kBoat + "[vehicle.water]\nlevel = 1e17\n", "", "key 'vehicle.water.level': expected a water level within 1e4 m"},
           Refusal{"obstacle of 1e300 m",
                   kBoat + "[vehicle.obstacles.wall]\ncenter = [0.0, 0.0, 0.0]\nsize = [1e300, 1e300, 1e300]\n", "",
                   "key 'vehicle.obstacles.wall.size': expected [length, width, height] (m), each between 0.001 and 1e5 m"},
       })
    checkRefused(c);
}

TEST_CASE("echoed user values are escaped and cut", "[cli][hostile]") {
  checkRefused({"newline and ESC in a value", "[vehicle]\ntype = \"a\\nb\\u001b[31mred\"\n", "", "a\\nb\\x1b[31mred"});
  checkRefused({"a 1 MB value", "[vehicle]\ntype = \"" + std::string(1 << 20, 'x') + "\"\n", "", "xxx..."});
  checkRefused({"ESC in an unknown key", "[vehicle]\ntype = \"rigid-body\"\n\"k\\u001b]0;x\" = 1\n", "", "k\\x1b]0;x"});
  checkRefused({"ESC in an option value", "[vehicle]\ntype = \"rigid-body\"\n", "--dt \"$(printf '1\\033[2J')\"", "--dt"});
}

TEST_CASE("the scenario or a hull or controls file that is not a regular file", "[cli][hostile]") {
  const std::string dir = scratch().string();
  for (const Refusal& c : {
           Refusal{"a directory as the scenario", "", "", "is a directory", dir},
           Refusal{"/dev/zero as the scenario", "", "", "not a regular file", "/dev/zero"},
           Refusal{"/dev/zero as the hull", kBoat + "[vehicle.hull]\nfile = \"/dev/zero\"\n", "", "not a regular file"},
           Refusal{"a directory as the hull", kBoat + "[vehicle.hull]\nfile = \"" + dir + "\"\n", "", "is a directory"},
           Refusal{"/dev/zero as controls", kSnakeboard + "[controls]\nfile = \"/dev/zero\"\n", "", "not a regular file"},
           Refusal{"a directory as the vehicle description",
                   "[vehicle]\ntype = \"reduced\"\ndescription = \"" + dir + "\"\n[initial]\nshape = [0.0, 0.0]\n", "",
                   "key 'vehicle.description': expected a vehicle description file (that path is a directory)"},
       })
    checkRefused(c);
  // A regular scenario above the size cap (4 MiB): refused before it is parsed.
  const fs::path big = scratch() / "big.toml";
  fs::resize_file(writeFile("big.toml", "#"), (4u << 20) + 1);
  checkRefused({"a 4 MiB scenario", "", "", "larger than", big.string()});
}

TEST_CASE("OBJ vertices nan, inf, text or a missing coordinate: refused with the line number", "[cli][hostile]") {
  for (const auto& [line, mention] : std::vector<std::pair<std::string, std::string>>{
           {"v -2.0 nan -0.22", "bad.obj:5: vertex coordinate 'nan'"},
           {"v -2.0 0.736 inf", "bad.obj:5: vertex coordinate 'inf'"},
           {"v -2.0 abc -0.22", "bad.obj:5: vertex coordinate 'abc'"},
           {"v -2.0 0.736", "bad.obj:5: expected a vertex"},
           {"v -2.0 0.736 -0.22 1.0 0.5 0.5 0.5", "bad.obj:5: expected a vertex 'v x y z' (optionally w, or r g b), got 7"}}) {
    writeFile("bad.obj", objWithLine5(line));
    checkRefused({"OBJ " + line, kBoat + "[vehicle.hull]\nfile = \"bad.obj\"\n", "", mention});
  }
  // The untouched mesh loads, and so does the vertex with a colour (the check must not refuse
  // good files).
  for (const char* good : {"v -2.000000 0.736000 -0.220000", "v -2.000000 0.736000 -0.220000 0.8 0.6 0.4"}) {
    writeFile("good.obj", objWithLine5(good));
    const fs::path file = writeFile("good.toml", kBoat + "inertia = [300.0, 1500.0, 1600.0]\n[vehicle.hull]\nfile = \"good.obj\"\n");
    const Result r = lieride("sim " + file.string() + " --duration 0.1 --out -");
    CAPTURE(good, r.err);
    CHECK(r.code == 0);
  }
}

TEST_CASE("contradictory controls and parameters are refused with one line", "[cli][hostile]") {
  writeFile("rotor.csv", "t,rotor_torque\n0,0\n1,1\n");
  writeFile("twice.csv", "t,rotor_torque,rotor_torque\n0,0,0\n1,1,1\n");
  const std::string gait = "psi = { amplitude = 1.0, frequency = 0.5, offset = 0.2 }\n";
  for (const Refusal& c : {
           Refusal{"initial psi disagreeing with prescribed psi(0)",
                   kSnakeboard + "[initial]\nshape = [0.0, 0.0]\n[controls]\n" + gait, "", "initial.shape"},
           Refusal{"a channel both constant and in the controls file",
                   kSnakeboard + "[controls]\nrotor_torque = 0.5\nfile = \"rotor.csv\"\n", "", "controls.rotor_torque"},
           Refusal{"a duplicated CSV column", kSnakeboard + "[controls]\nfile = \"twice.csv\"\n", "",
                   "'rotor_torque' appears twice"},
           Refusal{"prescribed psi together with rotor_torque", kSnakeboard + "[controls]\n" + gait + "rotor_torque = 0.5\n",
                   "", "controls.rotor_torque"},
           Refusal{"air_density = 0", kBoat + "[vehicle.wind]\nair_density = 0.0\n", "", "vehicle.wind.air_density"},
           // An initial shape velocity that a prescribed shape (or the car's kinematic steering)
           // replaces: the run started from the signal's rate (or mixed the two) without a word.
           Refusal{"snakeboard shape_velocity against the prescribed rates",
                   kSnakeboard + "[initial]\nshape = [0.2, 0.0]\nshape_velocity = [5.0, 5.0]\n[controls]\n" + gait, "",
                   "initial.shape_velocity"},
           Refusal{"car sigma_dot against steer_rate",
                   "[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [0.0, 5.0]\n[controls]\nsteer_rate = 0.5\n", "",
                   "steer_rate at t = 0 = 0.5"},
           Refusal{"a description's shape_velocity against its prescribed rate",
                   "[vehicle]\ntype = \"reduced\"\ndescription = \"" + std::string(LIERIDE_SOURCE_DIR) +
                       "/assets/vehicles/elroys-beanie.toml\"\n[initial]\nshape_velocity = [7.0]\n[controls]\n"
                       "beanie = { amplitude = 0.8, frequency = 0.5 }\n",
                   "", "initial.shape_velocity"},
           Refusal{"a description's shape_velocity against its rate channel",
                   "[vehicle]\ntype = \"reduced\"\ndescription = \"" + std::string(LIERIDE_SOURCE_DIR) +
                       "/assets/vehicles/car.toml\"\n[initial]\nshape_velocity = [0.0, 0.3]\n[controls]\nsteer_rate = 0.2\n",
                   "", "initial.shape_velocity"},
           Refusal{"costates of 1e200", "[vehicle]\ntype = \"sleigh-controlled\"\n[initial]\ncostate = [0.1, 0.2, 0.3, 1e200, 1e200]\n",
                   "", "initial.costate"},
           Refusal{"inputs in costate mode",
                   "[vehicle]\ntype = \"sleigh-controlled\"\n[initial]\ncostate = [0.1, 0.1, 0.1, 0.1, 0.1]\n[controls]\nu1 = 1.0\n",
                   "", "controls.u1"},
       })
    checkRefused(c);
  // Shape velocities that agree with the prescribed rates, or 0 (the default, "not given"):
  // accepted. psi = 0.2 + sin(pi t): psi_dot(0) = pi.
  for (const char* sv : {"[3.141592653589793, 0.0]", "[0.0, 0.0]"}) {
    const fs::path agreeing =
        writeFile("agree-rate.toml", kSnakeboard + "[initial]\nshape = [0.2, 0.0]\nshape_velocity = " + sv + "\n[controls]\n" + gait);
    const Result r = lieride("sim " + agreeing.string() + " --duration 0.1 --out -");
    CAPTURE(sv, r.err);
    CHECK(r.code == 0);
  }
  const fs::path car = writeFile("car-rate.toml", "[vehicle]\ntype = \"car\"\n[initial]\nshape_velocity = [1.0, 0.5]\n[controls]\nsteer_rate = 0.5\n");
  CHECK(lieride("sim " + car.string() + " --duration 0.1 --out -").code == 0);
  // Agreeing initial shape and prescribed shape: accepted.
  const fs::path ok = writeFile("agree.toml", kSnakeboard + "[initial]\nshape = [0.2, 0.0]\n[controls]\n" + gait);
  CHECK(lieride("sim " + ok.string() + " --duration 0.1 --out -").code == 0);
}

TEST_CASE("a controls file's bad cell names its row and column, a byte order mark is read past", "[cli][hostile]") {
  for (const auto& [cells, mention] : std::vector<std::pair<std::string, std::string>>{
           {"0,nan\n1,1\n", "rotor.csv:2: column 'rotor_torque': expected a finite decimal number, got 'nan'"},
           {"0,0\n1,inf\n", "rotor.csv:3: column 'rotor_torque': expected a finite decimal number, got 'inf'"},
           {"0,0x10\n1,1\n", "column 'rotor_torque': expected a finite decimal number, got '0x10'"},
           {"0,abc\n", "column 'rotor_torque'"},
           {"x,0\n", "rotor.csv:2: column 't': expected a finite decimal number, got 'x'"},
           {"0,0,1\n", "rotor.csv:2: expected 2 columns (t,rotor_torque), got 3"},
           {std::string("0,1\0""5\n", 6), "rotor.csv:2: column 'rotor_torque': expected a finite decimal number"}}) {
    writeFile("rotor.csv", "t,rotor_torque\n" + cells);
    checkRefused(Refusal{cells, kSnakeboard + "[controls]\nfile = \"rotor.csv\"\n", "", mention});
  }
  // A header written with a UTF-8 byte order mark (a spreadsheet's "CSV UTF-8"), and an
  // underflowing 1e-400 (the nearest double, 0): a correct run.
  writeFile("rotor.csv", "\xEF\xBB\xBFt,rotor_torque\n0,1e-400\n1,0.5\n");
  const fs::path ok = writeFile("bom.toml", kSnakeboard + "[controls]\nfile = \"rotor.csv\"\n");
  const Result r = lieride("sim " + ok.string() + " --duration 0.1 --out -");
  CAPTURE(r.err);
  CHECK(r.code == 0);
}

TEST_CASE("dt 1e300: never ok beside a non-finite value", "[cli][hostile]") {
  for (const char* integrator : {"lie-cay", "lie-cay-tln", "lie-exp", "rk4"}) {
    const fs::path file = writeFile("huge-dt.toml", kRigidBody + "[integrator]\nname = \"" + integrator + "\"\n");
    const Result r = lieride("sim " + file.string() + " --dt 1e300 --out -");
    CAPTURE(integrator, r.err);
    CHECK((r.code == 0 || r.code == 3));
    const Csv csv = parseCsv(r.out);
    REQUIRE(csv.rows.size() == 1);  // no step fits in the duration
    const std::size_t status = csv.column("status");
    bool finite = true;
    for (std::size_t i = 0; i < csv.rows[0].size(); ++i)
      if (i != status) finite = finite && std::isfinite(std::stod(csv.rows[0][i]));
    CHECK(csv.rows[0][status] == (finite ? "ok" : "diverged"));
    CHECK(r.code == (finite ? 0 : 3));
  }
}

TEST_CASE("a tolerance below round-off: Newton stops on stall, far below max_iterations", "[cli][hostile]") {
  for (const char* integrator : {"lie-exp", "lie-cay", "rk2-implicit"}) {
    const fs::path file = writeFile("stall.toml", kRigidBody + "[integrator]\nname = \"" + integrator +
                                                      "\"\ntolerance = 1e-16\nmax_iterations = 1000\n");
    const Result r = lieride("sim " + file.string() + " --dt 0.1 --duration 2 --out -");
    CAPTURE(integrator, r.err);
    CHECK((r.code == 0 || r.code == 3));
    const Csv csv = parseCsv(r.out);
    REQUIRE(!csv.rows.empty());
    double most = 0.0;
    for (std::size_t k = 0; k < csv.rows.size(); ++k) most = std::max(most, csv.value(k, "iters"));
    CHECK(most < 50.0);  // without the stall stop a failing solve runs all 1000 iterations
    if (r.code == 3) CHECK(r.err.find("did not converge") != std::string::npos);
  }
}

TEST_CASE("a vehicle description name too long for the file system says so", "[cli][hostile]") {
  checkRefused({"300-byte description name",
                "[vehicle]\ntype = \"reduced\"\ndescription = \"" + std::string(300, 'd') + ".toml\"\n", "",
                "key 'vehicle.description': expected a vehicle description file (File name too long"});
}

TEST_CASE("a dotted key of 50000 parts is refused with one line, not a stack overflow", "[cli][hostile]") {
  // toml++ recurses once per part of a dotted key; every TOML input goes through the same check.
  std::string key = "a";
  for (int i = 0; i < 50000; ++i) key += ".a";
  checkRefused({"50000-part key", "[vehicle]\ntype = \"rigid-body\"\n" + key + " = 1\n", "",
                "hostile.toml:3: malformed TOML: a dotted key of more than 256 parts"});
  checkRefused({"50000-part table header", "[" + key + "]\n", "", "hostile.toml:1: malformed TOML: a dotted key of more than 256"});
  const fs::path problem = writeFile("deep-problem.toml", key + " = 1\n");
  const Result r = lieride("optimize " + problem.string() + " --out " + (scratch() / "deep-out").string());
  CAPTURE(r.err);
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("a dotted key of more than 256 parts") != std::string::npos);
  CHECK(!fs::exists(scratch() / "deep-out"));
  // 256 parts are still TOML like any other (the key is then unknown, as any misspelt key).
  std::string fine = "a";
  for (int i = 1; i < 256; ++i) fine += ".a";
  checkRefused({"256-part key", "[vehicle]\ntype = \"rigid-body\"\n" + fine + " = 1\n", "", "unknown key"});
}

TEST_CASE("export: a motion beyond glTF's 32-bit floats (a start at 1e300 m) is refused, nothing written", "[cli][hostile]") {
  const fs::path far = writeFile("far.toml", "[vehicle]\ntype = \"rigid-body\"\n[initial]\nposition = [1e300, 0.0, 0.0]\n"
                                             "[integrator]\nduration = 0.1\n");
  const fs::path glb = scratch() / "far.glb";
  fs::remove(glb);
  const Result r = lieride("export " + far.string() + " --out " + glb.string());
  CAPTURE(r.err);
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  // Refused at load since starts are bounded to 1e9 m (the speed bound keeps a run inside glTF's
  // 3.4e38 from there); the export's own check stays for what the loader lets through.
  CHECK(r.err.find("key 'initial.position': expected coordinates within 1e9 m") != std::string::npos);
  CHECK_FALSE(fs::exists(glb));
  // A binary glTF under the JSON form's name: refused before the run.
  const fs::path gltf = scratch() / "take.gltf";
  const Result named = lieride("export " + far.string() + " --out " + gltf.string());
  CHECK(named.code == 2);
  CHECK(named.err.find("expected a .glb name") != std::string::npos);
  CHECK_FALSE(fs::exists(gltf));
  // Nor under another name or none: a viewer picks its reader by the extension.
  for (const char* name : {"take.bin", "take-without-extension"}) {
    const Result other = lieride("export " + far.string() + " --out " + (scratch() / name).string());
    CAPTURE(name, other.err);
    CHECK(other.code == 2);
    CHECK(lineCount(other.err) == 1);
    CHECK(other.err.find("expected a .glb name") != std::string::npos);
    CHECK_FALSE(fs::exists(scratch() / name));
  }
}

TEST_CASE("a take whose clock passes 1e9 s is refused, naming the event's dt", "[cli][hostile]") {
  // An event dt of 1e39 s overflowed the app's single-precision timeline (an assertion ended
  // the app); lieride sim ran it to a diverged row.
  const fs::path take = writeFile("far-clock.toml", "[vehicle]\ntype = \"helicopter\"\n[integrator]\nname = \"rk4\"\ndt = 0.01\n"
                                                    "[take]\nsteps = 2\n[[events]]\nstep = 1\ndt = 1e39\n");
  const Result r = lieride("sim " + take.string() + " --out " + (scratch() / "far-clock.csv").string());
  CAPTURE(r.err);
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("key 'events[0].dt': expected a step that keeps the take's clock within 1e9 s") != std::string::npos);
  CHECK_FALSE(fs::exists(scratch() / "far-clock.csv"));
}

TEST_CASE("bench: LIERIDE_BENCH_METHODS with an unknown or empty name is refused", "[cli][hostile]") {
  // It ran nothing and wrote an empty table, exit 0.
  for (const char* v : {"bogus", "", ",,", "rk4,bogus"}) {
    const fs::path out = scratch() / "bench-methods";
    fs::remove_all(out);
    ::setenv("LIERIDE_BENCH_METHODS", v, 1);
    const Result r = lieride("bench step-cost --quick --out " + out.string());
    ::unsetenv("LIERIDE_BENCH_METHODS");
    CAPTURE(v, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find("LIERIDE_BENCH_METHODS") != std::string::npos);
    CHECK_FALSE(fs::exists(out / "step_cost.csv"));
  }
}

TEST_CASE("a flag given a value is refused, not read as a boolean", "[cli][hostile]") {
  // CLI11 read "--quick=2" as true and "--quiet=no" as false.
  const std::string problem = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/car-tunnel.toml";
  const fs::path dir = scratch() / "flag-values";
  fs::remove_all(dir);
  for (const auto& [args, mention] : std::vector<std::pair<std::string, std::string>>{
           {"bench optimize --quick=2 --out " + (dir / "b").string(), "--quick takes no value (got '--quick=2')"},
           {"bench --list=yes", "--list takes no value"},
           {"optimize " + problem + " --quiet=no --out " + (dir / "o").string(), "--quiet takes no value"},
       }) {
    const Result r = lieride(args);
    CAPTURE(args, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(mention) != std::string::npos);
  }
  CHECK(!fs::exists(dir));
}

TEST_CASE("a wind or wave direction is a direction whatever its size", "[cli][hostile]") {
  // [1e160, 1e160] has a norm that overflows: normalised the usual way it became [0, 0], a calm
  // day beside a 9 m/s wind; [1e-200, 1e-200] has a square that underflows and was refused as zero.
  auto finalRow = [](const std::string& direction, const std::string& table) {
    const fs::path file = writeFile("wind.toml", kBoat + "[vehicle." + table + "]\n" +
                                                     (table == "wind" ? "speed = 9.0\n" : "amplitude = 0.2\nwavelength = 12.0\n") +
                                                     "direction = " + direction + "\n[integrator]\nduration = 2.0\n");
    const Result r = lieride("sim " + file.string() + " --out -");
    CAPTURE(direction, table, r.err);
    CHECK(r.code == 0);
    const Csv csv = parseCsv(r.out);
    REQUIRE(!csv.rows.empty());
    return csv.rows.back();
  };
  for (const std::string table : {"wind", "waves.swell"}) {
    const auto unit = finalRow("[1.0, 1.0]", table);
    CHECK(finalRow("[1e160, 1e160]", table) == unit);
    CHECK(finalRow("[1e-200, 1e-200]", table) == unit);
    CHECK(finalRow("[3.0, 0.0]", table) != unit);  // the direction matters here
  }
  const fs::path zero = writeFile("calm.toml", kBoat + "[vehicle.wind]\nspeed = 9.0\ndirection = [0.0, 0.0]\n");
  const Result r = lieride("sim " + zero.string() + " --out -");
  CHECK(r.code == 2);
  CHECK(r.err.find("key 'vehicle.wind.direction': expected a non-zero 2-vector [x, y] (world frame), got [0.0, 0.0]") !=
        std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("the scenario's own bad values are named with its keys: a description's shape and parameters, an empty controls file", "[cli][hostile]") {
  const std::string robot = "[vehicle]\ntype = \"reduced\"\ndescription = \"vehicles/two-wheeled-robot.toml\"\n";
  for (const Refusal& c : {
           // It blamed the description: "two-wheeled-robot.toml: key 'shape[0]': the range ... excludes ...".
           Refusal{"initial shape out of range", robot + "[initial]\nshape = [1e308, 0.0]\n", "",
                   "hostile.toml: key 'initial.shape': expected [...] with phi1 within its range"},
           Refusal{"empty controls file name", "[vehicle]\ntype = \"car\"\n[controls]\nfile = \"\"\n", "",
                   "hostile.toml: key 'controls.file': expected the name of a controls CSV"},
           // GiNaC's "floating point underflow." named no key.
           Refusal{"tiny parameter", robot + "parameters = { m = 1e-308 }\n", "",
                   "hostile.toml: key 'vehicle.parameters.m': expected a finite number, 0 or from 1e-15 to 1e15 in size"},
       })
    checkRefused(c);
}
