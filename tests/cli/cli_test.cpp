// The CLI from the outside (docs/formats.md section 1): exit codes, one-line errors, no partial
// output files, the CSV format.
#include <catch2/catch.hpp>
#include <string>


#include "cli_test_util.hpp"

using namespace cli_test;
namespace {
const std::string& kBody = kRigidBody;
auto writeScenario = writeFile;
}  // namespace

TEST_CASE("lieride sim writes the 3-D run CSV", "[cli]") {
  const fs::path scenario = writeScenario("ok.toml", kBody + "[integrator]\nname = \"lie-cay\"\ndt = 0.1\nduration = 1.0\n");
  const fs::path csv = scratch() / "ok.csv";
  const Result r = lieride("sim " + scenario.string() + " --out " + csv.string());
  REQUIRE(r.code == 0);
  const std::string text = slurp(csv);
  CHECK(text.rfind("t,x,y,z,qw,qx,qy,qz,wx,wy,wz,vx,vy,vz,energy,px,py,pz,Lx,Ly,Lz,iters,status", 0) == 0);
  CHECK(lineCount(text) == 12);  // header + t = 0 + 10 steps
  CHECK(text.find(",ok,") != std::string::npos);
  CHECK(!fs::exists(csv.string() + ".partial"));
}

TEST_CASE("lieride sim flags override the file and --out - writes to stdout", "[cli]") {
  const fs::path scenario = writeScenario("flags.toml", kBody);
  const Result r = lieride("sim " + scenario.string() + " --integrator rk4 --dt 0.25 --duration 1 --out -");
  REQUIRE(r.code == 0);
  CHECK(lineCount(r.out) == 6);
  CHECK(r.err.empty());
}

TEST_CASE("a diverging run reports status diverged and exits 3", "[cli]") {
  const fs::path scenario = writeScenario("div.toml", kBody + "[integrator]\nname = \"rk4\"\ndt = 1.0\nduration = 3000.0\n");
  const fs::path csv = scratch() / "div.csv";
  const Result r = lieride("sim " + scenario.string() + " --out " + csv.string());
  CHECK(r.code == 3);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("diverged") != std::string::npos);
  const std::string text = slurp(csv);
  CHECK(text.find(",diverged") != std::string::npos);
  CHECK(text.find(",diverged") > text.rfind(",ok,"));
}

TEST_CASE("bad input: one clear line, non-zero exit, no output file", "[cli]") {
  const fs::path csv = scratch() / "never.csv";
  struct Case {
    std::string file, text, flags, mustMention;
  };
  const Case cases[] = {
      {"unknown_key.toml", kBody + "[integrator]\nstep = 0.1\n", "", "integrator.step"},
      {"wrong_type.toml", "[vehicle]\ntype = \"rigid-body\"\nmass = \"one\"\n", "", "vehicle.mass"},
      {"negative_mass.toml", "[vehicle]\ntype = \"rigid-body\"\nmass = -1.0\n", "", "vehicle.mass"},
      {"zero_dt.toml", kBody + "[integrator]\ndt = 0.0\n", "", "integrator.dt"},
      {"flag_dt.toml", kBody, "--dt nan", "--dt"},
      {"flag_dt2.toml", kBody, "--dt -1", "--dt"},
      {"not_applicable.toml", kBody + "[integrator]\nname = \"nh-reflect\"\n", "", "integrator.name"},
      {"unknown_integrator.toml", kBody, "--integrator warp", "warp"},
      {"unknown_vehicle.toml", "[vehicle]\ntype = \"zeppelin\"\n", "", "vehicle.type"},
      {"malformed.toml", "[vehicle\n", "", "malformed TOML"},
  };
  for (const Case& c : cases) {
    const fs::path scenario = writeScenario(c.file, c.text);
    const Result r = lieride("sim " + scenario.string() + " " + c.flags + " --out " + csv.string());
    CAPTURE(c.file, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(c.mustMention) != std::string::npos);
    CHECK(!fs::exists(csv));
  }
  const Result missing = lieride("sim /no/such/scenario.toml --out " + csv.string());
  CHECK(missing.code == 2);
  CHECK(lineCount(missing.err) == 1);
  CHECK(missing.err.find("/no/such/scenario.toml") != std::string::npos);
  CHECK(lieride("frobnicate").code == 2);
}

TEST_CASE("lieride list names vehicles, integrators and scenes", "[cli]") {
  const Result r = lieride("list");
  REQUIRE(r.code == 0);
  for (const char* s : {"rigid-body", "helicopter", "lie-cay-tln", "rk4", "lie-newmark", "helicopter-hover"})
    CHECK(r.out.find(s) != std::string::npos);
  // The app's menu names beside the file names (a user who saw "helicopter free flight" in the
  // app typed helicopter-free-flight), and the problems lieride optimize solves.
  CHECK(r.out.find("  helicopter-flight  -  helicopter free flight\n") != std::string::npos);
  const std::size_t problems = r.out.find("optimal control problems (");
  REQUIRE(problems != std::string::npos);
  CHECK(r.out.find("  car-parallel-park  -  optimal parking (app)\n", problems) != std::string::npos);
  CHECK(r.out.find("  car-tunnel\n", problems) != std::string::npos);
}

TEST_CASE("the names lieride list shows open what they name", "[cli]") {
  const fs::path dir = scratch() / "list-names";
  fs::remove_all(dir);
  fs::create_directories(dir);
  // A scene by its menu name: the CSV is named after the scene's file, not "helicopter free flight.csv".
  const Result sim = lieride("sim \"helicopter free flight\" --duration 0.05 --out " + (dir / "h.csv").string());
  CHECK(sim.code == 0);
  const std::string cwd = fs::current_path().string();
  fs::current_path(dir);
  const Result named = lieride("sim \"helicopter free flight\" --duration 0.05");
  fs::current_path(cwd);
  CHECK(named.code == 0);
  CHECK(fs::exists(dir / "helicopter-flight.csv"));
  CHECK_FALSE(fs::exists(dir / "helicopter free flight.csv"));
  // A shipped problem by its stem and by the app's menu name.
  const Result byStem = lieride("optimize car-tunnel --quiet --max-iter 2 --out " + (dir / "stem").string());
  CAPTURE(byStem.err);
  CHECK(byStem.code == 4);  // found and run (2 iterations do not solve it)
  CHECK(byStem.err.find("problems/car-tunnel.toml: not solved") != std::string::npos);
  const Result byMenu = lieride("optimize \"optimal parking\" --quiet --max-iter 2 --out " + (dir / "menu").string());
  CHECK(byMenu.code == 4);
  CHECK(byMenu.err.find("problems/car-parallel-park.toml: not solved") != std::string::npos);
  // The app's optimal scenes are problems, not scenarios: sim says which command runs them.
  const Result problemScene = lieride("sim \"optimal parking\" --out " + (dir / "p.csv").string());
  CHECK(problemScene.code == 2);
  CHECK(problemScene.err.find("lieride optimize car-parallel-park") != std::string::npos);
}
