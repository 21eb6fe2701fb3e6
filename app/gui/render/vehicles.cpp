#include "render/vehicles.hpp"

#include <cmath>

#include "render/primitives.hpp"

namespace lieride::gui {
using namespace prim;
using glm::vec3;

namespace {
const vec3 kRed(0.82f, 0.20f, 0.12f), kDark(0.12f, 0.12f, 0.14f), kGrey(0.55f, 0.56f, 0.58f);
const vec3 kGlass(0.10f, 0.16f, 0.26f), kWhite(0.92f, 0.92f, 0.90f), kBlue(0.14f, 0.34f, 0.72f);
const vec3 kYellow(0.95f, 0.72f, 0.15f), kTire(0.07f, 0.07f, 0.08f);
constexpr float kPi = 3.14159265f;

Mesh build(const MeshData& d) { return Mesh(d); }

MeshData helicopterBody() {
  MeshData m;
  const glm::mat4 I(1.0f);
  m.append(sphere(1.0f, 32, 16, kRed), T(0.02f, 0, 0) * S(0.36f, 0.15f, 0.17f));
  m.append(sphere(1.0f, 24, 12, kGlass), T(0.17f, 0, 0.04f) * S(0.2f, 0.125f, 0.12f));
  m.append(cylinder(0.055f, 0.022f, 0.78f, 16, kRed), T(-0.2f, 0, 0.03f) * Ry(-kPi / 2));
  m.append(box({0.14f, 0.012f, 0.18f}, kRed), T(-0.93f, 0, 0.1f) * Ry(-0.3f));
  m.append(box({0.08f, 0.3f, 0.01f}, kRed), T(-0.82f, 0, 0.03f));
  m.append(cylinder(0.02f, 0.02f, 0.11f, 12, kGrey), T(0, 0, 0.14f));  // mast to the hub
  for (float y : {-0.14f, 0.14f}) {
    m.append(cylinder(0.012f, 0.012f, 0.62f, 10, kDark), T(0.32f, y, -0.25f) * Ry(-kPi / 2));
    for (float x : {-0.12f, 0.15f}) m.append(cylinder(0.01f, 0.01f, 0.16f, 8, kDark), T(x, y * 0.7f, -0.26f) * Rx(y > 0 ? -0.5f : 0.5f));
  }
  (void)I;
  return m;
}

MeshData helicopterRotor() {
  MeshData m;
  m.append(cylinder(0.035f, 0.035f, 0.03f, 16, kGrey), T(0, 0, -0.015f));
  for (float s : {1.0f, -1.0f}) {
    m.append(box({0.78f, 0.055f, 0.008f}, kDark), T(s * 0.41f, 0, 0) * Rx(s * 0.06f));
    m.append(box({0.06f, 0.056f, 0.009f}, kYellow), T(s * 0.77f, 0, 0));  // tip marks show the spin
  }
  return m;
}

MeshData helicopterTailRotor() {
  MeshData m;
  m.append(cylinder(0.015f, 0.015f, 0.03f, 10, kGrey), Rx(-kPi / 2) * T(0, 0, -0.015f));
  for (float s : {1.0f, -1.0f}) m.append(box({0.02f, 0.006f, 0.16f}, kDark), T(0, 0, s * 0.085f));
  return m;
}

MeshData carBody(const VehicleGeometry& g) {
  // Reference point: rear-axle midpoint on the ground plane.
  MeshData m;
  const float l = static_cast<float>(g.wheelbase), r = static_cast<float>(g.wheelRadius);
  const float len = l + 1.6f, x0 = -0.8f;
  m.append(box({len, 1.76f, 0.55f}, kBlue), T(x0 + 0.5f * len, 0, r + 0.2f));
  m.append(box({0.52f * len, 1.5f, 0.5f}, kBlue), T(x0 + 0.45f * len, 0, r + 0.7f));
  m.append(box({0.5f * len, 1.52f, 0.36f}, kGlass), T(x0 + 0.45f * len, 0, r + 0.7f));  // windows band
  m.append(box({0.05f, 1.4f, 0.12f}, kWhite), T(x0 + len, 0, r + 0.28f));              // front lights bar
  m.append(box({0.05f, 1.5f, 0.1f}, vec3(0.8f, 0.05f, 0.05f)), T(x0, 0, r + 0.32f));  // rear lights
  return m;
}

MeshData wheel(float radius, float width) {
  MeshData m;
  m.append(cylinder(radius, radius, width, 28, kTire), Rx(-kPi / 2) * T(0, 0, -0.5f * width));
  m.append(cylinder(0.6f * radius, 0.6f * radius, width + 0.01f, 20, kGrey), Rx(-kPi / 2) * T(0, 0, -0.5f * width - 0.005f));
  for (int i = 0; i < 5; ++i)  // spokes make the rolling visible
    m.append(box({1.1f * radius, width + 0.03f, 0.08f * radius}, kWhite), Ry(static_cast<float>(i) * kPi / 5.0f));
  return m;
}

MeshData board(const VehicleGeometry& g) {
  MeshData m;
  const float l = static_cast<float>(g.halfWheelbase);
  m.append(box({2.0f * l + 0.3f, 0.24f, 0.025f}, vec3(0.25f, 0.16f, 0.1f)), T(0, 0, 0.085f));
  m.append(box({0.34f, 0.245f, 0.006f}, kYellow), T(l, 0, 0.1f));   // front footplate
  m.append(box({0.34f, 0.245f, 0.006f}, kYellow), T(-l, 0, 0.1f));  // back footplate
  m.append(box({2.0f * l, 0.04f, 0.02f}, kDark), T(0, 0, 0.07f));    // spine
  return m;
}

// Chaplygin sleigh (docs/models.md 6, 8): the pose is the blade's contact point, the blade is
// the knife edge along body x that forbids sideways motion there; a sled deck above it.
MeshData sleigh() {
  MeshData m;
  const vec3 wood(0.55f, 0.34f, 0.18f), steel(0.72f, 0.74f, 0.78f);
  m.append(box({1.3f, 0.7f, 0.06f}, wood), T(0.25f, 0, 0.32f));                    // deck
  for (float y : {-0.3f, 0.3f}) {
    m.append(box({1.2f, 0.05f, 0.04f}, kDark), T(0.25f, y, 0.1f));                  // runner
    for (float x : {-0.2f, 0.7f}) m.append(box({0.05f, 0.05f, 0.22f}, kDark), T(x, y, 0.2f));  // struts
    m.append(cylinder(0.1f, 0.1f, 0.05f, 16, kDark), T(0.85f, y, 0.2f) * Rx(-kPi / 2) * T(0, 0, -0.025f));  // curl
  }
  m.append(box({0.5f, 0.015f, 0.3f}, steel), T(0, 0, 0.15f));                       // the blade
  m.append(box({0.22f, 0.5f, 0.12f}, kRed), T(-0.25f, 0, 0.41f));                  // seat back
  m.append(box({0.12f, 0.12f, 0.02f}, kYellow), T(0.85f, 0, 0.36f));               // heading mark
  return m;
}

MeshData truck() {
  MeshData m;
  m.append(box({0.06f, 0.26f, 0.03f}, kGrey), T(0, 0, 0.05f));
  for (float y : {-0.13f, 0.13f}) m.append(cylinder(0.035f, 0.035f, 0.03f, 14, kTire), T(0, y, 0.035f) * Rx(-kPi / 2) * T(0, 0, -0.015f));
  return m;
}

MeshData riderLegs(const VehicleGeometry& g) {
  MeshData m;
  const float l = static_cast<float>(g.halfWheelbase);
  const vec3 jeans(0.18f, 0.25f, 0.42f);
  for (float x : {-l, l}) {
    m.append(box({0.22f, 0.1f, 0.06f}, kDark), T(x, 0, 0.13f));                 // shoe
    const float lean = x > 0 ? -0.33f : 0.33f;
    m.append(cylinder(0.06f, 0.07f, 0.92f, 12, jeans), T(x, 0, 0.14f) * Ry(lean));
  }
  m.append(box({0.36f, 0.24f, 0.16f}, jeans), T(0, 0, 1.02f));  // hips
  return m;
}

MeshData riderTorso() {
  MeshData m;
  const vec3 shirt(0.86f, 0.36f, 0.12f), skin(0.86f, 0.68f, 0.55f);
  // Snakeboarders stand sideways: shoulders along the board (x), facing +y.
  m.append(box({0.42f, 0.24f, 0.56f}, shirt), T(0, 0, 1.36f));
  m.append(sphere(0.11f, 16, 10, skin), T(0, 0, 1.78f));
  m.append(sphere(0.115f, 16, 8, kDark), T(-0.01f, 0, 1.81f) * S(1.0f, 1.0f, 0.7f));  // hair
  for (float s : {-1.0f, 1.0f}) {  // arms held out along the board: their swing shows the twist psi
    m.append(cylinder(0.045f, 0.04f, 0.6f, 10, shirt), T(s * 0.22f, 0, 1.58f) * Ry(s * 1.9f));
    m.append(sphere(0.05f, 10, 6, skin), T(s * 0.78f, 0, 1.38f));
  }
  m.append(sphere(0.03f, 8, 6, kDark), T(0.03f, 0.1f, 1.8f));   // eyes: which way the rider faces
  m.append(sphere(0.03f, 8, 6, kDark), T(-0.03f, 0.1f, 1.8f));
  return m;
}

MeshData hull(const VehicleGeometry& g) {
  MeshData m;
  const auto L = static_cast<float>(g.hull.x()), B = static_cast<float>(g.hull.y()), H = static_cast<float>(g.hull.z());
  m.append(box({L, B, 0.5f * H}, vec3(0.7f, 0.14f, 0.1f)), T(0, 0, -0.25f * H));   // antifouling below
  m.append(box({L, B, 0.5f * H}, kWhite), T(0, 0, 0.25f * H));
  m.append(box({L + 0.01f, B + 0.01f, 0.06f}, kBlue), T(0, 0, 0.05f * H));         // boot stripe
  m.append(box({L - 0.16f, B - 0.16f, 0.02f}, vec3(0.62f, 0.46f, 0.3f)), T(0, 0, 0.5f * H + 0.01f));  // teak deck
  m.append(box({0.1f, B + 0.02f, 0.12f}, kBlue), T(0.5f * L - 0.05f, 0, 0.5f * H - 0.02f));           // bow band
  m.append(box({0.32f * L, 0.7f * B, 0.55f}, kWhite), T(0.05f * L, 0, 0.5f * H + 0.27f));
  m.append(box({0.33f * L, 0.71f * B, 0.18f}, kGlass), T(0.05f * L, 0, 0.5f * H + 0.36f));
  for (const auto& c : {g.thrusterRight, g.thrusterLeft})
    m.append(cylinder(0.09f, 0.07f, 0.35f, 14, kDark), T(static_cast<float>(c.x()), static_cast<float>(c.y()), static_cast<float>(c.z())) * Ry(kPi / 2));
  return m;
}

MeshData rigidBox(const VehicleGeometry& g) {
  // A uniform box whose principal moments have the ratios of J: a^2 = 6 (J2 + J3 - J1) etc.
  const Vec3 J = g.bodyInertia;
  Vec3 d(J.y() + J.z() - J.x(), J.x() + J.z() - J.y(), J.x() + J.y() - J.z());
  for (int i = 0; i < 3; ++i) d(i) = std::sqrt(std::max(d(i), 0.02 * J.maxCoeff()));
  d *= 1.3 / d.maxCoeff();
  const vec3 s(static_cast<float>(d.x()), static_cast<float>(d.y()), static_cast<float>(d.z()));
  MeshData m;
  m.append(box(s, vec3(0.85f, 0.83f, 0.78f)), glm::mat4(1.0f));
  // Coloured caps on each axis (x red, y green, z blue) show the tumbling.
  m.append(box({0.01f, s.y * 0.8f, s.z * 0.8f}, vec3(0.85f, 0.2f, 0.15f)), T(0.5f * s.x + 0.004f, 0, 0));
  m.append(box({s.x * 0.8f, 0.01f, s.z * 0.8f}, vec3(0.2f, 0.7f, 0.25f)), T(0, 0.5f * s.y + 0.004f, 0));
  m.append(box({s.x * 0.8f, s.y * 0.8f, 0.01f}, vec3(0.2f, 0.35f, 0.85f)), T(0, 0, 0.5f * s.z + 0.004f));
  m.append(box({0.01f, s.y * 0.8f, s.z * 0.8f}, vec3(0.5f, 0.12f, 0.1f)), T(-0.5f * s.x - 0.004f, 0, 0));
  m.append(box({s.x * 0.8f, 0.01f, s.z * 0.8f}, vec3(0.12f, 0.4f, 0.15f)), T(0, -0.5f * s.y - 0.004f, 0));
  m.append(box({s.x * 0.8f, s.y * 0.8f, 0.01f}, vec3(0.12f, 0.2f, 0.5f)), T(0, 0, -0.5f * s.z - 0.004f));
  return m;
}
}  // namespace

double channelValue(const VehiclePose& p, const char* name, double fallback) {
  for (std::size_t i = 0; i < p.channels.size() && i < p.inputs.size(); ++i)
    if (p.channels[i] == name && std::isfinite(p.inputs[i])) return p.inputs[i];
  return fallback;
}

double shapeValue(const VehiclePose& p, const char* name, double fallback) {
  for (std::size_t i = 0; i < p.shapeNames.size() && i < p.shape.size(); ++i)
    if (p.shapeNames[i] == name && std::isfinite(p.shape[i])) return p.shape[i];
  return fallback;
}

VehicleModels::VehicleModels(const VehicleGeometry& g)
    : g_(g),
      heliBody_(build(helicopterBody())),
      heliRotor_(build(helicopterRotor())),
      heliTailRotor_(build(helicopterTailRotor())),
      rotorDisc_(build(disc(0.8f, 48, vec3(0.2f, 0.2f, 0.22f)))),
      carBody_(build(carBody(g))),
      wheel_(build(wheel(static_cast<float>(g.wheelRadius), 0.24f))),
      board_(build(board(g))),
      truck_(build(truck())),
      riderLegs_(build(riderLegs(g))),
      riderTorso_(build(riderTorso())),
      hull_(build(hull(g))),
      box_(build(rigidBox(g))),
      sleigh_(build(sleigh())),
      fallback_(build(sphere(0.3f, 24, 12, kGrey))) {}

float VehicleModels::size(const std::string& v) {
  if (v == "car") return 5.5f;
  if (v == "boat") return 6.5f;
  if (v == "snakeboard") return 3.4f;
  if (v == "helicopter") return 2.0f;
  return 2.2f;
}

float VehicleModels::focusHeight(const std::string& v) {
  if (v == "car") return 0.8f;
  if (v == "snakeboard") return 0.9f;
  if (v == "boat") return 0.6f;
  return 0.0f;
}

void VehicleModels::items(const VehiclePose& p, std::vector<DrawItem>& out) const {
  const glm::mat4& W = p.world;
  if (p.vehicle == "helicopter") {
    out.push_back({&heliBody_, W});
    // The rotor plane tilts with the cyclic: thrust b = Ry(gamma_p) Rx(gamma_r) e_z (docs/models.md 2).
    const auto gp = static_cast<float>(channelValue(p, "cyclic_pitch"));
    const auto gr = static_cast<float>(channelValue(p, "cyclic_roll"));
    const glm::mat4 hub = W * T(0, 0, 0.25f) * Ry(gp) * Rx(gr);
    out.push_back({&heliRotor_, hub * Rz(static_cast<float>(p.rotorAngle)), 1.0f, true});
    if (p.rotorSpeed > 5.0) out.push_back({&rotorDisc_, hub, 0.16f, false});
    out.push_back({&heliTailRotor_, W * T(-0.95f, 0.035f, 0.08f) * Ry(static_cast<float>(p.tailRotorAngle)), 1.0f, true});
  } else if (p.vehicle == "car") {
    out.push_back({&carBody_, W});
    const auto psi = static_cast<float>(shapeValue(p, "psi"));
    const auto phi = static_cast<float>(std::atan(shapeValue(p, "sigma")));
    const auto l = static_cast<float>(g_.wheelbase), r = static_cast<float>(g_.wheelRadius);
    for (float y : {-0.78f, 0.78f}) {
      out.push_back({&wheel_, W * T(0, y, r) * Ry(psi)});
      out.push_back({&wheel_, W * T(l, y, r) * Rz(phi) * Ry(psi)});
    }
  } else if (p.vehicle == "snakeboard") {
    const auto psi = static_cast<float>(shapeValue(p, "psi"));
    const auto phi = static_cast<float>(shapeValue(p, "phi"));
    const auto l = static_cast<float>(g_.halfWheelbase);
    out.push_back({&board_, W});
    out.push_back({&truck_, W * T(-l, 0, 0) * Rz(phi)});   // back axle +phi
    out.push_back({&truck_, W * T(l, 0, 0) * Rz(-phi)});   // front axle -phi
    out.push_back({&riderLegs_, W});
    out.push_back({&riderTorso_, W * Rz(psi)});
  } else if (p.vehicle == "boat") {
    out.push_back({&hull_, W});
  } else if (p.vehicle == "rigid-body") {
    out.push_back({&box_, W});
  } else if (p.vehicle == "sleigh" || p.vehicle == "sleigh-controlled") {
    out.push_back({&sleigh_, W});
  } else {
    out.push_back({&fallback_, W});
  }
}

}  // namespace lieride::gui
