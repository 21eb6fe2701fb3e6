#include "lieride/export/vehicle_parts.hpp"

#include "lieride/optimize/problem.hpp"

#include <cctype>
#include <cmath>
#include <toml++/toml.h>

#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride::exporter {
namespace {

using Affine = Eigen::Affine3d;
constexpr double kPi = 3.14159265358979323846;
const Vec3 kRed(0.82, 0.20, 0.12), kDark(0.12, 0.12, 0.14), kGrey(0.55, 0.56, 0.58), kGlass(0.10, 0.16, 0.26);
const Vec3 kWhite(0.92, 0.92, 0.90), kBlue(0.14, 0.34, 0.72), kYellow(0.95, 0.72, 0.15), kTire(0.07, 0.07, 0.08);

Affine T(double x, double y, double z) { return Affine(Eigen::Translation3d(x, y, z)); }
Affine S(double x, double y, double z) { return Affine(Eigen::Scaling(x, y, z)); }
Affine Rx(double a) { return Affine(Eigen::AngleAxisd(a, Vec3::UnitX())); }
Affine Ry(double a) { return Affine(Eigen::AngleAxisd(a, Vec3::UnitY())); }

void vertex(MeshData& m, const Vec3& p, const Vec3& n, const Vec3& c) {
  for (int i = 0; i < 3; ++i) {
    m.positions.push_back(static_cast<float>(p(i)));
    m.normals.push_back(static_cast<float>(n(i)));
    m.colors.push_back(static_cast<float>(c(i)));
  }
}
std::uint32_t count(const MeshData& m) { return static_cast<std::uint32_t>(m.positions.size() / 3); }
void quad(MeshData& m, std::uint32_t a) { m.indices.insert(m.indices.end(), {a, a + 1, a + 2, a, a + 2, a + 3}); }

// Centred at the origin, flat normals.
MeshData box(const Vec3& size, const Vec3& color) {
  MeshData m;
  const Vec3 h = 0.5 * size;
  for (int axis = 0; axis < 3; ++axis)
    for (double sign : {-1.0, 1.0}) {
      Vec3 n = Vec3::Zero();
      n(axis) = sign;
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const std::uint32_t a = count(m);
      const double us[4] = {-1, 1, 1, -1}, vs[4] = {-1, -1, 1, 1};
      for (int k = 0; k < 4; ++k) {
        Vec3 p;
        p(axis) = sign * h(axis);
        p(u) = us[k] * h(u) * sign;  // counter-clockwise seen from outside
        p(v) = vs[k] * h(v);
        vertex(m, p, n, color);
      }
      quad(m, a);
    }
  return m;
}

// Along +z from 0 to length, radii r0 (bottom) and r1 (top), capped.
MeshData cylinder(double r0, double r1, double length, int segments, const Vec3& color) {
  MeshData m;
  const double slope = (r0 - r1) / length;
  for (int i = 0; i < segments; ++i) {
    const double a0 = 2 * kPi * i / segments, a1 = 2 * kPi * (i + 1) / segments;
    const std::uint32_t a = count(m);
    for (const auto& [ang, r, z] : {std::tuple{a0, r0, 0.0}, std::tuple{a1, r0, 0.0}, std::tuple{a1, r1, length},
                                    std::tuple{a0, r1, length}})
      vertex(m, Vec3(r * std::cos(ang), r * std::sin(ang), z), Vec3(std::cos(ang), std::sin(ang), slope).normalized(),
             color);
    quad(m, a);
  }
  for (const auto& [z, r, nz] : {std::tuple{0.0, r0, -1.0}, std::tuple{length, r1, 1.0}}) {
    const std::uint32_t c = count(m);
    vertex(m, Vec3(0, 0, z), Vec3(0, 0, nz), color);
    for (int i = 0; i < segments; ++i) {
      const double a = 2 * kPi * i / segments;
      vertex(m, Vec3(r * std::cos(a), r * std::sin(a), z), Vec3(0, 0, nz), color);
    }
    for (int i = 0; i < segments; ++i) {
      const auto p = c + 1 + static_cast<std::uint32_t>(i), q = c + 1 + static_cast<std::uint32_t>((i + 1) % segments);
      if (nz > 0) m.indices.insert(m.indices.end(), {c, p, q});
      else m.indices.insert(m.indices.end(), {c, q, p});
    }
  }
  return m;
}

MeshData sphere(double radius, int segments, int rings, const Vec3& color) {
  MeshData m;
  for (int j = 0; j <= rings; ++j)
    for (int i = 0; i <= segments; ++i) {
      const double th = kPi * j / rings, ph = 2 * kPi * i / segments;
      const Vec3 n(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
      vertex(m, radius * n, n, color);
    }
  const auto row = static_cast<std::uint32_t>(segments + 1);
  for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(rings); ++j)
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(segments); ++i) {
      const std::uint32_t a = j * row + i, b = a + row;
      m.indices.insert(m.indices.end(), {a, b, a + 1, a + 1, b, b + 1});
    }
  return m;
}

MeshData helicopterBody() {
  MeshData m;
  m.append(sphere(1.0, 24, 12, kRed), (T(0.02, 0, 0) * S(0.36, 0.15, 0.17)).matrix());
  m.append(sphere(1.0, 16, 8, kGlass), (T(0.17, 0, 0.04) * S(0.2, 0.125, 0.12)).matrix());
  m.append(cylinder(0.055, 0.022, 0.78, 12, kRed), (T(-0.2, 0, 0.03) * Ry(-kPi / 2)).matrix());
  m.append(box({0.14, 0.012, 0.18}, kRed), (T(-0.93, 0, 0.1) * Ry(-0.3)).matrix());
  m.append(box({0.08, 0.3, 0.01}, kRed), T(-0.82, 0, 0.03).matrix());
  m.append(cylinder(0.02, 0.02, 0.11, 8, kGrey), T(0, 0, 0.14).matrix());
  for (double y : {-0.14, 0.14}) m.append(cylinder(0.012, 0.012, 0.62, 8, kDark), (T(0.32, y, -0.25) * Ry(-kPi / 2)).matrix());
  return m;
}

MeshData helicopterRotor() {
  MeshData m;
  m.append(cylinder(0.035, 0.035, 0.03, 12, kGrey), T(0, 0, -0.015).matrix());
  for (double s : {1.0, -1.0}) {
    m.append(box({0.78, 0.055, 0.008}, kDark), (T(s * 0.41, 0, 0) * Rx(s * 0.06)).matrix());
    m.append(box({0.06, 0.056, 0.009}, kYellow), T(s * 0.77, 0, 0).matrix());  // tip marks show the spin
  }
  return m;
}

MeshData helicopterTailRotor() {
  MeshData m;
  m.append(cylinder(0.015, 0.015, 0.03, 8, kGrey), (Rx(-kPi / 2) * T(0, 0, -0.015)).matrix());
  for (double s : {1.0, -1.0}) m.append(box({0.02, 0.006, 0.16}, kDark), T(0, 0, s * 0.085).matrix());
  return m;
}

MeshData wheel(double radius, double width) {
  MeshData m;
  m.append(cylinder(radius, radius, width, 24, kTire), (Rx(-kPi / 2) * T(0, 0, -0.5 * width)).matrix());
  for (int i = 0; i < 5; ++i)  // spokes make the rolling visible
    m.append(box({1.1 * radius, width + 0.03, 0.08 * radius}, kWhite), Ry(i * kPi / 5.0).matrix());
  return m;
}

MeshData truck() {
  MeshData m;
  m.append(box({0.06, 0.26, 0.03}, kGrey), T(0, 0, 0.05).matrix());
  for (double y : {-0.13, 0.13})
    m.append(cylinder(0.035, 0.035, 0.03, 12, kTire), (T(0, y, 0.035) * Rx(-kPi / 2) * T(0, 0, -0.015)).matrix());
  return m;
}

MeshData riderTorso() {
  MeshData m;
  const Vec3 shirt(0.86, 0.36, 0.12), skin(0.86, 0.68, 0.55);
  m.append(box({0.42, 0.24, 0.56}, shirt), T(0, 0, 1.36).matrix());
  m.append(sphere(0.11, 12, 8, skin), T(0, 0, 1.78).matrix());
  for (double s : {-1.0, 1.0}) m.append(cylinder(0.045, 0.04, 0.6, 8, shirt), (T(s * 0.22, 0, 1.58) * Ry(s * 1.9)).matrix());
  return m;
}

// A description's part as the app draws it (app/gui/views/description_view.cpp): a box with a
// white mark at its front, a cylinder about body z with a white stripe across its top, a wheel.
const Vec3 kPartColours[] = {{0.85, 0.45, 0.12}, {0.14, 0.34, 0.72}, {0.2, 0.62, 0.3},
                             {0.82, 0.20, 0.12}, {0.95, 0.72, 0.15}, {0.55, 0.3, 0.7}};
double entry(const std::vector<double>& v, std::size_t i) { return i < v.size() ? v[i] : 0.0; }
Vec3 partAt(const ReducedPart& p) { return Vec3(entry(p.at, 0), entry(p.at, 1), entry(p.at, 2)); }
bool partMoves(const ReducedPart& p) { return p.turn >= 0 || p.spin >= 0; }
MeshData descriptionPart(const ReducedPart& p, std::size_t index) {
  const Vec3& colour = kPartColours[index % (sizeof kPartColours / sizeof kPartColours[0])];
  const double a = entry(p.size, 0), b = entry(p.size, 1), c = entry(p.size, 2);
  if (p.kind == "wheel") return wheel(a, b);
  MeshData m;
  if (p.kind == "cylinder") {
    m.append(cylinder(a, a, b, 32, colour), T(0, 0, -0.5 * b).matrix());
    m.append(box({1.6 * a, 0.12 * a, 0.01}, kWhite), T(0.1 * a, 0, 0.5 * b + 0.005).matrix());
  } else {
    m.append(box({a, b, c}, colour), Mat4::Identity());
    m.append(box({0.12 * a, 0.6 * b, 0.01}, kWhite), T(0.38 * a, 0, 0.5 * c + 0.005).matrix());
  }
  return m;
}

std::vector<Quat> perKey(const TakeTracks& tr, const auto& rotationOfKey) {
  std::vector<Quat> q;
  q.reserve(tr.keys.size());
  for (std::size_t k = 0; k < tr.keys.size(); ++k) q.push_back(rotationOfKey(k));
  return q;
}

Quat about(const Vec3& axis, double angle) { return Quat(Eigen::AngleAxisd(angle, axis)); }

}  // namespace

void MeshData::append(const MeshData& m, const Mat4& transform) {
  const std::uint32_t base = count(*this);
  const Eigen::Matrix3d A = transform.topLeftCorner<3, 3>();
  const Eigen::Matrix3d N = A.inverse().transpose();
  for (std::size_t v = 0; v < m.positions.size() / 3; ++v) {
    const Vec3 p(m.positions[3 * v], m.positions[3 * v + 1], m.positions[3 * v + 2]);
    const Vec3 n(m.normals[3 * v], m.normals[3 * v + 1], m.normals[3 * v + 2]);
    const Vec3 c(m.colors[3 * v], m.colors[3 * v + 1], m.colors[3 * v + 2]);
    vertex(*this, A * p + transform.topRightCorner<3, 1>(), (N * n).normalized(), c);
  }
  for (const auto i : m.indices) indices.push_back(base + i);
}

VehicleDims readVehicleDims(const std::string& scenarioFile) {
  toml::table t;
  try {
    t = toml::parse_file(scenarioFile);
  } catch (const std::exception& e) {
    throw ScenarioError(scenarioFile + ": " + e.what());
  }
  VehicleDims d;
  const auto v = t["vehicle"];
  auto vec = [](const toml::node_view<toml::node>& n, Vec3 fallback) {
    if (const auto* a = n.as_array(); a && a->size() == 3)
      for (int i = 0; i < 3; ++i) fallback(i) = (*a)[static_cast<std::size_t>(i)].value_or(fallback(i));
    return fallback;
  };
  d.wheelbase = v["wheelbase"].value_or(d.wheelbase);
  d.wheelRadius = v["wheel_radius"].value_or(d.wheelRadius);
  d.halfWheelbase = v["half_wheelbase"].value_or(d.halfWheelbase);
  d.bodyInertia = vec(v["inertia"], d.bodyInertia);
  d.hull = Vec3(v["hull"]["length"].value_or(d.hull.x()), v["hull"]["beam"].value_or(d.hull.y()),
                v["hull"]["height"].value_or(d.hull.z()));
  d.thrusterRight = vec(v["thrusters"]["right"], d.thrusterRight);
  d.thrusterLeft = vec(v["thrusters"]["left"], d.thrusterLeft);
  return d;
}

MeshData bodyMesh(const std::string& vehicle, const VehicleDims& d) {
  MeshData m;
  if (vehicle == "helicopter") return helicopterBody();
  if (vehicle == "car") {  // reference point: rear-axle midpoint on the ground
    const double len = d.wheelbase + 1.6, x0 = -0.8, r = d.wheelRadius;
    m.append(box({len, 1.76, 0.55}, kBlue), T(x0 + 0.5 * len, 0, r + 0.2).matrix());
    m.append(box({0.52 * len, 1.5, 0.5}, kBlue), T(x0 + 0.45 * len, 0, r + 0.7).matrix());
    m.append(box({0.5 * len, 1.52, 0.36}, kGlass), T(x0 + 0.45 * len, 0, r + 0.7).matrix());
    m.append(box({0.05, 1.4, 0.12}, kWhite), T(x0 + len, 0, r + 0.28).matrix());
    return m;
  }
  if (vehicle == "snakeboard") {  // board and the rider's legs
    const double l = d.halfWheelbase;
    m.append(box({2.0 * l + 0.3, 0.24, 0.025}, Vec3(0.25, 0.16, 0.1)), T(0, 0, 0.085).matrix());
    for (double x : {-l, l}) {
      m.append(box({0.22, 0.1, 0.06}, kDark), T(x, 0, 0.13).matrix());
      m.append(cylinder(0.06, 0.07, 0.92, 8, Vec3(0.18, 0.25, 0.42)), (T(x, 0, 0.14) * Ry(x > 0 ? -0.33 : 0.33)).matrix());
    }
    m.append(box({0.36, 0.24, 0.16}, Vec3(0.18, 0.25, 0.42)), T(0, 0, 1.02).matrix());
    return m;
  }
  if (vehicle == "boat") {
    const Vec3 h = d.hull;
    m.append(box({h.x(), h.y(), 0.5 * h.z()}, Vec3(0.7, 0.14, 0.1)), T(0, 0, -0.25 * h.z()).matrix());
    m.append(box({h.x(), h.y(), 0.5 * h.z()}, kWhite), T(0, 0, 0.25 * h.z()).matrix());
    m.append(box({0.32 * h.x(), 0.7 * h.y(), 0.55}, kWhite), T(0.05 * h.x(), 0, 0.5 * h.z() + 0.27).matrix());
    for (const Vec3& c : {d.thrusterRight, d.thrusterLeft})
      m.append(cylinder(0.09, 0.07, 0.35, 12, kDark), (T(c.x(), c.y(), c.z()) * Ry(kPi / 2)).matrix());
    return m;
  }
  if (vehicle == "rigid-body") {  // a box with the principal moments' ratios, coloured +x/+y/+z caps
    const Vec3 J = d.bodyInertia;
    Vec3 s(J.y() + J.z() - J.x(), J.x() + J.z() - J.y(), J.x() + J.y() - J.z());
    for (int i = 0; i < 3; ++i) s(i) = std::sqrt(std::max(s(i), 0.02 * J.maxCoeff()));
    s *= 1.3 / s.maxCoeff();
    m.append(box(s, Vec3(0.85, 0.83, 0.78)), Mat4::Identity());
    m.append(box({0.01, 0.8 * s.y(), 0.8 * s.z()}, Vec3(0.85, 0.2, 0.15)), T(0.5 * s.x() + 0.004, 0, 0).matrix());
    m.append(box({0.8 * s.x(), 0.01, 0.8 * s.z()}, Vec3(0.2, 0.7, 0.25)), T(0, 0.5 * s.y() + 0.004, 0).matrix());
    m.append(box({0.8 * s.x(), 0.8 * s.y(), 0.01}, Vec3(0.2, 0.35, 0.85)), T(0, 0, 0.5 * s.z() + 0.004).matrix());
    return m;
  }
  if (vehicle == "reduced" && !d.parts.empty()) {  // the parts that never move; the others articulate
    for (std::size_t i = 0; i < d.parts.size(); ++i)
      if (!partMoves(d.parts[i])) {
        const Vec3 at = partAt(d.parts[i]);
        m.append(descriptionPart(d.parts[i], i), T(at.x(), at.y(), at.z()).matrix());
      }
    return m;
  }
  if (vehicle == "sleigh" || vehicle == "sleigh-controlled") {  // a sled: runner plate and a nose
    m.append(box({0.8, 0.4, 0.08}, kBlue), T(0, 0, 0.04).matrix());
    m.append(box({0.1, 0.4, 0.16}, kYellow), T(0.4, 0, 0.08).matrix());
    return m;
  }
  return sphere(0.3, 16, 8, kGrey);
}

std::vector<Part> articulate(const TakeTracks& tr, const VehicleDims& d) {
  std::vector<Part> parts;
  auto channel = [&](std::size_t k, const char* name, double fallback = 0.0) {
    return valueOf(tr.channels, tr.keys[k].inputs, name, fallback);
  };
  auto shape = [&](std::size_t k, const char* name) { return valueOf(tr.shapeNames, tr.keys[k].shape, name); };
  if (tr.vehicle == "helicopter") {
    // Rotor angle: the spin 70 sqrt(u_c / 49.05) rad/s (the app's), integrated over the keys.
    std::vector<double> angle(tr.keys.size(), 0.0);
    for (std::size_t k = 1; k < tr.keys.size(); ++k) {
      const double omega = 70.0 * std::sqrt(std::max(0.0, channel(k - 1, "collective", 49.05)) / 49.05);
      // Wrapped after 10 turns (as the app's phase): 5.3 x 10 turns is whole, so the tail rotor's
      // angle below stays continuous (wrapped at each turn it jumped by 5.3 x 2 pi mod 2 pi).
      angle[k] = std::fmod(angle[k - 1] + omega * (tr.keys[k].t - tr.keys[k - 1].t), 20 * kPi);
    }
    // The rotor plane tilts with the cyclic: thrust b = Ry(gamma_p) Rx(gamma_r) e_z (docs/models.md 2).
    parts.push_back({"hub", -1, {}, Vec3(0, 0, 0.25), perKey(tr, [&](std::size_t k) {
                       return about(Vec3::UnitY(), channel(k, "cyclic_pitch")) * about(Vec3::UnitX(), channel(k, "cyclic_roll"));
                     })});
    parts.push_back({"main_rotor", 0, helicopterRotor(), Vec3::Zero(),
                     perKey(tr, [&](std::size_t k) { return about(Vec3::UnitZ(), angle[k]); })});
    parts.push_back({"tail_rotor", -1, helicopterTailRotor(), Vec3(-0.95, 0.035, 0.08),
                     perKey(tr, [&](std::size_t k) { return about(Vec3::UnitY(), std::fmod(5.3 * angle[k], 2 * kPi)); })});
  } else if (tr.vehicle == "car") {
    const MeshData w = wheel(d.wheelRadius, 0.24);
    for (double y : {-0.78, 0.78}) {
      parts.push_back({y < 0 ? "wheel_rear_right" : "wheel_rear_left", -1, w, Vec3(0, y, d.wheelRadius),
                       perKey(tr, [&](std::size_t k) { return about(Vec3::UnitY(), shape(k, "psi")); })});
      parts.push_back({y < 0 ? "wheel_front_right" : "wheel_front_left", -1, w, Vec3(d.wheelbase, y, d.wheelRadius),
                       perKey(tr, [&](std::size_t k) {
                         return about(Vec3::UnitZ(), std::atan(shape(k, "sigma"))) * about(Vec3::UnitY(), shape(k, "psi"));
                       })});
    }
  } else if (tr.vehicle == "snakeboard") {
    const double l = d.halfWheelbase;
    parts.push_back({"axle_back", -1, truck(), Vec3(-l, 0, 0),
                     perKey(tr, [&](std::size_t k) { return about(Vec3::UnitZ(), shape(k, "phi")); })});
    parts.push_back({"axle_front", -1, truck(), Vec3(l, 0, 0),
                     perKey(tr, [&](std::size_t k) { return about(Vec3::UnitZ(), -shape(k, "phi")); })});
    parts.push_back({"rider_torso", -1, riderTorso(), Vec3::Zero(),
                     perKey(tr, [&](std::size_t k) { return about(Vec3::UnitZ(), shape(k, "psi")); })});
  } else if (tr.vehicle == "reduced") {  // as the app places them: turned about z, then spun about y
    for (std::size_t i = 0; i < d.parts.size(); ++i) {
      const ReducedPart& p = d.parts[i];
      if (!partMoves(p)) continue;
      auto shapeOf = [&](std::size_t k, int index) { return entry(tr.keys[k].shape, static_cast<std::size_t>(index)); };
      parts.push_back({"part_" + std::to_string(i) + "_" + p.kind, -1, descriptionPart(p, i), partAt(p),
                       perKey(tr, [&](std::size_t k) {
                         Quat q = Quat::Identity();
                         if (p.turn >= 0) q = about(Vec3::UnitZ(), p.turnScale * shapeOf(k, p.turn));
                         if (p.spin >= 0) q = q * about(Vec3::UnitY(), shapeOf(k, p.spin));
                         return q;
                       })});
    }
  }
  return parts;
}

std::vector<SceneryPiece> sceneryPieces(const std::string& problemFile, const std::string& vehicle) {
  const opt::Problem p = opt::loadScenery(problemFile, vehicle);
  const Vec3 red(0.80, 0.25, 0.20), grey(0.62, 0.62, 0.66);
  constexpr double kHeight = 1.4;  // the app's drawn height of a planar obstacle (optimize_geometry.hpp)
  std::vector<SceneryPiece> out;
  for (std::size_t i = 0; i < p.obstacles.size(); ++i) {
    const opt::Obstacle& o = p.obstacles[i];
    SceneryPiece s;
    // Named as the problem names it (default "obstacle N", from 1), letters, digits, '-' and
    // '_' kept, anything else (spaces, '/', a NUL) an underscore.
    s.name = "scenery_" + (o.name.empty() ? "obstacle " + std::to_string(i + 1) : o.name);
    for (char& ch : s.name)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
    if (o.threeD) {
      s.mesh = box(2.0 * o.halfSize3, red);
      s.translation = o.center3;
      s.heading = o.heading;
    } else if (o.kind == opt::Obstacle::Kind::Box) {
      s.mesh = box(Vec3(2.0 * o.halfSize.x(), 2.0 * o.halfSize.y(), kHeight), red);
      s.translation = Vec3(o.center.x(), o.center.y(), 0.5 * kHeight);
      s.heading = o.heading;
    } else if (o.kind == opt::Obstacle::Kind::Circle) {
      s.mesh = cylinder(o.radius, o.radius, kHeight, 32, red);
      s.translation = Vec3(o.center.x(), o.center.y(), 0.0);
    } else {  // a wall: its line, 80 m long, and a low kerb on the blocked side
      s.mesh = box(Vec3(80.0, 0.3, 0.2), grey);
      s.translation = Vec3(o.center.x() - 0.15 * o.normal.x(), o.center.y() - 0.15 * o.normal.y(), 0.1);
      s.heading = std::atan2(o.normal.x(), -o.normal.y());
    }
    out.push_back(std::move(s));
  }
  return out;
}

void readDescriptionParts(VehicleDims& d, const Simulation& sim) {
  if (const auto* planar = dynamic_cast<const PlanarSimulation*>(&sim))
    if (const auto* reduced = dynamic_cast<const ReducedModel*>(&planar->model())) {
      d.parts = reduced->description().parts;
      d.descriptionName = reduced->description().name;
    }
}

}  // namespace lieride::exporter
