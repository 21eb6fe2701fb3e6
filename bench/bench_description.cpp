// `lieride bench description`: the cost of one step of the vehicles written as descriptions
// (assets/vehicles/snakeboard.toml and car.toml, `type = "reduced"`, docs/formats.md section 5)
// beside the hand-written snakeboard and car, lie-nh and rk4, all cases interleaved in one run
// (measureStepCases), with the ratio description / hand-written and the targets for the
// description snakeboard's lie-nh step: <= 2x the hand-written one and <= 1 us.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench_suite.hpp"
#include "planar_bench_util.hpp"
#include "plot.hpp"

namespace lieride::bench {
namespace {

using namespace planar;

// Scenario bodies shared by the hand-written vehicle and its description (the same as the
// agreement tests in tests/reduced/test_reduced_vehicles.cpp).
const char* const kSnakeTorques =
    "[initial]\nlinear_velocity = [0.5, 0.0]\nshape = [0.0, 0.1]\n[integrator]\ndt = 0.01\n[controls]\n"
    "rotor_torque = { amplitude = 2.0, frequency = 0.5 }\n"
    "steer_torque = { amplitude = 0.05, frequency = 0.5, phase = 1.5707963267948966 }\n";
const char* const kSnakeGait =
    "[integrator]\ndt = 0.01\n[controls]\npsi = { amplitude = 1.0, frequency = 0.5 }\n"
    "phi = { amplitude = 0.4, frequency = 0.5 }\n";
// The hand-written car takes its wheel rate from linear_velocity, the description from
// shape_velocity (3 m/s / rho).
const char* const kCar =
    "[initial]\nlinear_velocity = [3.0, 0.0]\nshape = [0.0, 0.1]\nSHAPEVEL[integrator]\ndt = 0.01\n[controls]\n"
    "drive_torque = { amplitude = 300.0, frequency = 0.3 }\nsteer_rate = { amplitude = 0.5, frequency = 0.2 }\n";

std::string replaced(std::string s, const std::string& key, const std::string& value) {
  const auto at = s.find(key);
  if (at != std::string::npos) s.replace(at, key.size(), value);
  return s;
}

std::string hand(const std::string& type, const std::string& body) { return "[vehicle]\ntype = \"" + type + "\"\n" + body; }
std::string described(const std::string& name, const std::string& body) {
  return "[vehicle]\ntype = \"reduced\"\ndescription = \"" + std::string(LIERIDE_SOURCE_DIR) + "/assets/vehicles/" +
         name + ".toml\"\n" + body;
}

struct Pair {
  std::string vehicle, inputs, integrator;
  std::string handToml, describedToml;
  bool targeted;  // the description snakeboard's lie-nh: the targets apply
};

constexpr double kMaxRatio = 2.0;     // description / hand-written, lie-nh
constexpr double kMaxDescNs = 1000.0;  // description step, lie-nh

int runDescriptionSuite(const std::string& outDirArg, std::ostream& log) {
  const std::string outDir = outDirArg.empty() ? "out/bench/description" : outDirArg;
  std::filesystem::create_directories(outDir);
  const bool quick = quickMode();
  std::ostringstream rate;
  rate.precision(17);
  rate << 3.0 / 0.33;
  const std::string carHand = hand("car", replaced(kCar, "SHAPEVEL", ""));
  const std::string carDesc = described("car", replaced(kCar, "SHAPEVEL", "shape_velocity = [" + rate.str() + ", 0.0]\n"));
  std::vector<Pair> pairs;
  for (const char* integ : {"lie-nh", "rk4"}) {
    const bool lieNh = std::string(integ) == std::string("lie-nh");
    pairs.push_back({"snakeboard", "rotor and steering torques", integ, hand("snakeboard", kSnakeTorques),
                     described("snakeboard", kSnakeTorques), lieNh});
    pairs.push_back({"snakeboard", "prescribed gait (psi, phi)", integ, hand("snakeboard", kSnakeGait),
                     described("snakeboard", kSnakeGait), lieNh});
    pairs.push_back({"car", "drive torque, steering rate", integ, carHand, carDesc, false});
  }
  std::vector<StepCase> cases;
  for (const Pair& p : pairs) {
    cases.push_back({"hand", p.handToml, p.integrator});
    cases.push_back({"description", p.describedToml, p.integrator});
  }
  double sink = 0.0;
  const auto costs = measureStepCases(cases, quick ? 20000 : 200000, quick ? 3 : 9, sink);

  auto verdict = [](bool ok) { return std::string(ok ? "met" : "**missed**"); };
  std::vector<std::vector<std::string>> rows;
  std::ofstream csv(outDir + "/description_step_cost.csv");
  csv << "vehicle,inputs,integrator,hand_cpu_ns,description_cpu_ns,cpu_ratio,hand_bare_ns,description_bare_ns,"
         "hand_sim_ns,description_sim_ns,hand_mean_iters,description_mean_iters,status\n";
  std::string headline;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Pair& p = pairs[i];
    const StepCost& h = costs[2 * i];
    const StepCost& d = costs[2 * i + 1];
    const double ratio = d.bareCpuNs / h.bareCpuNs;
    const bool ok = h.ok && d.ok;
    rows.push_back({p.vehicle, p.inputs, p.integrator, formatNumber(h.bareCpuNs), formatNumber(d.bareCpuNs),
                    formatNumber(ratio), formatNumber(h.bareNs), formatNumber(d.bareNs), formatNumber(d.simNs),
                    formatNumber(d.meanIters), p.targeted ? verdict(ratio <= kMaxRatio) : "-",
                    p.targeted ? verdict(d.bareCpuNs <= kMaxDescNs) : "-", ok ? "ok" : "failed"});
    // The inputs column holds commas ("drive torque, steering rate"): quoted (RFC 4180).
    csv << p.vehicle << ",\"" << p.inputs << "\"," << p.integrator << ',' << h.bareCpuNs << ',' << d.bareCpuNs << ','
        << ratio << ',' << h.bareNs << ',' << d.bareNs << ',' << h.simNs << ',' << d.simNs << ',' << h.meanIters << ','
        << d.meanIters << ',' << (ok ? "ok" : "failed") << '\n';
    if (p.targeted)
      headline += "- snakeboard, " + p.inputs + ": description lie-nh **" + formatNumber(d.bareCpuNs) + " ns** per step, " +
                  formatNumber(ratio) + "x the hand-written " + formatNumber(h.bareCpuNs) + " ns; <= " +
                  formatNumber(kMaxRatio) + "x: " + verdict(ratio <= kMaxRatio) + ", <= 1 us: " +
                  verdict(d.bareCpuNs <= kMaxDescNs) + ".\n";
  }

  std::ostringstream md;
  md << "# Description vehicles beside the hand-written ones\n\nGenerated by `lieride bench description`"
     << (quick ? " (LIERIDE_BENCH_QUICK)" : "")
     << ". Cost of one step (h = 0.01, best of repetitions, every case interleaved in each repetition) of the "
     << "snakeboard and the car written as descriptions (assets/vehicles/*.toml, `type = \"reduced\"`) and of the "
     << "hand-written models, same scenario, same run. `cpu`: thread CPU time of NhIntegrator::step alone (the figure the targets use: it does not "
     << "count the time the thread waits on a loaded machine); `bare`: the same loop's wall time; `sim`: Simulation::step "
     << "(wall). "
     << "The hand-written lie-nh is the explicit update of Kobilarov et al. 5.2.1 (car) and 5.2.2 (snakeboard); the "
     << "description's is the Newton form of the same discrete equations (Eqs. 16-17): shape variables decoupled from "
     << "the rest in closed form, the frames at r_a and r_k+1 from one tape sweep when the constraints do not depend on "
     << "the Newton unknowns, else the Jacobian from the symbolic derivatives (docs/nonholonomic.md). Targets (description snakeboard, lie-nh): <= " << formatNumber(kMaxRatio)
     << "x the hand-written step and <= 1 us.\n\n";
  md << headline << '\n';
  md << markdownTable({"vehicle", "inputs", "integrator", "hand-written cpu ns", "description cpu ns",
                       "description / hand-written", "hand-written bare ns", "description bare ns", "description sim ns",
                       "iterations", "<= 2x", "<= 1 us", "status"},
                      rows);
  md << "\nData: description_step_cost.csv.\n";
  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
  if (sink == 1.2345) log << "";
  return 0;
}

}  // namespace

void addDescriptionSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"description",
                    "description snakeboard and car beside the hand-written ones: step cost, lie-nh and rk4, targets",
                    runDescriptionSuite});
}

}  // namespace lieride::bench
