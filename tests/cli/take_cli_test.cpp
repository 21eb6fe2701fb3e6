// `lieride sim` on a take (docs/formats.md, "Takes"): the example take replays to the same CSV
// bytes and the same `state-hash` line every time, and --integrator re-simulates it with
// another integrator (a different final state).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct Run {
  int code;
  std::string out, err;
};

std::string slurpFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Run lierideTake(const std::string& args) {
  const fs::path dir = fs::temp_directory_path() / ("lieride-take-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cmd = std::string(LIERIDE_BINARY_DIR) + "/lieride " + args + " >" + (dir / "stdout").string() +
                          " 2>" + (dir / "stderr").string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurpFile(dir / "stdout"), slurpFile(dir / "stderr")};
}

const std::string kTake = std::string(LIERIDE_SOURCE_DIR) + "/assets/takes/helicopter-flight-take.toml";

}  // namespace

TEST_CASE("lieride sim replays a take bit for bit and prints its state hash", "[cli][take]") {
  const Run a = lierideTake("sim " + kTake + " --out -");
  const Run b = lierideTake("sim " + kTake + " --out -");
  REQUIRE(a.code == 0);
  REQUIRE(b.code == 0);
  CHECK(a.out == b.out);
  REQUIRE(a.err.rfind("state-hash ", 0) == 0);
  CHECK(a.err.size() == std::string("state-hash ").size() + 16 + 1);
  CHECK(a.err == b.err);
  // every = 4 over 4000 steps: header + t = 0 + 1000 rows; the last row at t = 17.5 s.
  CHECK(std::count(a.out.begin(), a.out.end(), '\n') == 1002);
  CHECK(a.out.find("\n17.5,") != std::string::npos);

  const Run rk4 = lierideTake("sim " + kTake + " --integrator rk4 --out -");
  REQUIRE(rk4.code == 0);
  CHECK(rk4.err.rfind("state-hash ", 0) == 0);
  CHECK(rk4.err != a.err);
  // --integrator holds throughout: the take's own switch to rk4 (steps 1500-2500) is dropped.
  const Run same = lierideTake("sim " + kTake + " --integrator lie-cay-tln --out -");
  REQUIRE(same.code == 0);
  CHECK(same.err != a.err);
  CHECK(same.out != a.out);
}

TEST_CASE("lieride sim --dt on a take re-cuts it in time: the same 17.5 s, refused where no step or too many fit", "[cli][take]") {
  // The shipped take: 17.5 s of take clock at h = 0.005 (with a stretch at 0.0025), every = 4.
  const Run coarse = lierideTake("sim " + kTake + " --dt 0.02 --out -");
  REQUIRE(coarse.code == 0);
  CHECK(coarse.out.find("\n17.44,") != std::string::npos);  // step 872, the last row of every = 4 ...
  CHECK(coarse.out.find("\n17.52,") == std::string::npos);  // ... of 875 steps: none past the take's end
  CHECK(std::count(coarse.out.begin(), coarse.out.end(), '\n') == 2 + 875 / 4);  // 875 steps of 0.02 s
  for (const char* dt : {"20", "1e300", "1e-300"}) {
    const Run bad = lierideTake("sim " + kTake + " --dt " + dt + " --out -");
    INFO(dt << ": " << bad.err);
    CHECK(bad.code == 2);
    CHECK(bad.out.empty());
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
    CHECK(bad.err.find("--dt") != std::string::npos);
  }
}

TEST_CASE("lieride sim --hash prints the hash of a plain run, a take refuses --duration", "[cli][take]") {
  const Run plain = lierideTake("sim helicopter-hover --duration 1 --hash --out -");
  REQUIRE(plain.code == 0);
  CHECK(plain.err.rfind("state-hash ", 0) == 0);
  const Run bad = lierideTake("sim " + kTake + " --duration 3 --out -");
  CHECK(bad.code == 2);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("--duration") != std::string::npos);
}

TEST_CASE("lieride sim on a take that diverges exits 3 with the integrator named, not a crash", "[cli][take]") {
  // Euler at h = 0.5 s under a 5000 N collective leaves the speed limit within a few steps.
  const fs::path dir = fs::temp_directory_path() / ("lieride-take-diverge-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "diverging.toml") << "[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 3.0]\n"
                                           "[integrator]\nname = \"euler\"\ndt = 0.5\n[controls]\ncollective = 5000.0\n"
                                           "[take]\nsteps = 100\n";
  const Run r = lierideTake("sim " + (dir / "diverging.toml").string() + " --out -");
  CHECK(r.code == 3);
  CHECK(r.err.find("state-hash ") == 0);
  CHECK(r.err.find(": euler: diverged at t = ") != std::string::npos);
  CHECK(r.out.find(",diverged,") != std::string::npos);
}

TEST_CASE("lieride export writes a .glb of a take, bad input exits 2 and writes nothing", "[cli][take]") {
  const fs::path dir = fs::temp_directory_path() / ("lieride-take-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path glb = dir / "take.glb";
  const Run ok = lierideTake("export " + kTake + " --out " + glb.string() + " --fps 30");
  REQUIRE(ok.code == 0);
  const std::string bytes = slurpFile(glb);
  REQUIRE(bytes.size() > 20);
  CHECK(bytes.substr(0, 4) == "glTF");  // the glTF binary magic
  CHECK(bytes[4] == 2);                 // version 2
  // The summary says how long the take is (17.5 s on its clock), not only how long it took.
  CHECK(ok.out.find("4000 steps, 17.5 s of take clock") != std::string::npos);

  const fs::path none = dir / "none.glb";
  const Run badFps = lierideTake("export " + kTake + " --out " + none.string() + " --fps 0");
  CHECK(badFps.code == 2);
  const Run badFile = lierideTake("export " + (dir / "missing.toml").string() + " --out " + none.string());
  CHECK(badFile.code == 2);
  CHECK(badFile.err.find("missing.toml") != std::string::npos);
  CHECK(!fs::exists(none));
}

TEST_CASE("lieride export writes a take's scenery as static nodes, and leaves out one that does not load", "[cli][take]") {
  // A take of the optimal parking: its two parked cars and the kerb beside the car, named
  // after the problem's obstacles; the run and the car's keys are the same with or without.
  const fs::path dir = fs::temp_directory_path() / ("lieride-take-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string car = "[vehicle]\ntype = \"car\"\n[initial]\nposition = [8.0, 3.6]\n[integrator]\nname = \"lie-nh\"\ndt = 0.1\n"
                          "[take]\nsteps = 3\n";
  std::ofstream(dir / "world.toml") << car << "scenery = \"" << LIERIDE_SOURCE_DIR << "/assets/problems/car-parallel-park.toml\"\n";
  std::ofstream(dir / "missing.toml") << car << "scenery = \"no-such-problem.toml\"\n";
  std::ofstream(dir / "bare.toml") << car;
  std::string json[3];
  const char* names[3] = {"world", "missing", "bare"};
  for (int i = 0; i < 3; ++i) {
    const fs::path glb = dir / (std::string(names[i]) + ".glb");
    const Run r = lierideTake("export " + (dir / (std::string(names[i]) + ".toml")).string() + " --out " + glb.string());
    CAPTURE(names[i], r.err);
    REQUIRE(r.code == 0);
    const std::string bytes = slurpFile(glb);
    REQUIRE(bytes.size() > 20);
    const auto length = static_cast<std::size_t>(static_cast<unsigned char>(bytes[12])) |
                        static_cast<std::size_t>(static_cast<unsigned char>(bytes[13])) << 8;
    json[i] = bytes.substr(20, length);
    if (i == 1) {
      CHECK(r.err.find("the take's scenery is not written") != std::string::npos);
      CHECK(r.err.find('\n') == r.err.size() - 1);  // one line
    }
  }
  for (const char* node : {"\"scenery_rear_parked_car\"", "\"scenery_front_parked_car\"", "\"scenery_kerb\""}) {
    CHECK(json[0].find(node) != std::string::npos);
    CHECK(json[1].find(node) == std::string::npos);
  }
  CHECK(json[0].find("\"translation\":[-2.25,1.1,0.7") != std::string::npos);  // rear parked car: centre, half its 1.4 m
  CHECK(json[1].find("scenery_") == std::string::npos);  // a scenery that does not load: none, as the bare take
  // Another vehicle kind's problem (the canyon's walls round the car): left out, said in one line.
  std::ofstream(dir / "other.toml") << car << "scenery = \"" << LIERIDE_SOURCE_DIR << "/assets/problems/helicopter-canyon.toml\"\n";
  const Run other = lierideTake("export " + (dir / "other.toml").string() + " --out " + (dir / "other.glb").string());
  CHECK(other.code == 0);
  CHECK(other.err.find("a problem for the helicopter, the take's vehicle is the car") != std::string::npos);
  CHECK(slurpFile(dir / "other.glb").find("scenery_") == std::string::npos);
  CHECK(json[2].find("scenery_") == std::string::npos);
}

TEST_CASE("a take's step-input file may start with a UTF-8 byte order mark, as a control file may", "[cli][take]") {
  const fs::path dir = fs::temp_directory_path() / ("lieride-take-bom-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path src = fs::path(kTake).parent_path();
  fs::copy_file(kTake, dir / "take.toml", fs::copy_options::overwrite_existing);
  std::ofstream(dir / "helicopter-flight-inputs.csv", std::ios::binary)
      << "\xEF\xBB\xBF" << slurpFile(src / "helicopter-flight-inputs.csv");
  const Run plain = lierideTake("sim " + kTake + " --out -");
  const Run bom = lierideTake("sim " + (dir / "take.toml").string() + " --out -");
  INFO(bom.err);
  REQUIRE(bom.code == 0);
  CHECK(bom.out == plain.out);
  CHECK(bom.err == plain.err);  // the same state hash
  fs::remove_all(dir);
}
