// Registration of the boat (docs/models.md section 3): every parameter is a [vehicle] key, read
// through TableReader so that typos and bad values are rejected with one clear line.
// The keys are documented in docs/boat.md.
#include <cmath>
#include <filesystem>

#include <Eigen/Eigenvalues>

#include "lieride/model/boat.hpp"
#include "lieride/sim/registry.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride {
namespace {

Vec3 vec3(const std::vector<double>& v) { return Vec3(v[0], v[1], v[2]); }
Vec2 vec2(const std::vector<double>& v) { return Vec2(v[0], v[1]); }

Vec2 direction(TableReader& t, const std::string& key, Vec2 fallback) {
  const Vec2 d = vec2(t.numbers(key, {fallback.x(), fallback.y()}));
  // Its size does not matter: [1e160, 1e160] (whose norm overflows) and [1e-200, 1e-200] (whose
  // square underflows) are the direction [1, 1].
  if (!(d.cwiseAbs().maxCoeff() > 0.0)) t.fail(key, "a non-zero 2-vector [x, y] (world frame)");
  return d.stableNormalized();
}

// The hull table: a box (length, beam, height, subdivisions) or an OBJ file (file, scale).
HullMesh readHull(TableReader& hull, const std::string& baseDir) {
  if (hull.has("file")) {
    for (const char* key : {"length", "beam", "height", "subdivisions"})
      if (hull.has(key)) hull.fail(key, "no box dimension together with 'file' (give one or the other)");
    const std::string rel = hull.string("file", "");
    const double scale = hull.positive("scale", 1.0);
    const std::filesystem::path p = std::filesystem::path(rel).is_absolute() ? std::filesystem::path(rel)
                                                                             : std::filesystem::path(baseDir) / rel;
    try {
      return loadObjHull(p.string(), scale);
    } catch (const HullError& e) {
      hull.fail("file", std::string("a closed triangle mesh in OBJ format: ") + e.what());
    }
  }
  const double L = hull.positive("length", 4.0);
  const double B = hull.positive("beam", 1.6);
  const double H = hull.positive("height", 1.0);
  const int n = hull.integer("subdivisions", 1, 1, 200);
  return makeBoxHull(L, B, H, n);
}

WaterParams readWater(TableReader& water, TableReader& waves) {
  WaterParams w;
  w.density = water.positive("density", w.density);
  w.level = water.number("level", w.level);
  // A level far off made the float check blame the mass ("the hull would sink"): said here.
  if (!(std::abs(w.level) <= 1e4)) water.fail("level", "a water level within 1e4 m of z = 0 (m)");
  w.current = vec2(water.numbers("current", {0.0, 0.0}));
  for (const auto& name : waves.keys()) {
    TableReader t = waves.table(name);
    if (!t.present()) waves.fail(name, "a wave table { amplitude, wavelength, direction, phase }");
    GerstnerWave g;
    g.amplitude = t.nonNegative("amplitude", g.amplitude);
    g.wavelength = t.positive("wavelength", g.wavelength);
    g.direction = direction(t, "direction", g.direction);
    g.phase = t.number("phase", g.phase);
    t.finish();
    w.waves.push_back(g);
  }
  if (w.waves.size() > static_cast<std::size_t>(kMaxWaves))
    throw ScenarioError(waves.file() + ": key '" + waves.path() + "': expected at most " + std::to_string(kMaxWaves) + " waves");
  try {
    validateWater(w);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(waves.file() + ": key '" + waves.path() + "': " + e.what());
  }
  return w;
}

Mat3 readDamping(TableReader& v, const Mat3& fallback) {
  if (v.has("damping") && v.has("damping_matrix"))
    v.fail("damping_matrix", "either 'damping' (diagonal) or 'damping_matrix', not both");
  Mat3 E = fallback;
  if (v.has("damping_matrix")) {
    const auto m = v.numbers("damping_matrix", std::vector<double>(9, 0.0));
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) E(r, c) = m[static_cast<std::size_t>(3 * r + c)];
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(0.5 * (E + E.transpose()));
    if ((E - E.transpose()).norm() > 1e-9 * (1.0 + E.norm()) || eig.eigenvalues().minCoeff() < 0.0)
      v.fail("damping_matrix", "a symmetric positive semidefinite matrix E (9 numbers, row-major, N s/m)");
  } else {
    const auto d = v.numbers("damping", {fallback(0, 0), fallback(1, 1), fallback(2, 2)});
    for (double x : d)
      if (!(x >= 0.0)) v.fail("damping", "3 numbers >= 0 (diagonal of E, N s/m)");
    E = vec3(d).asDiagonal();
  }
  v.markUsed("damping");
  v.markUsed("damping_matrix");
  return E;
}

std::unique_ptr<Simulation> buildBoat(ScenarioContext& ctx) {
  TableReader& v = ctx.vehicle;
  BoatParams p;
  p.mass = v.positive("mass", p.mass);

  TableReader hull = v.table("hull");
  p.hull = readHull(hull, ctx.baseDir);
  hull.finish();
  const HullVolume solid = hullVolume(p.hull);
  // Body origin = centre of mass, given in hull coordinates (default: the volume centroid).
  const Vec3 com = vec3(v.numbers("center_of_mass", {solid.centroid.x(), solid.centroid.y(), solid.centroid.z()}));
  translateHull(p.hull, -com);

  Vec3 J;
  if (v.has("inertia")) {
    J = vec3(v.positiveNumbers("inertia", {1.0, 1.0, 1.0}));
  } else {
    v.markUsed("inertia");
    const Mat3 I = solidInertia(hullVolume(p.hull), p.mass);
    const double off = std::max({std::abs(I(0, 1)), std::abs(I(0, 2)), std::abs(I(1, 2))});
    if (off > 1e-6 * I.diagonal().maxCoeff())
      v.fail("inertia", "[J1, J2, J3]: the hull's uniform-solid inertia about center_of_mass is not diagonal in the "
                        "body axes, so give the principal inertia explicitly");
    J = I.diagonal();
  }

  p.damping = readDamping(v, p.damping);
  p.pressure = v.number("pressure", p.pressure);

  TableReader water = v.table("water");
  TableReader waves = v.table("waves");
  p.water = readWater(water, waves);
  water.finish();
  waves.finish();

  TableReader wind = v.table("wind");
  p.wind.speed = wind.nonNegative("speed", p.wind.speed);
  p.wind.direction = direction(wind, "direction", p.wind.direction);
  p.wind.airDensity = wind.positive("air_density", p.wind.airDensity);  // docs/boat.md: densities > 0
  p.wind.dragCoefficient = wind.nonNegative("drag_coefficient", p.wind.dragCoefficient);
  wind.finish();

  TableReader th = v.table("thrusters");
  p.thrusters.right = vec3(th.numbers("right", {p.thrusters.right.x(), p.thrusters.right.y(), p.thrusters.right.z()}));
  p.thrusters.left = vec3(th.numbers("left", {p.thrusters.left.x(), p.thrusters.left.y(), p.thrusters.left.z()}));
  p.thrusters.maxThrust = th.number("max_thrust", p.thrusters.maxThrust);
  p.thrusters.minThrust = th.number("min_thrust", p.thrusters.minThrust);
  if (!(p.thrusters.minThrust <= p.thrusters.maxThrust)) th.fail("min_thrust", "a number <= max_thrust (N)");
  th.finish();

  // Solid boxes (a pier, harbour walls): none by default. docs/boat.md, "Obstacles".
  TableReader obstacles = v.table("obstacles");
  for (const auto& name : obstacles.keys()) {
    TableReader b = obstacles.table(name);
    if (!b.present()) obstacles.fail(name, "an obstacle table { center, size, yaw }");
    BoxObstacle box;
    box.name = name;
    if (!b.has("center")) b.fail("center", "[x, y, z]: the box's centre (world frame, m)");
    if (!b.has("size")) b.fail("size", "[length, width, height] > 0: the box's extent (m)");
    box.center = vec3(b.numbers("center", {0.0, 0.0, 0.0}));
    box.size = vec3(b.positiveNumbers("size", {1.0, 1.0, 1.0}));
    // As a problem file's obstacles (docs/formats.md section 4): a box of 1e300 m was blamed on
    // the [initial] pose it swallowed.
    if (!(box.center.cwiseAbs().maxCoeff() <= kMaxObstacleCoordinate))
      b.fail("center", std::string("[x, y, z] (m), each ") + kObstacleReach);
    if (!(box.size.maxCoeff() <= kMaxObstacleSize && box.size.minCoeff() >= kMinObstacleSize))
      b.fail("size", std::string("[length, width, height] (m), each ") + kObstacleSizeRange);
    box.yaw = b.number("yaw", 0.0);
    b.finish();
    p.obstacles.push_back(box);
  }
  if (p.obstacles.size() > 64)
    throw ScenarioError(obstacles.file() + ": key '" + obstacles.path() + "': expected at most 64 obstacles");
  obstacles.finish();
  TableReader contact = v.table("contact");
  p.contact.stiffness = contact.positive("stiffness", p.contact.stiffness);
  p.contact.damping = contact.nonNegative("damping", p.contact.damping);
  contact.finish();

  std::shared_ptr<BoatForces> forces;
  try {
    forces = std::make_shared<BoatForces>(std::move(p));
  } catch (const std::exception& e) {
    throw ScenarioError(v.file() + ": table '" + v.path() + "': " + e.what());
  }
  const Se3Inertia inertia{forces->params().mass, J};

  const bool floatAtRest = !ctx.initial.has("position");
  Se3State s = readSe3Initial(ctx.initial, inertia);
  if (floatAtRest) {
    const double z = forces->equilibriumHeight(s.g.q);
    if (!std::isfinite(z))
      v.fail("mass", "a mass the hull can carry (the fully submerged hull displaces less: it would sink)");
    s.g.x.z() = z;
  }
  Se3VehicleSpec spec{"boat", inertia, forces, {"thrust_right", "thrust_left"}, {}};
  return std::make_unique<Se3Simulation>(spec, ctx.settings, s);
}

VehicleInfo boatVehicle() {
  std::vector<IntegratorInfo> integrators;
  for (const auto& n : se3IntegratorNames()) integrators.push_back({n, se3IntegratorDescription(n)});
  VehicleInfo v{"boat",
                "boat on water: hull clipping, buoyancy, Eq. 15 damping, waves, current, wind, two thrusters "
                "(docs/models.md 3)",
                integrators, {"thrust_right", "thrust_left"}, buildBoat};
  // Pilot ranges: the thrusters' own limits ([vehicle.thrusters] min_thrust, max_thrust).
  v.describeChannels = [](const Simulation& sim) {
    const auto& forces = dynamic_cast<const Se3Simulation&>(sim).forceModel();
    const ThrusterParams& t = dynamic_cast<const BoatForces&>(forces).params().thrusters;
    return std::vector<ChannelInfo>{{"thrust_right", "N", t.minThrust, t.maxThrust, 0.0},
                                    {"thrust_left", "N", t.minThrust, t.maxThrust, 0.0}};
  };
  return v;
}

const VehicleRegistration kBoat{70, boatVehicle};

}  // namespace
}  // namespace lieride
