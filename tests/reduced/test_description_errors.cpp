// Descriptions and scenarios that name them, refused with one line naming the file, the key
// and the reason (docs/formats.md section 5): malformed files, prescribed channels that
// disagree with the initial shape, and the same through `lieride sim`.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "lieride/model/reduced_model.hpp"
#include "reduced_test_util.hpp"

using namespace lieride;
using namespace lieride::reduced_test;

TEST_CASE("a prescribed shape channel: the initial shape must agree and no force may act on it", "[reduced]") {
  // As the built-in snakeboard: the initial shape was replaced by the signal's value without
  // a word (phi1 = 1 given, 0.3 run), and a torque on the prescribed wheel never acted.
  const auto message = [](const std::string& body) {
    try {
      load(described("two-wheeled-robot", body));
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string run = "[integrator]\nname = \"lie-nh\"\ndt = 0.01\n";
  CHECK(message("[initial]\nshape = [1.0, 0.0]\n" + run + "[controls]\nwheel_1 = 0.3\n")
            .find("key 'initial.shape': expected shape[0] (phi1) = the prescribed wheel_1(0) = 0.3") != std::string::npos);
  CHECK(message("[initial]\nshape = [0.3, 0.0]\n" + run + "[controls]\nwheel_1 = 0.3\n").empty());
  CHECK(message(run + "[controls]\nwheel_1 = 0.3\n").empty());  // no initial shape: the signal's
  CHECK(message(run + "[controls]\nwheel_1 = 0.3\ntorque_1 = 0.2\n")
            .find("key 'controls.torque_1': expected no force on 'phi1' when controls.wheel_1 prescribes it") != std::string::npos);
  CHECK(message(run + "[controls]\nwheel_1 = 0.3\ntorque_2 = 0.2\n").empty());  // the other wheel is free
  // A description's message caused by the scenario's parameters says so.
  CHECK(message("[vehicle.parameters]\nm = -2.0\n" + run).find("(with the scenario's vehicle.parameters m = -2)") != std::string::npos);
  // A channel named t or file could never be given ([controls] file, the CSV's time column).
  for (const char* reserved : {"t", "file"}) {
    std::string text = slurpFile(kVehicles + "two-wheeled-robot.toml");
    text.replace(text.find("name = \"wheel_2\""), 16, std::string("name = \"") + reserved + "\"");
    INFO(reserved);
    CHECK_THROWS_WITH(parseReducedDescription(text, "robot.toml", {}, {}, "x"),
                      Catch::Matchers::Contains("expected a name other than 't' and 'file'"));
  }
}

TEST_CASE("malformed descriptions are rejected with one line naming file, key and reason", "[reduced]") {
  const std::string good = R"(name = "probe"
[parameters]
m = 2.0
[[shape]]
name = "a"
min = -1.0
max = 1.0
[kinetic]
matrix = [["m", 0, 0, 0], [0, "m", 0, 0], [0, 0, "m", 0], [0, 0, 0, "1 + a^2"]]
[constraints]
rows = [[0, 0, 1, "a"]]
)";
  REQUIRE_NOTHROW(parseReducedDescription(good, "probe.toml", {}, {}, "x"));
  // Powers a description needs: small numbers, fractions, symbols, a power of a bracket.
  for (const char* fine : {"\"(1 + a^2)^(1/2)\"", "\"1 + (2 + a)^-3\"", "\"(1 + a)^m\"", "\"1 + (a^2)^3\"", "\"2^6\"", "\"1 + (1 + a)^ 2.5\"", "\"1 + (1 + a^2)^(1/100)\""}) {
    std::string text = good;
    text.replace(text.find("\"1 + a^2\""), 9, fine);
    INFO(fine);
    CHECK_NOTHROW(parseReducedDescription(text, "probe.toml", {}, {}, "x"));
  }
  {
    std::string withUnit = good;
    withUnit.replace(withUnit.find("max = 1.0"), 9, "max = 1.0\nunit = \"rad\"");
    CHECK(parseReducedDescription(withUnit, "probe.toml", {}, {}, "x")->shape.at(0).unit == "rad");
    CHECK(parseReducedDescription(good, "probe.toml", {}, {}, "x")->shape.at(0).unit.empty());
  }
  struct Case {
    std::string from, to, key, reason;
  };
  const Case cases[] = {
      {"\"1 + a^2\"", "\"1 + b^2\"", "kinetic.matrix[3][3]", "unknown symbol 'b' (known here: a, m, pi)"},
      // GiNaC's parse error without its fixed "line 0, column 0" and its C++ signature.
      {"\"1 + a^2\"", "\"1 + a^^2\"", "kinetic.matrix[3][3]", "\"1 + a^^2\": unexpected token, got: \"^\""},
      // A force on a shape variable whose rate a rate channel prescribes would never act.
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, \"a\"]]\n[[inputs]]\nname = \"push\"\nkind = \"force\"\nshape = \"a\"\n"
       "[[inputs]]\nname = \"turn\"\nkind = \"rate\"\nshape = \"a\"",
       "inputs[0].shape", "'a' has the rate channel 'turn'"},
      {"matrix = [[\"m\"", "matrix = [[\"a^2\"", "kinetic.matrix", "singular"},
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1]]", "constraints.rows[0]", "expected 4"},
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0]]", "constraints.rows",
       "more constraints"},
      {"min = -1.0", "min = 0.5", "shape[0]", "excludes the initial shape"},
      {"max = 1.0", "max = 1.0\nunit = 1", "shape[0].unit", "expected a string"},
      // Found by the fuzzer: GiNaC's parser crashes on a call with no arguments.
      {"\"1 + a^2\"", "\"1 + cos()\"", "kinetic.matrix[3][3]", "empty parentheses"},
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, \"sin( )*a\"]]", "constraints.rows[0][3]", "empty parentheses"},
      // GiNaC evaluates exact integer powers at once: 9^(9^9) ran for minutes, memory growing.
      {"\"1 + a^2\"", "\"1 + 0*9^(9^9)\"", "kinetic.matrix[3][3]", "a power of a power"},
      // pi is the constant: a parameter of that name would be silently ignored.
      {"m = 2.0", "m = 2.0\npi = 3.0", "parameters.pi", "a name other than pi"},
      {"\"1 + a^2\"", "\"1 + a^2^2\"", "kinetic.matrix[3][3]", "a power of a power"},
      {"\"1 + a^2\"", "\"1 + 9^999999999\"", "kinetic.matrix[3][3]", "an exponent of 999999999 (at most 64 in size)"},
      {"\"1 + a^2\"", "\"1 + a^( -65 )\"", "kinetic.matrix[3][3]", "an exponent of -65"},
      {"\"1 + a^2\"", "\"1 + 0*9^(999*99999999)\"", "kinetic.matrix[3][3]", "write a number or a fraction of two"},
      {"\"1 + a^2\"", "\"1 + 0*9^(100/3)\"", "kinetic.matrix[3][3]", "an exponent of 100/3 (at most 64"},
      // A number in exponent notation is a number: "2^1e300" was read as 1 without a word.
      {"\"1 + a^2\"", "\"1 + 2^1e300\"", "kinetic.matrix[3][3]", "an exponent of 1e300 (at most 64 in size)"},
      {"\"1 + a^2\"", "\"1 + 2^(1E+19)*5\"", "kinetic.matrix[3][3]", "an exponent of 1E+19 (at most 64 in size)"},
      {"\"1 + a^2\"", "\"1 + 2^inf\"", "kinetic.matrix[3][3]", "an exponent of inf (at most 64 in size)"},
      // GiNaC's own floating point: exp(1e100) evaluated to 1, sin(1e300) to 0, without a word.
      {"\"1 + a^2\"", "\"1 + a^2*exp(1e100)\"", "kinetic.matrix[3][3]", "the number 1e100 (at most 1e15 in size"},
      {"\"1 + a^2\"", "\"1 + a^2*sin(2e15)\"", "kinetic.matrix[3][3]", "the number 2e15 (at most 1e15 in size"},
      {"m = 2.0", "m = 1e100", "parameters.m", "0 or from 1e-15 to 1e15 in size"},
      // GiNaC failed on the tiniest with "floating point underflow." and no key.
      {"m = 2.0", "m = 1e-308", "parameters.m", "0 or from 1e-15 to 1e15 in size"},
      // sqrt(-1) evaluates to I at once: named where it was written, not when the kernel compiles.
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, \"sqrt(-1)*a\"]]", "constraints.rows[0][3]", "is not real"},
      // A part turned the other way names a shape variable too.
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, \"a\"]]\n[[parts]]\nkind = \"box\"\nsize = [1, 1, 1]\nturn = \"-b\"",
       "parts[0].turn", "unknown shape variable 'b'"},
      // A shape variable names run CSV columns (itself and NAME_dot): none may repeat another.
      {"name = \"a\"", "name = \"energy\"", "shape[0].name", "'energy' is a column of the run CSV"},
      {"name = \"a\"", "name = \"x\"", "shape[0].name", "'x' is a column of the run CSV"},
      {"name = \"a\"", "name = \"b_dot\"", "shape[0].name", "ends in _dot"},
      // Non-finite numbers are named with their key (GiNaC said "floating point NaN occurred.").
      {"min = -1.0", "min = nan", "shape[0].min", "expected a finite number, got nan"},
      {"max = 1.0", "max = inf", "shape[0].max", "expected a finite number, got inf"},
      {"matrix = [[\"m\"", "matrix = [[nan", "kinetic.matrix[0][0]", "expected a finite number"},
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, -inf]]", "constraints.rows[0][3]", "expected a finite number"},
      // A row of zeros was refused as needing "a reduced state of 9 numbers".
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 0, 0]]", "constraints.rows[0]", "group part (omega, vx, vy) is zero"},
      {"rows = [[0, 0, 1, \"a\"]]", "rows = [[0, 0, 1, \"a\"], [0, \"0*a\", 0, 1]]", "constraints.rows[1]", "constrains no motion"},
      // Not a description at all: said before anything else.
      {"name = \"probe\"", "name = \"probe\"\n[vehicle]\ntype = \"car\"", "vehicle", "unknown key for a vehicle description"},
  };
  for (const Case& c : cases) {
    std::string text = good;
    text.replace(text.find(c.from), c.from.size(), c.to);
    INFO(text);
    try {
      parseReducedDescription(text, "probe.toml", {}, {}, "x");
      FAIL("accepted");
    } catch (const ScenarioError& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(msg.rfind("probe.toml: key '" + c.key, 0) == 0);
      CHECK(msg.find(c.reason) != std::string::npos);
      CHECK(msg.find('\n') == std::string::npos);
      CHECK(msg.find("GiNaC") == std::string::npos);
    }
  }
}

TEST_CASE("lieride sim exits 2 on a malformed description, with no output", "[reduced][cli]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("lieride-reduced-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ifstream in(kVehicles + "snakeboard.toml");
  std::stringstream text;
  text << in.rdbuf();
  std::string bad = text.str();
  bad.replace(bad.find("\"-l*cos(phi)\""), 13, "\"-l*cos(chi)\"");
  std::ofstream(dir / "bad.toml") << bad;
  std::ofstream(dir / "scene.toml") << "[vehicle]\ntype = \"reduced\"\ndescription = \"bad.toml\"\n";
  const fs::path csv = dir / "never.csv";
  const std::string cmd = std::string(LIERIDE_BINARY_DIR) + "/lieride sim " + (dir / "scene.toml").string() + " --out " +
                          csv.string() + " 2>" + (dir / "err").string();
  const int status = std::system(cmd.c_str());
  std::ifstream errIn(dir / "err");
  std::string line, extra;
  std::getline(errIn, line);
  CHECK(!std::getline(errIn, extra));
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(line.find("bad.toml: key 'constraints.rows[1][0]'") != std::string::npos);  // the back wheels' row
  CHECK(line.find("chi") != std::string::npos);
  CHECK(!fs::exists(csv));
  fs::remove_all(dir);
}

TEST_CASE("a scenario's description: looked up in the assets folder last, and a file that is none is named", "[reduced][cli]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("lieride-reduced-lookup-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto run = [&](const std::string& description, const std::string& initial) {
    std::ofstream(dir / "scene.toml") << "[vehicle]\ntype = \"reduced\"\ndescription = \"" << description << "\"\n" << initial
                                      << "[integrator]\nduration = 0.1\n";
    const std::string cmd = "LIERIDE_ASSETS=" + std::string(LIERIDE_SOURCE_DIR) + "/assets " + std::string(LIERIDE_BINARY_DIR) +
                            "/lieride sim " + (dir / "scene.toml").string() + " --out " + (dir / "run.csv").string() + " 2>" +
                            (dir / "err").string();
    const int status = std::system(cmd.c_str());
    std::ifstream err(dir / "err");
    std::string line;
    std::getline(err, line);
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, line);
  };
  // A scenario saved outside the source tree names a shipped description as the scenes do.
  for (const char* d : {"assets/vehicles/snakeboard.toml", "vehicles/snakeboard.toml"}) {
    const auto [code, line] = run(d, "");
    INFO(d << ": " << line);
    CHECK(code == 0);
  }
  // A scene given as the description: its own key is named, not the scenario's initial shape.
  const auto [code, line] = run(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/two-wheeled-robot.toml",
                                "[initial]\nshape = [0.0, 0.0]\n");
  INFO(line);
  CHECK(code == 2);
  CHECK(line.find("scenes/two-wheeled-robot.toml: key '") != std::string::npos);  // its first table
  CHECK(line.find("': unknown key for a vehicle description") != std::string::npos);
  fs::remove_all(dir);
}

