#pragma once
// Vehicles from a description (file format: docs/formats.md section 5; Ostrowski,
// "Computing reduced equations for robotic systems with constraints and symmetries", sections
// 3-5). A description names the group (SE(2)), the shape variables r, the reduced Lagrangian
//   l(r, xi, u) = 1/2 (xi, u)^T M(r) (xi, u) - V(r),   xi = (omega, vx, vy) body velocity, u = dr/dt,
// the G-invariant constraints W(r) xi + K(r) u = 0 (k rows, k <= 3) and its input channels.
// Everything below is derived from those entries; derivatives are symbolic (GiNaC), compiled
// once into tapes evaluated with doubles.
//   locked inertia I(r) = the (xi, xi) block of M, B(r) the (xi, u) block, C(r) the (u, u) block;
//   symmetry directions E(r): a basis of ker W (Ostrowski's S_q intersected with D_q);
//   connection A(r) (3 x s): W A = K and E^T I A = E^T B, so xi = E c - A u with
//     the nonholonomic momentum p = E^T dl/dxi = (E^T I E) c (Ostrowski Eq. 41 and 44);
//   momentum equation dp/dt = (dE/dt)^T mu + E^T ad_xi^T mu, mu = dl/dxi (Ostrowski Eq. 45);
//   shape equations from Lagrange-d'Alembert with multipliers (Ostrowski Eq. 14), solved
//   together with the differentiated constraints for the accelerations.
// The three cases of Ostrowski are the ranks k = 0 (unconstrained: Elroy's beanie, mechanical
// connection), k = 3 (fully constrained: the two-wheeled robot, kinematic connection) and
// 0 < k < 3 (mixed: the snakeboard, nonholonomic connection).
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lieride/model/nonholonomic_model.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride {

namespace reduced {
class Kernel;
}

// At most two shape variables: the reduced state 3 + 2 s + (3 - k) fits NVec's 8 numbers.
constexpr int kMaxReducedShape = 2;

struct ReducedShapeVariable {
  std::string name;
  double min = -1e300, max = 1e300;  // admissible range
  std::string unit;                   // for read-outs ("rad", "m"; empty: a pure number)
};

// An input channel: a generalised force on a shape variable, or a prescribed shape motion
// (its position, or its rate as the car's steering).
struct ReducedChannel {
  enum class Kind { Force, Position, Rate };
  std::string name;
  Kind kind = Kind::Force;
  int shape = 0;  // index of the shape variable
  std::string unit;
  double min = 0.0, max = 0.0;  // suggested range for a pilot (0, 0: none given)
};

// A part of the generic drawing: a box, cylinder or wheel fixed to the body (at a point, turned
// by a shape variable's angle about z, or spinning about its axle with a shape variable).
struct ReducedPart {
  std::string kind;  // "box" | "cylinder" | "wheel"
  std::vector<double> size;  // box: [length, width, height]; cylinder/wheel: [radius, width]
  std::vector<double> at;    // [x, y, z] in the body frame
  int turn = -1;             // shape variable turning it about z (-1: none)
  double turnScale = 1.0;    // -1 for turn = "-name": turned by minus the shape variable
  int spin = -1;             // shape variable spinning a wheel about its axle (-1: none)
};

// A parsed, validated and compiled description (immutable, shared between model copies).
struct ReducedDescription {
  std::string name;
  std::string file;
  std::string summary;
  std::vector<std::pair<std::string, double>> parameters;
  std::vector<ReducedShapeVariable> shape;
  std::vector<ReducedChannel> channels;
  std::vector<ReducedPart> parts;
  int numConstraints = 0;
  bool constantInertia = false;          // M does not depend on r
  bool constantCoordinateMetric = false;  // and L is 1/2 qdot^T M qdot with constant M in (theta, x, y, r)
  bool hasPotential = false;
  int kernelAxes[2] = {0, 1};  // k = 1: E = [e_a x w, e_b x w]
  // The compiled entries and their shape derivatives, evaluated in fixed-size types.
  std::shared_ptr<const reduced::Kernel> kernel;
};

// Loads assets/vehicles/NAME.toml (or the [vehicle] table of a scenario). Throws ScenarioError
// with one line naming the file, the key and the reason. Parameter overrides replace the
// description's defaults (an unknown name is rejected). initialShape is checked against the
// ranges and the locked inertia, constraint rank and connection are checked there.
// The number of [[shape]] variables of a description file, after checking that it is one
// (top-level keys, name, group, kinetic): throws ScenarioError naming the file and key.
int reducedDescriptionShapeCount(const std::string& path);
// Thrown by the two loaders below when initialShape lies outside a variable's range: what() names
// the description's [[shape]] range; a scenario that gave the shape names its own key with
// `expected` ("the range [-1, 1] of a, got 1e+308").
struct InitialShapeOutOfRange : ScenarioError {
  InitialShapeOutOfRange(const std::string& what, int shapeIndex, std::string expectedText)
      : ScenarioError(what), index(shapeIndex), expected(std::move(expectedText)) {}
  int index;
  std::string expected;
};
std::shared_ptr<const ReducedDescription> loadReducedDescription(
    const std::string& path, const std::vector<std::pair<std::string, double>>& overrides,
    const std::vector<double>& initialShape, const std::string& overridesWhere);
std::shared_ptr<const ReducedDescription> parseReducedDescription(
    const std::string& text, const std::string& file, const std::vector<std::pair<std::string, double>>& overrides,
    const std::vector<double>& initialShape, const std::string& overridesWhere);

// Everything derived at one shape r.
struct ReducedFrame {
  Mat3 I;        // locked inertia
  NMat B, C;     // (xi, u) and (u, u) blocks of M
  NMat W, K;     // constraints
  NMat E;        // 3 x b symmetry directions
  NMat A;        // 3 x s connection
  double V = 0.0;
};

class ReducedModel final : public NhModel {
 public:
  explicit ReducedModel(std::shared_ptr<const ReducedDescription> d, const NVec& initialShape);
  std::unique_ptr<NhModel> clone() const override { return std::make_unique<ReducedModel>(*this); }
  const ReducedDescription& description() const { return *d_; }

  std::string type() const override { return "reduced"; }
  std::vector<std::string> channels() const override;
  int dim() const override { return 3 + s_; }
  int numConstraints() const override { return d_->numConstraints; }
  int numShape() const { return s_; }
  int numSymmetry() const { return 3 - d_->numConstraints; }
  // The coordinate metric of (theta, x, y, r): constant when description().constantCoordinateMetric
  // (the coordinate integrators are offered only then); otherwise its value at the initial shape.
  const NMat& mass() const override { return Mq_; }
  void constraints(const NVec& q, NMat& mu) const override;
  void force(const NVec& q, const InputVec& inputs, NVec& F) const override;
  // The shape rows of force(q, c.values(t), F) into f (numShape() numbers), reading only the
  // channels that enter them (the forces on free shape variables): the description lie-nh
  // step's lookup.
  void shapeForceAt(double t, const NVec& q, const ControlSet& c, double* f) const;
  void configure(const ControlSet& c) override;
  bool prescribed(int i) const override { return i >= 3 && prescribed_[static_cast<std::size_t>(i - 3)]; }
  void advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const override;
  void prescribedRates(double t, const NVec& q, const ControlSet& c, NVec& qdot) const override;

  // Reduced state y = (theta, x, y, r, u, p): pose, shape, shape rates, nonholonomic momentum.
  int reducedDim() const override { return 3 + 2 * s_ + numSymmetry(); }
  NVec toReduced(double t, const NhState& s, const ControlSet& c) const override;
  NhState fromReduced(double t, const NVec& y, const ControlSet& c) const override;
  void reducedRate(double t, const NVec& y, const ControlSet& c, NVec& ydot) const override;
  void fixReduced(double t, NVec& y, const ControlSet& c) const override;

  // Derived quantities at a shape (for tests and the lie-nh view).
  ReducedFrame frame(const NVec& r) const;
  NMat symmetryBasis(const NVec& r) const;  // E alone (no connection)
  const NMat& constantInertia() const { return M0_; }  // M when description().constantInertia
  std::unique_ptr<NhIntegrator> lieNhIntegrator(const NhIntegratorSettings& s) const override;
  // The continuous state from pose, shape, shape rates and momentum.
  NhState stateFrom(const SE2& g, const NVec& r, const NVec& u, const NVec& p) const;
  // Momentum p = E^T dl/dxi of a state.
  NVec momenta(const NhState& s) const;
  // Spatial momentum Ad*_{g^-1} dl/dxi = (angular about the origin, px, py) (conserved when
  // the system is unconstrained and unforced).
  Vec3 spatialMomentum(const NhState& s) const;

  double energy(const NhState& s) const override;
  double momentum(const NhState& s) const override;
  double stepResidual(const NhState& a, const NhState& b, double h, double alpha) const override;
  std::vector<std::string> stateColumns() const override;
  void stateRow(const NhState& s, std::vector<double>& out) const override;
  SE2 pose(const NhState& s) const override { return {s.q(0), s.q(1), s.q(2)}; }
  Vec3 bodyVelocity(const NhState& s) const override { return nh::bodyFromCoordinates(s.q, s.qdot); }
  std::vector<std::string> shapeNames() const override;
  std::vector<double> shape(const NhState& s) const override;
  std::unique_ptr<LieNhVehicle> lieNhView() const override;

 private:
  // Prescribed shape variables of r and u (s numbers each) set from their channels at t.
  void applyPrescribed(double t, const ControlSet& c, double* r, double* u) const;
  double saturatedRate(int j, double r, double rate) const;
  void subtractPotentialGradient(const NVec& q, double* f) const;  // on the free shape rows f[j]
  std::size_t at(int j) const { return static_cast<std::size_t>(j); }

  std::shared_ptr<const ReducedDescription> d_;
  int s_ = 0;
  NMat M0_;  // M at the initial shape (all of M when constantInertia)
  NMat Mq_;
  std::array<bool, kMaxReducedShape> prescribed_{};
  std::array<int, kMaxReducedShape> positionChannel_{-1, -1}, rateChannel_{-1, -1};  // -1: none
  std::vector<std::pair<int, int>> forceChannels_;  // (channel, shape variable) of the force channels, in order
};

}  // namespace lieride
