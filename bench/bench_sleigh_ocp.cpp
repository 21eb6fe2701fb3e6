// `lieride bench sleigh-ocp`: Anahory Simoes et al. Figs. 3-6 (docs/retraction.md). The paper's
// run of the sleigh OCP's PMP system, (1, 1, pi, 0.05, 0.05, 0, 1, 0, 0, 0), T = 20, h = 0.005
// (4000 steps) with every method: phi_d (Eq. (9)) and H per step, CPU time, a convergence
// table against a fine reference, and the cold solve time of the BVP solver.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench_suite.hpp"
#include "lieride/ocp/problem_file.hpp"
#include "lieride/ocp/schemes.hpp"
#include "lieride/ocp/sleigh_ocp.hpp"
#include "plot.hpp"

namespace lieride::bench {
namespace {

using namespace lieride::ocp;

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct MethodRun {
  OcpMethod method;
  std::vector<double> phi, dH;  // per step k = 1..n
  double maxPhi = 0.0, maxDH = 0.0, cpu = 0.0;
  OcpStepReport newton;
};

// |y| per step, plotted as its maximum over windows of kWindow steps (the CSV has every step).
constexpr std::size_t kWindow = 10;
Series seriesOf(const MethodRun& r, const std::vector<double>& y, bool dashed) {
  Series s{methodName(r.method), {}, {}, dashed};
  for (std::size_t k = 0; k < y.size(); k += kWindow) {
    double worst = 0.0;
    for (std::size_t j = k; j < std::min(y.size(), k + kWindow); ++j) worst = std::max(worst, std::abs(y[j]));
    s.x.push_back(static_cast<double>(std::min(y.size(), k + kWindow)));
    s.y.push_back(worst);
  }
  return s;
}

int runSleighOcpSuite(const std::string& outDirArg, std::ostream& log) {
  const double suiteCpu0 = cpuSeconds();
  const auto suiteWall0 = std::chrono::steady_clock::now();
  const std::string outDir = outDirArg.empty() ? "out/bench/sleigh-ocp" : outDirArg;
  std::filesystem::create_directories(outDir);
  const SleighPmp sys;
  const PVec xi0 = paperInitialState();
  const double h = 0.005, H0 = sys.hamiltonian(xi0);
  const long n = 4000;

  std::vector<MethodRun> runs;
  std::ofstream csv(outDir + "/sleigh_ocp_steps.csv");
  csv.precision(17);
  csv << "method,k,t,phi_d,H,H_minus_H0\n";
  const double cpuStart = cpuSeconds();
  for (OcpMethod m : allOcpMethods()) {
    MethodRun r{m, {}, {}, 0.0, 0.0, 0.0, {}};
    const double c0 = cpuSeconds();
    const auto xs = integrate(sys, m, h, n, xi0, &r.newton);
    r.cpu = cpuSeconds() - c0;
    for (std::size_t k = 1; k < xs.size(); ++k) {
      const double phi = discreteConstraint(xs[k - 1], xs[k]), H = sys.hamiltonian(xs[k]);
      r.phi.push_back(phi);
      r.dH.push_back(H - H0);
      r.maxPhi = std::max(r.maxPhi, std::abs(phi));
      r.maxDH = std::max(r.maxDH, std::abs(H - H0));
      csv << methodName(m) << ',' << k << ',' << static_cast<double>(k) * h << ',' << phi << ',' << H << ',' << H - H0
          << '\n';
    }
    runs.push_back(std::move(r));
  }
  const double integrateCpu = cpuSeconds() - cpuStart;
  auto run = [&](OcpMethod m) -> const MethodRun& {
    return *std::find_if(runs.begin(), runs.end(), [&](const MethodRun& r) { return r.method == m; });
  };
  using M = OcpMethod;
  std::vector<PlotJob> plots;
  auto phiPlot = [&](const std::string& file, const std::string& title, const std::vector<M>& ms) {
    std::vector<Series> s;
    for (M m : ms) s.push_back(seriesOf(run(m), run(m).phi, m == M::Rk2 || m == M::Rk4));
    plots.push_back({outDir + "/" + file, {title, "iteration k", "|phi_d| (max over 10 steps)", false, true}, s});
  };
  auto hPlot = [&](const std::string& file, const std::string& title, const std::vector<M>& ms) {
    std::vector<Series> s;
    for (M m : ms) s.push_back(seriesOf(run(m), run(m).dH, m == M::Rk2 || m == M::Rk4));
    plots.push_back({outDir + "/" + file, {title, "iteration k", "|H - H0| (max over 10 steps)", false, true}, s});
  };
  phiPlot("fig3_phi_rk_vs_midpoint.png", "Fig. 3: phi_d, RK2 and RK4 vs retraction midpoint",
          {M::Rk2, M::Rk4, M::RetractionMidpoint});
  phiPlot("fig4_phi_midpoint_vs_verlet.png", "Fig. 4: phi_d, retraction midpoint vs Stormer-Verlet (both orders)",
          {M::RetractionMidpoint, M::StormerVerlet, M::StormerVerletPosition});
  hPlot("fig5_H_rk4_vs_midpoint.png", "Fig. 5: H, RK4 vs retraction midpoint", {M::Rk4, M::RetractionMidpoint});
  hPlot("fig6_H_rk4_vs_symplectic4.png", "Fig. 6: H, RK4 vs 4th-order symplectic",
        {M::Rk4, M::GaussLegendre2, M::TripleJump});

  std::vector<std::vector<std::string>> rows;
  for (const auto& r : runs)
    rows.push_back({methodName(r.method), std::to_string(methodOrder(r.method)),
                    methodIsSymplectic(r.method) ? "yes" : "no", formatNumber(r.maxPhi), formatNumber(r.maxDH),
                    formatNumber(r.cpu * 1e3), std::to_string(r.newton.iterations), formatNumber(r.newton.residual)});

  // Convergence: end state at T_c against RK4 at h / 64 from the paper's initial state.
  const double Tc = 5.0;
  const std::vector<double> hs = {0.04, 0.02, 0.01, 0.005};
  const PVec ref = integrate(sys, M::Rk4, hs.back() / 64, std::lround(Tc / (hs.back() / 64)), xi0).back();
  std::vector<std::vector<std::string>> conv;
  std::ofstream ccsv(outDir + "/sleigh_ocp_convergence.csv");
  ccsv.precision(17);
  ccsv << "method,h,error\n";
  std::vector<Series> convSeries;
  for (M m : allOcpMethods()) {
    std::vector<std::string> row = {methodName(m)};
    Series s{methodName(m), {}, {}, !methodIsSymplectic(m)};
    double prev = NAN, order = NAN;
    for (double hc : hs) {
      const double e = (integrate(sys, m, hc, std::lround(Tc / hc), xi0).back() - ref).cwiseAbs().maxCoeff();
      row.push_back(formatNumber(e));
      ccsv << methodName(m) << ',' << hc << ',' << e << '\n';
      s.x.push_back(hc);
      s.y.push_back(e);
      if (std::isfinite(prev)) order = std::log2(prev / e);
      prev = e;
    }
    row.push_back(formatNumber(order));
    conv.push_back(row);
    convSeries.push_back(s);
  }
  plots.push_back(
      {outDir + "/convergence.png", {"Convergence at T = 5 (max-norm error of xi)", "h", "error", true, true}, convSeries});

  // The BVP solver, cold: the first solve of the shipped parallel-shift problem in this process.
  const OcpProblemFile pf =
      loadOcpProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-parallel-shift.toml");
  const double bc0 = cpuSeconds();
  const auto bw0 = std::chrono::steady_clock::now();
  const SleighBvpResult bvp = solveSleighBvp(pf.problem);
  const double bvpCpu = cpuSeconds() - bc0;
  const double bvpWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - bw0).count();

  writeLinePlots(plots);  // one matplotlib process for the five figures
  const double suiteCpu = cpuSeconds() - suiteCpu0;
  const double suiteWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - suiteWall0).count();
  std::ostringstream md;
  md << "# Sleigh OCP: Anahory Simoes et al. Figs. 3-6\n\nGenerated by `lieride bench sleigh-ocp`. PMP system of the "
        "controlled sleigh (a = 0, m = J = 1), xi0 = (1, 1, pi, 0.05, 0.05, 0, 1, 0, 0, 0), h = 0.005, "
     << n << " steps (T = 20). phi_d is Eq. (9) per step; H0 = " << formatNumber(H0, 6)
     << ". CPU time of the integration only; Newton: total iterations and the largest final residual.\n\n"
     << markdownTable({"method", "order", "symplectic", "max \\|phi_d\\|", "max \\|H - H0\\|", "CPU ms", "Newton its",
                       "max residual"},
                      rows)
     << "\nAll methods: " << formatNumber(integrateCpu * 1e3) << " ms CPU.\n\n"
     << "## Convergence\n\nMax-norm error of xi(T = " << Tc << ") against RK4 at h = " << formatNumber(hs.back() / 64)
     << "; observed order = log2(e(2h) / e(h)) of the last halving.\n\n"
     << markdownTable({"method", "h = 0.04", "h = 0.02", "h = 0.01", "h = 0.005", "observed order"}, conv)
     << "\n## BVP solver (cold)\n\nassets/problems/sleigh-parallel-shift.toml (T = " << pf.problem.horizon << ", "
     << pf.problem.segments << " segments x " << pf.problem.stepsPerSegment << " steps): "
     << (bvp.solved ? "solved" : "NOT solved") << " in " << bvp.iterations << " Newton iterations, "
     << formatNumber(bvpCpu * 1e3) << " ms CPU (" << formatNumber(bvpWall * 1e3) << " ms wall), cost "
     << formatNumber(bvp.cost, 10) << ", violation " << formatNumber(bvp.violation) << ".\n"
     << "\nWhole suite: " << formatNumber(suiteCpu * 1e3) << " ms CPU in this process (integration, convergence, BVP, "
     << "CSV), " << formatNumber(suiteWall) << " s wall including the matplotlib process that draws the PNGs.\n"
     << "\nData: sleigh_ocp_steps.csv, sleigh_ocp_convergence.csv; plots: fig3_phi_rk_vs_midpoint.png, "
        "fig4_phi_midpoint_vs_verlet.png, fig5_H_rk4_vs_midpoint.png, fig6_H_rk4_vs_symplectic4.png, "
        "convergence.png.\n";
  std::ofstream(outDir + "/summary.md") << md.str();
  log << md.str();
  return bvp.solved ? 0 : 1;
}

}  // namespace

void addSleighOcpSuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"sleigh-ocp", "Anahory Simoes et al. Figs. 3-6: phi_d and H of the sleigh OCP, 6 integrators",
                    runSleighOcpSuite});
}

}  // namespace lieride::bench
