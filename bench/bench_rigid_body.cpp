// `lieride bench rigid-body`: Kobilarov, Crane & Desbrun 2009, Section 3.3 and Fig. 4.
// 20 random free rigid bodies and initial conditions, 240 s trajectories, every SE(3)
// integrator over a sweep of step counts; position and rotation error at the final time
// against an RK4 ground truth at a tiny step, CPU time per run, blow-ups; Bullet and ODE on
// the same runs. Output: runs.csv, summary.csv, truth.csv, summary.md, PNG plots.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "bench_suite.hpp"
#include "plot.hpp"
#include "lieride/integrate/se3_integrator.hpp"
#include "rigid_body_peers.hpp"
#include "rigid_body_report.hpp"

namespace lieride::bench {
namespace {

using namespace rigid_body;

// splitmix64: a fixed, portable sequence (std distributions differ between libraries).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double uniform(double a, double b) { return a + (b - a) * static_cast<double>(next() >> 11) * 0x1.0p-53; }
  Vec3 unitVector() {  // uniform on the sphere
    const double z = uniform(-1.0, 1.0), phi = uniform(0.0, 2.0 * M_PI), r = std::sqrt(1.0 - z * z);
    return {r * std::cos(phi), r * std::sin(phi), z};
  }
  Quat rotation() {  // uniform on SO(3) (Shoemake)
    const double u1 = uniform(0, 1), u2 = uniform(0, 2 * M_PI), u3 = uniform(0, 2 * M_PI);
    const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
    return Quat(b * std::cos(u3), a * std::sin(u2), a * std::cos(u2), b * std::sin(u3)).normalized();
  }

 private:
  std::uint64_t s_;
};

std::vector<Case> makeCases(int n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Case> cases;
  for (int i = 0; i < n; ++i) {
    Case c;
    c.mass = rng.uniform(0.5, 2.0);
    do {  // J_i uniform in [1, 3], redrawn until it is a physical body (triangle inequality)
      c.inertia = Vec3(rng.uniform(1, 3), rng.uniform(1, 3), rng.uniform(1, 3));
    } while (c.inertia.maxCoeff() > c.inertia.sum() - c.inertia.maxCoeff());
    c.q0 = rng.rotation();
    c.x0 = Vec3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
    c.omega0 = rng.uniform(0.5, 3.0) * rng.unitVector();
    c.v0 = rng.uniform(0.0, 2.0) * rng.unitVector();
    cases.push_back(c);
  }
  return cases;
}

struct Spatial {
  Vec3 p, L;
};
Spatial spatialMomentum(const Case& c, const Pose& g, const Vec3& w, const Vec3& v) {
  const Mat3 R = g.q.toRotationMatrix();
  const Vec3 p = c.mass * (R * v);
  return {p, R * c.inertia.cwiseProduct(w) + g.x.cross(p)};
}

RunResult runLieride(Se3Integrator& integrator, const Case& c, double h, long steps, const BlowUpCheck& check) {
  NoForces forces;
  ControlSet controls;
  const Se3Inertia inertia{c.mass, c.inertia};
  const Se3Dynamics d{inertia, &forces, &controls};
  Se3State s;
  s.g.q = c.q0.normalized();
  s.g.x = c.x0;
  s.mu = inertia.momentum(se3::join(c.omega0, c.v0));
  const Vec6 inv = inertia.diagonal().cwiseInverse();
  RunResult r;
  long iterations = 0, done = 0;
  const double t0 = threadCpuSeconds();
  for (long k = 0; k < steps; ++k) {
    const StepReport rep = integrator.step(d, static_cast<double>(k) * h, h, s);
    iterations += rep.iterations;
    ++done;
    const Vec6 xi = s.mu.cwiseProduct(inv);
    const double e = 0.5 * xi.dot(s.mu), sw = xi.head<3>().norm(), sv = xi.tail<3>().norm();
    if (!rep.converged || !check.ok(e, sw, sv)) {
      r.blewUp = true;
      const double t = static_cast<double>(k + 1) * h;
      if (!rep.converged) {
        std::ostringstream m;
        m << "t = " << t << ": solver did not converge (" << rep.iterations << " iterations, residual "
          << rep.residual << ")";
        r.reason = m.str();
      } else {
        r.reason = check.why(e, sw, sv, t);
      }
      break;
    }
  }
  r.cpuSeconds = threadCpuSeconds() - t0;
  r.meanIterations = done > 0 ? static_cast<double>(iterations) / static_cast<double>(done) : 0.0;
  r.final = {s.g.q, s.g.x};
  const Vec6 xi = s.mu.cwiseProduct(inv);
  r.w = xi.head<3>();
  r.v = xi.tail<3>();
  return r;
}

// Drift of E, p and L between the initial condition and the run's final state.
void conservation(const Case& c, RunRow& row) {
  const RunResult& r = row.result;
  const Spatial m0 = spatialMomentum(c, {c.q0.normalized(), c.x0}, c.omega0, c.v0);
  const Spatial m1 = spatialMomentum(c, {r.final.q.normalized(), r.final.x}, r.w, r.v);
  const double e1 = 0.5 * r.w.dot(c.inertia.cwiseProduct(r.w)) + 0.5 * c.mass * r.v.squaredNorm();
  // Momentum drifts relative to the largest momentum the energy allows (|p0| itself can be ~0).
  const double e0 = c.energy();
  row.energyDrift = std::abs(e1 - e0) / e0;
  row.pDrift = (m1.p - m0.p).norm() / std::sqrt(2.0 * c.mass * e0);
  row.lDrift = (m1.L - m0.L).norm() / std::sqrt(2.0 * c.inertia.maxCoeff() * e0);
}

double envOr(const char* name, double fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atof(v) : fallback;
}

int runSuite(const std::string& outDirArg, std::ostream& log) {
  const std::string outDir = outDirArg.empty() ? "out/bench/rigid-body" : outDirArg;
  std::filesystem::create_directories(outDir);

  // LIERIDE_BENCH_QUICK=1 is a smoke test (4 runs, coarse sweep), not the Fig. 4 numbers.
  const bool quick = envOr("LIERIDE_BENCH_QUICK", 0.0) != 0.0;
  SweepConfig cfg;
  cfg.runs = quick ? 4 : 20;
  cfg.duration = 240.0;
  cfg.seed = 20090803;
  cfg.truthSteps = quick ? (1L << 16) : (1L << 19);
  for (long n = 240; n <= (quick ? 3840L : 61440L); n *= 2) cfg.stepCounts.push_back(n);
  cfg.budgetSeconds = envOr("LIERIDE_BENCH_BUDGET", quick ? 5.0 : 12.0);

  const std::vector<Case> cases = makeCases(cfg.runs, cfg.seed);
  log << "rigid-body: " << cfg.runs << " runs of " << cfg.duration << " s, ground truth by RK4 at "
      << cfg.truthSteps << " and " << 2 * cfg.truthSteps << " steps\n";

  // Ground truth and its convergence check.
  std::vector<TruthRow> truth;
  std::vector<Pose> truthPoses;
  for (int i = 0; i < cfg.runs; ++i) {
    const Case& c = cases[static_cast<std::size_t>(i)];
    const Pose coarse = referenceRk4(c, cfg.duration, cfg.truthSteps);
    const Pose fine = referenceRk4(c, cfg.duration, 2 * cfg.truthSteps);
    const Vec3 exactX = c.x0 + c.q0.normalized() * c.v0 * cfg.duration;  // p = m R v is conserved
    truth.push_back({i, c, (coarse.x - fine.x).norm(), coarse.q.angularDistance(fine.q), (fine.x - exactX).norm()});
    truthPoses.push_back({fine.q, exactX});  // rotation from RK4, position in closed form
  }

  std::vector<RunRow> rows;
  std::vector<MethodInfo> methods;
  // LIERIDE_BENCH_METHODS="a,b": only these methods (lieride integrators or peers).
  const char* only = std::getenv("LIERIDE_BENCH_METHODS");
  const std::string list = only != nullptr ? "," + std::string(only) + "," : "";
  auto wanted = [&](const std::string& name) { return list.empty() || list.find("," + name + ",") != std::string::npos; };
  for (const std::string& name : se3IntegratorNames())
    if (wanted(name)) methods.push_back({name, se3IntegratorDescription(name), false, {}});
  for (const PeerInfo& p : availablePeers())
    if (wanted(p.name)) methods.push_back({p.name, p.description, true, {}});

  for (MethodInfo& m : methods) {
    std::unique_ptr<Se3Integrator> integrator;
    if (!m.peer) integrator = makeSe3Integrator(m.name, SolverSettings{});
    double lastTotal = 0.0;
    for (long n : cfg.stepCounts) {
      // Time budget: each doubling of n about doubles the cost; skip what would overrun.
      if (lastTotal > 0.0 && 2.0 * lastTotal > cfg.budgetSeconds) {
        m.skipped.push_back(n);
        continue;
      }
      const double h = cfg.duration / static_cast<double>(n);
      double total = 0.0;
      for (int i = 0; i < cfg.runs; ++i) {
        const Case& c = cases[static_cast<std::size_t>(i)];
        const BlowUpCheck check{c.energy(), 1e4};
        RunRow row;
        row.method = m.name;
        row.peer = m.peer;
        row.steps = n;
        row.h = h;
        row.run = i;
        row.result = m.peer ? runPeer(m.name, c, h, n, check) : runLieride(*integrator, c, h, n, check);
        conservation(c, row);
        const Pose& t = truthPoses[static_cast<std::size_t>(i)];
        row.posErr = (row.result.final.x - t.x).norm();
        row.rotErr = row.result.final.q.normalized().angularDistance(t.q);
        if (!row.result.blewUp && !(std::isfinite(row.posErr) && std::isfinite(row.rotErr))) {
          row.result.blewUp = true;
          row.result.reason = "non-finite final pose";
        }
        if (!row.result.blewUp && row.posErr > cfg.positionErrorBound) {
          row.result.blewUp = true;
          std::ostringstream s;
          s << "final position error " << row.posErr << " m above " << cfg.positionErrorBound << " m";
          row.result.reason = s.str();
        }
        total += row.result.cpuSeconds;
        rows.push_back(row);
      }
      lastTotal = total;
      log << "  " << m.name << " n = " << n << ": " << formatNumber(total, 3) << " s CPU\n";
    }
  }

  writeRigidBodyReport(outDir, cfg, truth, methods, rows, log);
  return 0;
}

}  // namespace

void addRigidBodySuite(std::vector<BenchSuite>& suites) {
  suites.push_back({"rigid-body",
                    "Fig. 4 of Kobilarov et al.: free rigid body, 20 random runs of 240 s, every SE(3) "
                    "integrator and Bullet/ODE over a sweep of step counts (error, CPU time, blow-ups)",
                    runSuite});
}

}  // namespace lieride::bench
