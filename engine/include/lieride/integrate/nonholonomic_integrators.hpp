#pragma once
// Integrators for the nonholonomic vehicles (car, snakeboard, sleigh, particle).
// Every integrator advances the same continuous state (coordinates q and velocities qdot at
// the step's time) and keeps its own memory (discrete momenta) in between; reset() rebuilds
// that memory from a continuous state, so a mid-run switch of integrator or of h continues
// the same motion. Names:
//   lie-nh          Kobilarov et al. Eqs. 16-17, tau = exp with C_TLN: the explicit updates of
//                   5.2.1 (car) and 5.2.2 (snakeboard); the general Newton form otherwise.
//   lie-nh-general  the general implicit form with a Newton solve, any LieNhVehicle.
//   nh-reflect      Ferraro et al. Eqs. 4 and 6: post-momentum = (P - Q)* pre-momentum; start
//                   "half-impulse-energy" (default), "half-impulse" or "tangent" (their
//                   Eq. 12), docs/nonholonomic.md.
//   nh-rattle       Ferraro et al. Eq. 11 (nonholonomic RATTLE).
//   dla             discrete Lagrange-d'Alembert (Cortes-Martinez) with constraint
//                   discretisation "midpoint" or "start" (Ferraro et al. Example 3).
//   euler, rk2, rk4 on the reduced continuous equations.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lieride/model/nonholonomic_model.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride {

struct NhIntegratorSettings {
  double alpha = 0.5;                   // lie-nh quadrature point r_{k+alpha}
  std::string dlaConstraint = "midpoint";  // dla: "midpoint" | "start"
  // nh-reflect: "half-impulse-energy" | "half-impulse" | "tangent" (Eq. 12)
  std::string reflectStart = "half-impulse-energy";
  // lie-nh-general: C = C_TLN (false, Kobilarov et al. Appendix A) or the exact dexp^-1 (true),
  // the partner of tau = exp that conserves the discrete spatial momentum to round-off.
  bool exactDexp = false;
  double tolerance = 1e-12;             // Newton: relative residual
  int maxIterations = 50;
};

class NhIntegrator {
 public:
  virtual ~NhIntegrator() = default;
  virtual std::string name() const = 0;
  virtual std::unique_ptr<NhIntegrator> clone() const = 0;
  // Start from the continuous state s at time t.
  virtual void reset(const NhModel& m, const ControlSet& c, double t, double h, const NhState& s) = 0;
  // Advance from t to t + h: s is the state at t on entry and at t + h on exit.
  virtual StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) = 0;
  // Quadrature point of the shape inside a step (for the step residual).
  virtual double alpha() const { return 0.5; }
};

// What the general lie-nh needs from a vehicle on SE(2) x shape space (Kobilarov et al. 3.2):
// reduced Lagrangian l(r, u, xi) = 1/2 (u, xi)^T I (u, xi) with constant I, the connection
// A(r) (xi = Omega - A(r) u) and a basis e_b(r) of the symmetry directions s_r.
class LieNhVehicle {
 public:
  virtual ~LieNhVehicle() = default;
  virtual std::vector<int> shapeCoordinates() const = 0;  // indices in q
  virtual const NMat& reducedInertia() const = 0;         // (nShape + 3)^2, order (u, xi)
  virtual void connection(const NVec& r, NMat& A) const = 0;      // 3 x nShape
  virtual void symmetryBasis(const NVec& r, NMat& E) const = 0;   // 3 x b (b may be 0)
  // Continuous state from the pose, shape, body velocity and shape rates.
  virtual NhState stateFromBody(const NhModel& m, const SE2& g, const NVec& r, const Vec3& xi,
                                const NVec& u) const = 0;
};
// The LieNhVehicle view of the car, snakeboard and sleigh models (nullptr otherwise).
std::unique_ptr<LieNhVehicle> lieNhVehicle(const NhModel& m);

std::vector<std::string> nhIntegratorNames();
std::string nhIntegratorDescription(const std::string& name);
// Throws std::invalid_argument for an unknown name or one that does not apply to the model.
std::unique_ptr<NhIntegrator> makeNhIntegrator(const std::string& name, const NhModel& model,
                                               const NhIntegratorSettings& s);

// Building blocks (exposed for tests and benchmarks).
std::unique_ptr<NhIntegrator> makeNhRungeKutta(int order);  // 1, 2, 4
// How nh-reflect picks q1 (docs/nonholonomic.md, "The start"). HalfImpulse:
// -D1 L_d(q0, q1) = p0 - (h/2) mu(q0)^T lambda0, which seeds the period-2 mode at O(h^3);
// HalfImpulseEnergy: the same with its free velocity rescaled to the start's kinetic energy,
// so that the energy the reflection conserves is the start's (a 3x larger O(h^3) seed);
// Tangent: Ferraro et al. Eq. 12, -D1 L_d(q0, q1) tangent to the constraints (O(h)).
enum class ReflectStart { HalfImpulseEnergy, HalfImpulse, Tangent };
// The start named in a scenario's [integrator] start; nullopt for any other text.
std::optional<ReflectStart> reflectStartNamed(const std::string& name);
std::unique_ptr<NhIntegrator> makeNhReflect(ReflectStart start);
std::unique_ptr<NhIntegrator> makeNhRattle();
std::unique_ptr<NhIntegrator> makeNhDla(bool midpoint, const NhIntegratorSettings& s);
std::unique_ptr<NhIntegrator> makeLieNhCar(double alpha);
std::unique_ptr<NhIntegrator> makeLieNhSnakeboard(double alpha);
std::unique_ptr<NhIntegrator> makeLieNhGeneral(const NhIntegratorSettings& s);

}  // namespace lieride
