// `lieride optimize --guess CSV` (docs/formats.md section 1: "starts from a controls CSV (as
// written in controls.csv) simulated with the vehicle's integrator"), every DMOC vehicle: the
// guess read from the controls CSV of a plan is that plan's controls rolled out by the
// integrator. Checked without a solve: the shipped problem's default guess is written as
// controls.csv, read back as a guess, and then (1) the simulator replaying the guess's controls
// reproduces the guess's positions (DmocSession::replayError, the same check as a solution's
// replay), and (2) writing the guess's controls again gives the same file byte for byte.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "lieride/optimize/dmoc.hpp"

using namespace lieride;
using namespace lieride::opt;

TEST_CASE("optimize --guess: a controls CSV read back is its controls simulated by the integrator, every vehicle",
          "[optimize][guess]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("lieride-guess-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const char* name : {"car-tunnel", "snakeboard-reorient", "sleigh-u-turn-dmoc", "helicopter-canyon",
                           "boat-docking"})
    for (const bool freeTime : {false, true}) {  // with free time the step is one more variable
      if (freeTime && std::string(name).rfind("sleigh", 0) == 0) continue;  // fixed horizon
      INFO(name << (freeTime ? ", free time" : ""));
      Problem p = loadProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/" + name + ".toml");
      if (freeTime) p.freeTime = std::make_pair(0.5 * p.horizon, 2.0 * p.horizon);
      const DmocSession s(p);
      std::vector<double> plan;
      s.nlp().initialGuess(plan);
      std::ostringstream written;
      s.writeControlsCsv(plan, written);
      const std::filesystem::path csv = dir / (std::string(name) + "-controls.csv");
      std::ofstream(csv, std::ios::binary) << written.str();

      const std::vector<double> guess = s.guessFromControls(csv.string());
      REQUIRE(guess.size() == plan.size());
      CHECK(s.replayError(guess) <= 1e-8);
      std::ostringstream again;
      s.writeControlsCsv(guess, again);
      CHECK(again.str() == written.str());
    }
  std::filesystem::remove_all(dir);
}
